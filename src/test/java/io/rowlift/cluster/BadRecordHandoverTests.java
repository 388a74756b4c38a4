package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.inOrder;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;

import org.junit.jupiter.api.Test;
import org.mockito.InOrder;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.FatalStepExecutionException;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.RowliftException;
import io.rowlift.model.BadRecordException;

/** {@link BadRecordHandover}: a worker's bad record reaches the manager as the same exception, message whole. */
class BadRecordHandoverTests {

	private static final String MESSAGE = "bad.csv:1502:1 (byte 13815): 'x' is not an integer\n"
			+ "That is bad record number 8, more than rowlift.job.skip-limit=7 allows: fix the file, or raise the limit and run the "
			+ "same command again to resume";

	private final JobRepository repository = mock(JobRepository.class);

	@Test
	void aPartitionThatFailedOnABadRecordSavesItsMessageInItsContextAtOnceAndTheManagerThrowsItAgain() {
		StepExecution step = failed(new FatalStepExecutionException("Unable to process chunk", new BadRecordException(MESSAGE)));
		assertThat(new BadRecordHandover(this.repository).afterStep(step)).isNull();
		InOrder saved = inOrder(this.repository);
		saved.verify(this.repository).updateExecutionContext(step);
		assertThat(step.getExecutionContext().getString(BadRecordHandover.KEY)).isEqualTo(MESSAGE);

		Throwable failure = BadRecordHandover.failure(step);
		assertThat(failure).isInstanceOf(BadRecordException.class).hasMessage(MESSAGE);
	}

	@Test
	void anyOtherFailureLeavesTheContextAloneAndTheManagerReadsTheExitDescriptionsFirstLine() {
		StepExecution step = failed(new IllegalStateException("connection lost"));
		step.setExitStatus(ExitStatus.FAILED.addExitDescription("worker w:1: connection lost\n\tat somewhere"));
		new BadRecordHandover(this.repository).afterStep(step);
		verifyNoInteractions(this.repository);
		assertThat(step.getExecutionContext().containsKey(BadRecordHandover.KEY)).isFalse();
		assertThat(BadRecordHandover.failure(step)).isInstanceOf(RowliftException.class).hasMessage("worker w:1: connection lost");
	}

	private static StepExecution failed(Throwable failure) {
		JobExecution job = new JobExecution(7, new JobInstance(3, "rowliftLoad"), new JobParameters());
		StepExecution step = new StepExecution(11, "loadWorker:partition1", job);
		step.setStatus(BatchStatus.FAILED);
		step.addFailureException(failure);
		return step;
	}

}
