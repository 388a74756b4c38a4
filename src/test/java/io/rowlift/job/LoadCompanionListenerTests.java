package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobInstance;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.step.StepExecution;

class LoadCompanionListenerTests {

	private final List<String> events = new ArrayList<>();

	private final LoadCompanionListener listener = new LoadCompanionListener(() -> {
		this.events.add("start");
		return () -> this.events.add("close");
	});

	@Test
	void startsWithTheLoadStepAndClosesWhenItCompletes() {
		StepExecution step = step();
		this.listener.beforeStep(step);
		assertThat(this.events).containsExactly("start");
		step.setStatus(BatchStatus.COMPLETED);
		this.listener.afterStep(step);
		assertThat(this.events).containsExactly("start", "close");
	}

	@Test
	void closesWhenTheLoadStepFailsAndOnlyOnce() {
		StepExecution step = step();
		this.listener.beforeStep(step);
		step.setStatus(BatchStatus.FAILED);
		this.listener.afterStep(step);
		this.listener.afterStep(step);
		assertThat(this.events).containsExactly("start", "close");
	}

	@Test
	void aStepThatNeverStartedClosesNothing() {
		this.listener.afterStep(step());
		assertThat(this.events).isEmpty();
		
	}

	private static StepExecution step() {
		JobExecution job = new JobExecution(1L, new JobInstance(1L, "rowliftLoad"), new JobParameters());
		return new StepExecution(1L, "load", job);
	}

}
