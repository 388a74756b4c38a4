package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.job.LoadHistory;

/** Tests for {@link AdoptedPartitions}: which partitions a restarted manager adopts, and the line it prints. */
class AdoptedPartitionsTests {

	@Test
	void thePartitionsOfEarlierExecutionsStillRunningAreAdoptedAndNamedWithTheirWorkers() {
		JobExecution earlier = execution(1);
		JobExecution now = execution(2);
		StepExecution p10 = step(11, "loadWorker:partition10", earlier, "w2:4190");
		StepExecution p2 = step(12, "loadWorker:partition2", earlier, null);
		StepExecution own = step(13, "loadWorker:partition3", now, "w1:4181");
		LoadHistory history = mock(LoadHistory.class);
		when(history.runningPartitions(7L)).thenReturn(List.of(p10, p2, own));

		AdoptedPartitions adopted = AdoptedPartitions.find(history, now);

		assertThat(adopted.names()).containsExactlyInAnyOrder("partition10", "partition2");
		assertThat(adopted.announcement(7)).isEqualTo("rowlift: manager " + WorkerIdentity.of() + " found 2 partitions of run 7"
				+ " still running on workers (partition2 on a worker, partition10 on w2:4190) and is waiting for them instead of"
				+ " starting them again");
	}

	@Test
	void aFirstExecutionAdoptsNothing() {
		JobExecution now = execution(2);
		LoadHistory history = mock(LoadHistory.class);
		when(history.runningPartitions(7L)).thenReturn(List.of(step(14, "loadWorker:partition0", now, "w1:1")));

		assertThat(AdoptedPartitions.find(history, now).isEmpty()).isTrue();
	}

	private static JobExecution execution(long id) {
		JobExecution execution = mock(JobExecution.class);
		when(execution.getId()).thenReturn(id);
		when(execution.getJobInstanceId()).thenReturn(7L);
		when(execution.getJobInstance()).thenReturn(mock(JobInstance.class));
		return execution;
	}

	private static StepExecution step(long id, String name, JobExecution job, String worker) {
		StepExecution step = new StepExecution(id, name, job);
		step.setStatus(BatchStatus.STARTED);
		if (worker != null) {
			step.getExecutionContext().putString(WorkerIdentity.KEY, worker);
		}
		return step;
	}

}
