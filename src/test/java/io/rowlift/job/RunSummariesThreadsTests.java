package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

/** The summary's threads: the run's own, or, when a cluster's workers loaded the partitions, how many ran at once. */
class RunSummariesThreadsTests {

	private static final Instant T0 = Instant.parse("2026-12-07T09:00:00Z");

	private final JobExecution job = new JobExecution(1L, new JobInstance(1L, LoadJobNames.JOB), new JobParameters());

	@Test
	void partitionsThisProcessLoadedKeepThePlannedThreads() {
		assertThat(RunSummaries.threads(4, List.of(partition(0, null, 0, 10), partition(1, null, 0, 10)))).isEqualTo(4);
	}

	@Test
	void workersPartitionsCountAsTheMostThatRanAtOnce() {
		// two workers of one thread each, the manager's own setting 8: partition 0 all along, 1 then 2 then 3 beside it
		List<StepExecution> steps = List.of(partition(0, "w1:1", 0, 30), partition(1, "w2:2", 0, 10), partition(2, "w2:2", 10, 20),
				partition(3, "w2:2", 20, 30));
		assertThat(RunSummaries.threads(8, steps)).isEqualTo(2);
	}

	@Test
	void oneWorkerAfterAnotherIsOneAtATime() {
		assertThat(RunSummaries.threads(8, List.of(partition(0, "w1:1", 0, 10), partition(1, "w2:2", 10, 20)))).isEqualTo(1);
	}

	private StepExecution partition(long id, String worker, long from, long to) {
		StepExecution step = new StepExecution(id, LoadJobNames.WORKER + ":partition" + id, this.job);
		if (worker != null) {
			step.getExecutionContext().putString(LoadJobNames.WORKER_IDENTITY, worker);
		}
		step.getExecutionContext().putString(StepTimes.STARTED, T0.plusSeconds(from).toString());
		step.getExecutionContext().putString(StepTimes.ENDED, T0.plusSeconds(to).toString());
		return step;
	}

}
