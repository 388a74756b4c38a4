package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.progress.PartitionProgress;

/** A partition's rows credited to each worker that committed them in one run, also after a takeover. */
class WorkerSharesTests {

	@Test
	void oneWorkerIsCreditedWithEveryRowItCommittedThisRun() {
		StepExecution step = partition(7, 1_000); // 1,000 rows committed by an earlier run
		WorkerShares.open(step, "w1:10");
		PartitionProgress.saveWritten(step.getExecutionContext(), 5_000, 0, 1_000);

		assertThat(WorkerShares.of(step)).containsExactly(new WorkerShares.Share("w1:10", 4_000));
	}

	@Test
	void aWorkerThatTookThePartitionOverIsCreditedFromTheLastCommitOn() {
		StepExecution step = partition(7, 0);
		WorkerShares.open(step, "w1:10");
		PartitionProgress.saveWritten(step.getExecutionContext(), 2_000, 0, 0); // w1 committed 2,000 rows, then died
		WorkerShares.open(step, "w2:20"); // w2 goes on from that commit
		PartitionProgress.saveWritten(step.getExecutionContext(), 20_000, 0, 2_000);

		assertThat(WorkerShares.of(step)).containsExactly(new WorkerShares.Share("w1:10", 2_000),
				new WorkerShares.Share("w2:20", 18_000));
	}

	@Test
	void anEarlierRunsNotesInACopiedContextAreLeftOut() {
		StepExecution earlier = partition(7, 0);
		WorkerShares.open(earlier, "w1:10");
		StepExecution resumed = partition(9, 3_000);
		resumed.getExecutionContext().putString(LoadJobNames.WORKER_SHARES,
				earlier.getExecutionContext().getString(LoadJobNames.WORKER_SHARES));
		assertThat(WorkerShares.of(resumed)).isEmpty();

		WorkerShares.open(resumed, "w3:30");
		PartitionProgress.saveWritten(resumed.getExecutionContext(), 4_000, 0, 3_000);
		assertThat(WorkerShares.of(resumed)).containsExactly(new WorkerShares.Share("w3:30", 1_000));
	}

	private static StepExecution partition(long id, long written) {
		JobExecution job = new JobExecution(1L, new JobInstance(1L, LoadJobNames.JOB), new JobParameters());
		StepExecution step = new StepExecution(id, LoadJobNames.WORKER + ":partition0", job);
		PartitionProgress.saveWritten(step.getExecutionContext(), written, 0, written);
		return step;
	}

	@Test
	void noNotesNoShares() {
		assertThat(WorkerShares.of(partition(1, 0))).isEqualTo(List.of());
	}

}
