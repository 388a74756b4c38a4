package io.rowlift.job;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.batch.core.step.StepExecution;

import io.rowlift.progress.PartitionProgress;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The partitions running in this process, so a stop can reach them without the database: a stop
 * marks each one terminate-only, which Spring Batch checks in memory at every chunk boundary (the
 * step then ends STOPPED), and a partition that opens after the stop is marked at once. On SQLite a
 * stop written to the database could wait behind the partitions for the one write lock.
 *
 * <p>It also keeps, for the progress display and the run report, every partition opened in this
 * process's current load with what it had committed when it opened (before its reader restored
 * itself), so that this run's share can be told from earlier runs'. Thread-safe.
 */
public final class RunningPartitions {

	private final Set<StepExecution> running = ConcurrentHashMap.newKeySet();

	private volatile boolean stopping;

	private final List<Opened> opened = new CopyOnWriteArrayList<>();

	/**
	 * A partition as it opened in this run.
	 * @param step its step execution (its context holds what it has committed since)
	 * @param unitAtOpen a copy of its context when this run opened it (its unit and saved position, its input format's own)
	 * @param atOpen what it had committed when this run opened it
	 * @param openedNanos {@link System#nanoTime} when it opened
	 */
	public record Opened(StepExecution step, ExecutionContext unitAtOpen, PartitionProgress atOpen, long openedNanos) {

		/** The partition's name ({@code partition0}). */
		public String partition() {
			return LoadProgress.partitionOf(this.step.getStepName());
		}

		/** Whether its step is still running. */
		public boolean running() {
			return this.step.getStatus().isRunning() && this.step.getEndTime() == null;
		}

	}

	void opened(StepExecution step) {
		ExecutionContext atOpen = new ExecutionContext(step.getExecutionContext());
		this.opened.add(new Opened(step, atOpen, PartitionProgress.readFrom(atOpen), System.nanoTime()));
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

	/** The partitions opened in this load so far, in the order they opened. */
	public List<Opened> openedThisRun() {
		return List.copyOf(this.opened);
	}

	/** Forgets a stop and the partitions opened, for the next load in this process. */
	void reset() {
		this.opened.clear();
		this.stopping = false;
		this.running.clear();
	}

}
