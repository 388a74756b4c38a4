package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doThrow;
import static org.mockito.Mockito.doNothing;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * Tests for {@link RunRecovery}: a killed manager's run is marked failed except the partitions its workers
 * still run, which stay as their workers keep them.
 */
class RunRecoveryTests {

	private final JobRepository repository = mock(JobRepository.class);

	private final LoadHistory history = mock(LoadHistory.class);

	private final JobExecution orphan = mock(JobExecution.class);

	/** Runs elsewhere: the partitions named here. */
	private final Set<String> live = new java.util.HashSet<>();

	private final RunRecovery recovery = new RunRecovery(this.repository, this.history,
			step -> step.getStatus() == BatchStatus.STARTED && this.live.contains(step.getStepName()));

	@Test
	void theRunAndItsDeadPartsAreMarkedFailedAndThePartitionsWorkersStillRunAreLeftToThem() {
		StepExecution load = step("load", BatchStatus.STARTED);
		StepExecution running = step("loadWorker:partition0", BatchStatus.STARTED);
		StepExecution queued = step("loadWorker:partition1", BatchStatus.STARTING);
		StepExecution done = step("loadWorker:partition2", BatchStatus.COMPLETED);
		this.live.add("loadWorker:partition0");
		when(this.orphan.getJobInstanceId()).thenReturn(7L);
		when(this.orphan.getStepExecutions()).thenReturn(List.of(load, running, queued, done));
		when(this.history.runningPartitions(7L)).thenReturn(List.of(running, queued));

		assertThat(this.recovery.stillRunning(this.orphan)).containsExactly(running);
		List<StepExecution> spared = this.recovery.recover(this.orphan);

		assertThat(spared).containsExactly(running);
		assertThat(running.getStatus()).isEqualTo(BatchStatus.STARTED);
		verify(this.repository, never()).update(running);
		assertThat(load.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(queued.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(queued.getExitStatus().getExitDescription())
			.isEqualTo("loadWorker:partition1 left running by a process that is gone (the run lock was free); the next run resumes it");
		assertThat(done.getStatus()).isEqualTo(BatchStatus.COMPLETED);
		verify(this.orphan).setStatus(BatchStatus.FAILED);
		verify(this.repository).update(this.orphan);
	}

	/** A worker took a waiting request just as the run was recovered: its commit wins, and the partition is left to it. */
	@Test
	void aPartitionThatMovedMeanwhileIsReadAgainAndDecidedAgain() {
		StepExecution queued = step("loadWorker:partition1", BatchStatus.STARTING);
		StepExecution taken = step("loadWorker:partition1", BatchStatus.STARTED);
		when(this.history.runningPartitions(7L)).thenReturn(List.of(queued));
		doThrow(new OptimisticLockingFailureException("version")).when(this.repository).update(queued);
		when(this.repository.getStepExecution(queued.getId())).thenReturn(taken);
		this.live.add("loadWorker:partition1");

		assertThat(this.recovery.settle(7L)).containsExactly(taken);
	}

	@Test
	void aRunThatIsNotResumedHasEveryRunningPartitionStopped() {
		StepExecution running = step("loadWorker:partition0", BatchStatus.STARTED);
		this.live.add("loadWorker:partition0");
		when(this.history.runningPartitions(7L)).thenReturn(List.of(running));
		doNothing().when(this.repository).update(any(StepExecution.class));

		this.recovery.failRunning(7L, "stopped: not resumed");

		assertThat(running.getStatus()).isEqualTo(BatchStatus.FAILED);
		assertThat(running.getExitStatus().getExitDescription()).isEqualTo("loadWorker:partition0 stopped: not resumed");
	}

	private static StepExecution step(String name, BatchStatus status) {
		JobExecution job = mock(JobExecution.class);
		when(job.getJobInstance()).thenReturn(mock(JobInstance.class));
		StepExecution step = new StepExecution(name, job);
		step.setStatus(status);
		step.setLastUpdated(java.time.LocalDateTime.now());
		return step;
	}

}
