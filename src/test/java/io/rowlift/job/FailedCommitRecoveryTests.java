package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

/** Which executions a failed commit's recovery marks FAILED, and that it never touches a step's context. */
class FailedCommitRecoveryTests {

	private final JobRepository repository = mock(JobRepository.class);

	private final FailedCommitRecovery recovery = new FailedCommitRecovery(this.repository);

	@Test
	void anUnknownRunAndItsUnknownOrRunningStepsBecomeFailedTheOthersStayAsTheyAre() {
		JobExecution job = execution(BatchStatus.UNKNOWN);
		StepExecution drop = step(job, 1, "indexDrop", BatchStatus.COMPLETED);
		StepExecution unknown = step(job, 2, "loadWorker:partition0", BatchStatus.UNKNOWN);
		unknown.setExitStatus(ExitStatus.UNKNOWN.addExitDescription("JDBC commit failed"));
		unknown.getExecutionContext().putLong("reader.offset", 4242);
		StepExecution started = step(job, 3, "loadWorker:partition1", BatchStatus.STARTED);
		StepExecution failed = step(job, 4, "loadWorker:partition2", BatchStatus.FAILED);

		JobExecution recovered = this.recovery.recover(job);

		assertThat(recovered.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(recovered.getExitStatus().getExitCode()).isEqualTo("FAILED");
		assertThat(recovered.getExitStatus().getExitDescription()).startsWith(FailedCommitRecovery.RECOVERED);
		assertThat(recovered.getEndTime()).isNotNull();
		assertThat(unknown.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(unknown.getExitStatus().getExitDescription()).startsWith(FailedCommitRecovery.RECOVERED).endsWith("JDBC commit failed");
		assertThat(unknown.getExecutionContext().getLong("reader.offset")).isEqualTo(4242);
		assertThat(started.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(drop.getStatus()).isEqualTo(BatchStatus.COMPLETED);
		assertThat(failed.getStatus()).isEqualTo(BatchStatus.FAILED);
		verify(this.repository).update(unknown);
		verify(this.repository).update(started);
		verify(this.repository, never()).update(drop);
		verify(this.repository, never()).update(failed);
		verify(this.repository).update(job);
		verify(this.repository, never()).updateExecutionContext(any(StepExecution.class));
	}

	@Test
	void aFailedRunWithAnUnknownPartitionGetsThePartitionFixed() {
		JobExecution job = execution(BatchStatus.FAILED);
		StepExecution unknown = step(job, 2, "loadWorker:partition0", BatchStatus.UNKNOWN);

		this.recovery.recover(job);

		assertThat(unknown.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(job.getStatus()).isEqualTo(BatchStatus.FAILED);
		verify(this.repository).update(unknown);
		verify(this.repository, never()).update(job);
	}

	@Test
	void aPlainFailedOrStoppedRunIsLeftAlone() {
		for (BatchStatus status : new BatchStatus[] { BatchStatus.FAILED, BatchStatus.STOPPED }) {
			JobExecution job = execution(status);
			step(job, 2, "loadWorker:partition0", status);
			assertThat(this.recovery.recover(job).getStatus()).isEqualTo(status);
		}
		verifyNoInteractions(this.repository);
	}

	private static JobExecution execution(BatchStatus status) {
		JobExecution job = new JobExecution(7, new JobInstance(3, LoadJobNames.JOB), new JobParameters());
		job.setStatus(status);
		return job;
	}

	private static StepExecution step(JobExecution job, long id, String name, BatchStatus status) {
		StepExecution step = new StepExecution(id, name, job);
		step.setStatus(status);
		job.addStepExecution(step);
		return step;
	}

}
