package io.rowlift.cluster;

import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.job.LoadHistory;
import io.rowlift.job.LoadJobNames;
import io.rowlift.job.PartitionSplitter;
import io.rowlift.progress.PartitionProgress;

/**
 * One run's remote partitions, around Spring Batch Integration's handler: while it waits, a lease
 * watch reads the partitions every {@code poll-interval} and marks one FAILED whose step execution has
 * not been updated (every chunk commit updates it) for {@code lease-timeout}: its worker is taken as gone,
 * the run ends failed, and the same command resumes that partition from its last commit. A worker that
 * is still alive after all fails its next commit on the step execution's version and loads nothing twice.
 * When the handler returns, each partition's end (status, counts, context, failure) is copied into the
 * step execution of this process's job execution, so the aggregation, the accounting, the summary and
 * the report read what the workers did (Spring Batch #5158).
 *
 * <p>On a restarted manager (one killed while its workers loaded, the same command run again), the
 * partitions of an earlier execution that still run on workers are adopted ({@link AdoptedPartitions}): the
 * split leaves them out (no second step execution, no second request), this class prints that it waits for
 * them, naming their workers, watches their leases as its own, waits for their ends, and returns them with
 * the others, added to this execution in memory, so the aggregation and the report count them (#5158: the
 * splitter returns only what it started). Not thread-safe: one run.
 */
final class RemoteRun implements PartitionHandler {

	private static final Log log = LogFactory.getLog(RemoteRun.class);

	/** How long a failed partition's context is read again for the bad record its worker hands over ({@link BadRecordHandover#settled}). */
	static final Duration HANDOVER_WAIT = Duration.ofSeconds(3);

	private final PartitionHandler delegate;

	private final JobRepository repository;

	private final ClusterProperties settings;

	private final LoadHistory history;

	RemoteRun(PartitionHandler delegate, JobRepository repository, ClusterProperties settings, LoadHistory history) {
		this.delegate = delegate;
		this.repository = repository;
		this.settings = settings;
		this.history = history;
	}

	@Override
	public Collection<StepExecution> handle(StepExecutionSplitter splitter, StepExecution manager) throws Exception {
		JobExecution execution = manager.getJobExecution();
		AdoptedPartitions adopted = AdoptedPartitions.find(this.history, execution);
		StepExecutionSplitter split = splitter;
		if (!adopted.isEmpty()) {
			System.err.println(adopted.announcement(execution.getJobInstanceId()));
			System.err.flush();
			split = new LeavingOut(splitter, adopted.names());
		}
		Thread watch = new Thread(() -> watchLeases(execution.getId(), adopted.ids()), "rowlift-leases");
		watch.setDaemon(true);
		watch.start();
		Collection<StepExecution> ended;
		List<StepExecution> adoptedEnded;
		try {
			ended = this.delegate.handle(split, manager);
			adoptedEnded = adopted.isEmpty() ? List.of() : adopted.awaitEnds(this.repository, this.settings.pollInterval());
		}
		finally {
			watch.interrupt();
		}
		List<StepExecution> here = new ArrayList<>();
		for (StepExecution remote : ended) {
			here.add(copyInto(execution, BadRecordHandover.settled(remote, this.repository, HANDOVER_WAIT)));
		}
		for (StepExecution adoptedEnd : adoptedEnded) {
			StepExecution remote = BadRecordHandover.settled(adoptedEnd, this.repository, HANDOVER_WAIT);
			// tracked as this execution's own in memory (the repository keeps it under the execution that created
			// it): the aggregation, the accounting, the summary and the report read it (Spring Batch #5158)
			if (remote.getStatus() == BatchStatus.FAILED) {
				remote.addFailureException(BadRecordHandover.failure(remote));
			}
			execution.addStepExecution(remote);
			here.add(remote);
		}
		return here;
	}

	/**
	 * @param jobExecutionId this run's execution, whose partitions it watches
	 * @param adopted the partitions of an earlier execution this one waits for
	 */
	private void watchLeases(long jobExecutionId, java.util.Set<Long> adopted) {
		Duration timeout = this.settings.leaseTimeout();
		while (!Thread.currentThread().isInterrupted()) {
			try {
				Thread.sleep(this.settings.pollInterval().toMillis());
				List<StepExecution> steps = new ArrayList<>();
				JobExecution stored = this.repository.getJobExecution(jobExecutionId);
				if (stored != null) {
					steps.addAll(stored.getStepExecutions());
				}
				for (long id : adopted) {
					StepExecution step = this.repository.getStepExecution(id);
					if (step != null) {
						steps.add(step);
					}
				}
				for (StepExecution step : steps) {
					if (step.getStepName().startsWith(LoadJobNames.WORKER + ":") && step.getStatus() == BatchStatus.STARTED
							&& step.getLastUpdated() != null
							&& step.getLastUpdated().plus(timeout).isBefore(LocalDateTime.now())) {
						expire(step, timeout);
					}
				}
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				log.warn("the lease watch could not read the partitions (it tries again): " + ex.getMessage());
			}
		}
	}

	private void expire(StepExecution step, Duration timeout) {
		String worker = step.getExecutionContext().containsKey(WorkerIdentity.KEY)
				? step.getExecutionContext().getString(WorkerIdentity.KEY) : "that took it";
		String message = step.getStepName() + ": its worker " + worker + " committed nothing for " + timeout.toSeconds()
				+ " s (rowlift.cluster.lease-timeout) and is taken as gone; run the same command again to resume the partition"
				+ " from its last commit";
		step.setStatus(BatchStatus.FAILED);
		step.setExitStatus(ExitStatus.FAILED.addExitDescription(message));
		step.setEndTime(LocalDateTime.now());
		try {
			this.repository.update(step);
			log.warn(message);
		}
		catch (RuntimeException ex) {
			log.debug("a partition's lease ran out, but it moved meanwhile: " + ex.getMessage());
		}
	}

	/** Copies {@code remote}'s end into this process's step execution of the same id, and returns that one. */
	private static StepExecution copyInto(JobExecution execution, StepExecution remote) {
		for (StepExecution local : execution.getStepExecutions()) {
			if (local.getId() == remote.getId()) {
				// this run's rows of the partition count from what it held when this execution created it (the
				// context this process holds until now), not from where its last worker opened it: a worker that
				// took it over from one that died opened it part-way, and the summary would leave out the first
				// worker's rows, as if the command had loaded fewer than it did
				remote.getExecutionContext().putLong(PartitionProgress.WRITTEN_AT_OPEN,
						PartitionProgress.readFrom(local.getExecutionContext()).written());
				local.setStatus(remote.getStatus());
				local.setExitStatus(remote.getExitStatus());
				local.setExecutionContext(remote.getExecutionContext());
				local.setStartTime(remote.getStartTime());
				local.setEndTime(remote.getEndTime());
				local.setLastUpdated(remote.getLastUpdated());
				local.setReadCount(remote.getReadCount());
				local.setWriteCount(remote.getWriteCount());
				local.setFilterCount(remote.getFilterCount());
				local.setCommitCount(remote.getCommitCount());
				local.setRollbackCount(remote.getRollbackCount());
				local.setReadSkipCount(remote.getReadSkipCount());
				local.setWriteSkipCount(remote.getWriteSkipCount());
				local.setProcessSkipCount(remote.getProcessSkipCount());
				local.setVersion(remote.getVersion());
				if (remote.getStatus() == BatchStatus.FAILED) {
					local.addFailureException(BadRecordHandover.failure(remote));
				}
				return local;
			}
		}
		return remote;
	}

	/**
	 * The load step's splitter, leaving out the adopted partitions ({@link PartitionSplitter}): Spring Batch
	 * Integration's handler calls {@link #split(StepExecution, int)} and sends a request for each step
	 * execution it returns.
	 */
	private static final class LeavingOut implements StepExecutionSplitter {

		private final StepExecutionSplitter splitter;

		private final java.util.Set<String> names;

		LeavingOut(StepExecutionSplitter splitter, java.util.Set<String> names) {
			this.splitter = splitter;
			this.names = names;
		}

		@Override
		public String getStepName() {
			return this.splitter.getStepName();
		}

		@Override
		public java.util.Set<StepExecution> split(StepExecution manager, int gridSize) throws JobExecutionException {
			if (!(this.splitter instanceof PartitionSplitter partitions)) {
				throw new IllegalStateException("the load step's splitter (" + this.splitter.getClass().getName()
						+ ") cannot leave out the partitions " + this.names + " that still run on workers");
			}
			return partitions.split(manager, gridSize, this.names);
		}

	}

}
