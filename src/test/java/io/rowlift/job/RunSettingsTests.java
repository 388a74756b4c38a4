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

	/** The launcher's steps take the request's settings from the execution alone: no context's setting stands in. */
	@Test
	void theLoadStepReadsTheExecutionsSettingsAndNamesOneThatIsMissing() {
		JobParameters parameters = new RunSettings(7, 4096, 8192).addTo(new JobParameters());
		assertThat(RunSettings.of(parameters)).isEqualTo(new RunSettings(7, 4096, 8192));
		JobParameters none = new JobParametersBuilder().addString(LoadJobNames.LOAD_KEY, "t <- f", true).toJobParameters();
		org.assertj.core.api.Assertions.assertThatThrownBy(() -> RunSettings.of(none))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("job parameter " + LoadJobNames.SKIP_LIMIT + " is missing")
			.hasMessageContaining("start the load job through LoadService");
	}

	/** Read-ahead and sort memory: each execution's own, from its request; a resume may change them. */
	@Test
	void theTuningTravelsWithTheExecutionAndAResumeReplacesIt() {
		JobParameters first = new PartitionTuning(0, 32L << 20)
			.addTo(new JobParametersBuilder().addString(LoadJobNames.LOAD_KEY, "t <- f", true).toJobParameters());
		assertThat(PartitionTuning.of(first)).isEqualTo(new PartitionTuning(0, 32L << 20));
		assertThat(first.getParameter(LoadJobNames.READ_AHEAD).identifying()).isFalse();
		assertThat(first.getParameter(LoadJobNames.SORT_MEMORY).identifying()).isFalse();
		assertThat(PartitionTuning.of(new PartitionTuning(3, 1L << 20).addTo(first))).isEqualTo(new PartitionTuning(3, 1L << 20));
		org.assertj.core.api.Assertions.assertThatThrownBy(() -> PartitionTuning.of(new JobParameters()))
			.isInstanceOf(IllegalStateException.class)
			.hasMessageContaining("job parameter " + LoadJobNames.READ_AHEAD + " is missing");
	}

}
