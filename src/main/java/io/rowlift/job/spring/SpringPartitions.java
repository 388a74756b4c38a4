package io.rowlift.job.spring;

import org.springframework.batch.core.scope.context.StepSynchronizationManager;
import org.springframework.batch.core.step.StepExecution;

/**
 * The partition each worker thread runs, for the step's shared reader, processor, writer and
 * listeners. Spring Batch runs all of one partition's step (open, every read, process and write,
 * the skip listeners, update, close) on one thread, which makes a thread-local right; it is also
 * what the fast path does (see {@code PartitionStreams}), and it avoids a step-scoped proxy's
 * lookup on every item. Thread-safe.
 */
final class SpringPartitions {

	private final ThreadLocal<SpringPartition> current = new ThreadLocal<>();

	/** The partition of this thread. */
	SpringPartition current() {
		SpringPartition partition = this.current.get();
		if (partition == null) {
			throw new IllegalStateException("no partition of the spring pipeline is open on this thread");
		}
		return partition;
	}

	void set(SpringPartition partition) {
		this.current.set(partition);
	}

	void clear() {
		this.current.remove();
	}

	/** The step execution of the partition being opened on this thread. */
	static StepExecution step() {
		var context = StepSynchronizationManager.getContext();
		if (context == null) {
			throw new IllegalStateException("no step is running on this thread");
		}
		return context.getStepExecution();
	}

}
