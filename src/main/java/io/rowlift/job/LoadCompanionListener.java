package io.rowlift.job;

import java.util.function.Supplier;

import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.database.LoadCompanion;

/**
 * Runs the database's {@link LoadCompanion} for as long as the load step does: started before the first
 * partition, closed after the last one ended, completed or failed, so that what it holds (SQLite: a
 * connection and a thread) is let go before the index build. A resumed run starts it again with its load
 * step. Not thread-safe: one instance per load step execution (the step is job-scoped).
 */
final class LoadCompanionListener implements StepExecutionListener {

	private final Supplier<LoadCompanion> start;

	private LoadCompanion running = LoadCompanion.NONE;

	/** @param start starts the companion ({@code dialect.connections().besideLoad(dataSource)}) */
	LoadCompanionListener(Supplier<LoadCompanion> start) {
		this.start = start;
	}

	@Override
	public void beforeStep(StepExecution stepExecution) {
		this.running = this.start.get();
	}

	@Override
	public ExitStatus afterStep(StepExecution stepExecution) {
		LoadCompanion companion = this.running;
		this.running = LoadCompanion.NONE;
		companion.close();
		return null;
	}

}
