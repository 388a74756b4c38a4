package io.rowlift.job;

import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.StartupCompilation;

/**
 * Gives the JVM's optimising compiler back when the load step of a file of {@value #MIN_BYTES} bytes
 * or more starts: everything before it (the application's start, the job repository, prepare, index
 * drop) runs once, the load's parser and writers are hot code ({@link StartupCompilation}). A smaller
 * file is loaded before C2's code would pay for its compilation (the same threshold as
 * {@code bin/rowlift}'s {@code -XX:TieredStopAtLevel=1}, measured there), so the compiler stays
 * off for the whole run. Immutable and thread-safe; a resumed run hands over at its load step as a
 * first run does.
 */
final class CompilerHandover implements StepExecutionListener {

	/** 16 MiB: below it, a load ends before the optimising compiler's work pays off. */
	static final long MIN_BYTES = 16L << 20;

	private final long fileBytes;

	private final Runnable giveBack;

	CompilerHandover(long fileBytes) {
		this(fileBytes, StartupCompilation::end);
	}

	/** @param giveBack what gives the compiler back ({@link StartupCompilation#end()}; tests count it) */
	CompilerHandover(long fileBytes, Runnable giveBack) {
		this.fileBytes = fileBytes;
		this.giveBack = giveBack;
	}

	@Override
	public void beforeStep(StepExecution stepExecution) {
		if (this.fileBytes >= MIN_BYTES) {
			this.giveBack.run();
		}
	}

}
