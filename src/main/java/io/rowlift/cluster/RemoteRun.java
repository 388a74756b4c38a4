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
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.job.LoadJobNames;

/**
 * One run's remote partitions, around Spring Batch Integration's handler: while it waits, a lease
 * watch reads the partitions every {@code poll-interval} and marks one FAILED whose step execution has
 * not been updated (every chunk commit updates it) for {@code lease-timeout}: its worker is taken as gone,
 * the run ends failed, and the same command resumes that partition from its last commit. A worker that
 * is still alive after all fails its next commit on the step execution's version and loads nothing twice.
 * When the handler returns, each partition's end (status, counts, context, failure) is copied into the
 * step execution of this process's job execution, so the aggregation, the accounting, the summary and
 * the report read what the workers did (Spring Batch #5158). Not thread-safe: one run.
 */
final class RemoteRun implements PartitionHandler {

	private static final Log log = LogFactory.getLog(RemoteRun.class);

	private final PartitionHandler delegate;

	private final JobRepository repository;

	private final ClusterProperties settings;

	RemoteRun(PartitionHandler delegate, JobRepository repository, ClusterProperties settings) {
		this.delegate = delegate;
		this.repository = repository;
		this.settings = settings;
	}

	@Override
	public Collection<StepExecution> handle(StepExecutionSplitter splitter, StepExecution manager) throws Exception {
		JobExecution execution = manager.getJobExecution();
		Thread watch = new Thread(() -> watchLeases(execution.getId()), "rowlift-leases");
		watch.setDaemon(true);
		watch.start();
		Collection<StepExecution> ended;
		try {
			ended = this.delegate.handle(splitter, manager);
		}
		finally {
			watch.interrupt();
		}
		List<StepExecution> here = new ArrayList<>();
		for (StepExecution remote : ended) {
			here.add(copyInto(execution, remote));
		}
		return here;
	}

	private void watchLeases(long jobExecutionId) {
		Duration timeout = this.settings.leaseTimeout();
		while (!Thread.currentThread().isInterrupted()) {
			try {
				Thread.sleep(this.settings.pollInterval().toMillis());
				JobExecution stored = this.repository.getJobExecution(jobExecutionId);
				if (stored == null) {
					continue;
				}
				for (StepExecution step : stored.getStepExecutions()) {
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
					local.addFailureException(new RemotePartitionFailure(remote.getStepName(), remote.getExitStatus().getExitDescription()));
				}
				return local;
			}
		}
		return remote;
	}

}
