package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.Test;

/** Which pipeline a new load takes, and how a run's parameters (old ones too) read back. */
class PipelineChoiceTests {

	private static final String USER = "a user ItemProcessor bean com.acme.Upper is present";

	@Test
	void fastByDefaultSpringWhenUserCodeIsThereAndTheSettingWins() {
		assertThat(PipelineChoice.choose(null, null)).isEqualTo(new PipelineChoice(Pipeline.FAST, "default"));
		assertThat(PipelineChoice.choose(null, USER)).isEqualTo(new PipelineChoice(Pipeline.SPRING, USER));
		assertThat(PipelineChoice.choose(Pipeline.SPRING, null))
			.isEqualTo(new PipelineChoice(Pipeline.SPRING, "set by rowlift.job.pipeline"));
		assertThat(PipelineChoice.choose(Pipeline.FAST, USER)).isEqualTo(new PipelineChoice(Pipeline.FAST,
				"set by rowlift.job.pipeline; " + USER + " but is not used"));
	}

}
