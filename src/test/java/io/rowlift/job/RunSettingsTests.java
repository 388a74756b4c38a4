package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

/** {@link RunSettings}: stored with each execution, read back by its partitions wherever they run. */
class RunSettingsTests {

	private final RunSettings own = new RunSettings(0, 1 << 20, 16 << 20);

	@Test
	void aPartitionUsesTheExecutionsSettingsNotItsProcesss() {
		JobParameters parameters = new RunSettings(7, 4096, 8192)
			.addTo(new JobParametersBuilder().addString(LoadJobNames.LOAD_KEY, "t <- f", true).toJobParameters());
		assertThat(RunSettings.of(parameters, this.own)).isEqualTo(new RunSettings(7, 4096, 8192));
		assertThat(parameters.getParameter(LoadJobNames.SKIP_LIMIT).identifying()).isFalse();
	}

	@Test
	void aResumeReplacesTheSettingsOfTheRunsEarlierExecution() {
		JobParameters first = new RunSettings(7, 4096, 8192).addTo(new JobParameters());
		assertThat(RunSettings.of(new RunSettings(9, 4096, 8192).addTo(first), this.own).skipLimit()).isEqualTo(9);
	}

	@Test
	void aRunStartedBeforeTheyWereStoredUsesThisProcesssOwn() {
		JobParameters old = new JobParametersBuilder().addString(LoadJobNames.LOAD_KEY, "t <- f", true).toJobParameters();
		assertThat(RunSettings.of(old, this.own)).isEqualTo(this.own);
	}

}
