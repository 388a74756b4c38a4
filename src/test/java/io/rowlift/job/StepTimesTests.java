package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.LocalDateTime;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

class StepTimesTests {

	private final StepTimes times = new StepTimes();

	@Test
	void aStepsOwnTimesWinOverTheRepositorysWholeSeconds() throws Exception {
		StepExecution step = step();
		this.times.beforeStep(step);
		Thread.sleep(30);
		this.times.afterStep(step);
		// what MariaDB gives back through Connector/J: the same whole second for start and end
		LocalDateTime second = LocalDateTime.now().withNano(0);
		step.setStartTime(second);
		step.setEndTime(second);

		Duration elapsed = StepTimes.elapsed(step);
		assertThat(elapsed).isGreaterThanOrEqualTo(Duration.ofMillis(30)).isLessThan(Duration.ofSeconds(1));
		assertThat(StepTimes.start(step).getNano()).isNotZero();
	}

	@Test
	void aStepWithoutThemFallsBackToTheRepositorysTimes() {
		StepExecution step = step();
		LocalDateTime start = LocalDateTime.of(2026, 12, 3, 10, 0, 0);
		step.setStartTime(start);
		step.setEndTime(start.plusSeconds(3));
		assertThat(StepTimes.elapsed(step)).isEqualTo(Duration.ofSeconds(3));
		assertThat(StepTimes.start(step)).isEqualTo(start);
	}

	@Test
	void aRestartedStepDropsTheFailedOnesEndAndRunsToNow() throws Exception {
		StepExecution step = step();
		this.times.beforeStep(step);
		this.times.afterStep(step);
		step.setEndTime(null); // the next execution of the partition starts with the failed one's context
		this.times.beforeStep(step);
		assertThat(step.getExecutionContext().containsKey(StepTimes.ENDED)).isFalse();
		Thread.sleep(5);
		assertThat(StepTimes.end(step)).isNull();
		assertThat(StepTimes.elapsed(step)).isPositive();
	}

	/**
	 * Issue 34, item 3: a cluster worker that takes over a partition whose worker died runs the same step execution
	 * again, from the context the dead worker saved: its time runs from the first worker's start, not the takeover.
	 */
	@Test
	void aPartitionTakenOverKeepsItsFirstStart() throws Exception {
		StepExecution step = step();
		this.times.beforeStep(step); // the first worker, killed before the end
		String first = step.getExecutionContext().getString(StepTimes.STARTED);
		Thread.sleep(20);
		StepExecution again = step(); // the same step execution, read back by the worker that takes it over
		again.setExecutionContext(new org.springframework.batch.infrastructure.item.ExecutionContext(step.getExecutionContext()));
		this.times.beforeStep(again);
		assertThat(again.getExecutionContext().getString(StepTimes.STARTED)).isEqualTo(first);
		// another execution of the partition (a resume) starts its own time, even from a context copied unended
		StepExecution resumed = new StepExecution(2L, "loadWorker:partition0", step.getJobExecution());
		resumed.setExecutionContext(new org.springframework.batch.infrastructure.item.ExecutionContext(step.getExecutionContext()));
		this.times.beforeStep(resumed);
		assertThat(resumed.getExecutionContext().getString(StepTimes.STARTED)).isNotEqualTo(first);
	}

	@Test
	void aPartitionFailedWithoutTheListenerEndsNoEarlierThanItStarted() {
		StepExecution step = step();
		this.times.beforeStep(step);
		step.setEndTime(LocalDateTime.now().withNano(0).minusSeconds(1)); // a truncated end, before the precise start
		assertThat(StepTimes.elapsed(step)).isEqualTo(Duration.ZERO);
	}

	private static StepExecution step() {
		JobExecution job = new JobExecution(1L, new JobInstance(1L, "load"), new JobParameters());
		return new StepExecution(1L, "loadWorker:partition0", job);
	}

}
