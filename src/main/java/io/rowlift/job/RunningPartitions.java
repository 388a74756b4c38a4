package io.rowlift.job;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.batch.core.step.StepExecution;

/**
 * The partitions running in this process, so a stop can reach them without the database: a stop
 * marks each one terminate-only, which Spring Batch checks in memory at every chunk boundary (the
 * step then ends STOPPED), and a partition that opens after the stop is marked at once. On SQLite a
 * stop written to the database could wait behind the partitions for the one write lock. Thread-safe.
 */
public final class RunningPartitions {

	private final Set<StepExecution> running = ConcurrentHashMap.newKeySet();

	private volatile boolean stopping;

	void opened(StepExecution step) {
		this.running.add(step);
		if (this.stopping) {
			step.setTerminateOnly();
		}
	}

	void closed(StepExecution step) {
		this.running.remove(step);
	}

	/** Asks every partition to stop at its next chunk boundary; returns whether one was running. */
	boolean stopAll() {
		this.stopping = true;
		this.running.forEach(StepExecution::setTerminateOnly);
		return !this.running.isEmpty();
	}

	/** Forgets a stop, for the next load in this process. */
	void reset() {
		this.stopping = false;
		this.running.clear();
	}

}
