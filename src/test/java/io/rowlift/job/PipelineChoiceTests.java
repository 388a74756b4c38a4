package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

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

	@Test
	void theChoiceIsANonIdentifyingParameterAndARunWithoutItWasFast() {
		JobParameters parameters = PipelineChoice.choose(null, USER).addTo(new JobParametersBuilder()).toJobParameters();

		assertThat(parameters.getParameter(LoadJobNames.PIPELINE).identifying()).isFalse();
		assertThat(PipelineChoice.of(parameters)).isEqualTo(new PipelineChoice(Pipeline.SPRING, USER));
		assertThat(PipelineChoice.of(Map.of(LoadJobNames.PIPELINE, "SPRING"))).isEqualTo(Pipeline.SPRING);
		assertThat(PipelineChoice.of(Map.of())).isEqualTo(Pipeline.FAST);
		assertThat(PipelineChoice.of(new JobParameters()).pipeline()).isEqualTo(Pipeline.FAST);
	}

}
