package io.rowlift.cluster;

import java.time.LocalDateTime;
import java.util.Optional;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobInterruptedException;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.Step;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.job.PartitionSteps;
import io.rowlift.job.PartitionTuning;
import io.rowlift.job.RunSettings;
import io.rowlift.job.RunPlan;
import io.rowlift.job.RunningPartitions;

/**
 * A worker's handling of one partition request ({@link PartitionRequest}): finds the partition's step
 * execution in the shared job repository, checks that the file at the request's path is the manager's
 * ({@link FileCheck}; else the partition fails with a message naming this worker, the path and what
 * differs), reads the plan stored with the run ({@link RunPlan#of}, never planned again) and the
 * execution's skip limit, read buffer and record limit ({@link io.rowlift.job.RunSettings}: the manager's, not this
 * worker's), counts rejects against the run's one budget shared by all workers
 * ({@link io.rowlift.job.SharedRejectBudgets}), and runs
 * the same partition step a local run does ({@link PartitionSteps}), writing straight to the target. Returns
 * when the step has ended, so the broker's message is acknowledged then and not before: a worker killed
 * mid-partition leaves its request unacknowledged, and the broker hands it to another worker, which goes
 * on from the partition's last commit (its rows and saved position commit in one transaction; a second
 * worker on the same partition would fail on the step execution's version, never load a row twice).
 *
 * <p>A request for a partition that has ended already (a redelivery after its end) is dropped; one for a
 * partition another live worker runs waits for it, and one whose worker's heartbeat stopped is taken over
 * ({@link #heldElsewhere}). Records
 * {@code host:pid} in the partition's context ({@value WorkerIdentity#KEY}), for the summary.
 * Thread-safe: the listener container calls it on up to {@code rowlift.job.threads} threads at once.
 */
public final class ClusterWorker {

	private static final Log log = LogFactory.getLog(ClusterWorker.class);

	private final JobRepository repository;

	private final PartitionSteps steps;

	private final String identity;

	private final ClusterProperties settings;

	private final HolderWatch holders;

	/** The step executions this process runs now: a request for one of them again (a redelivery) is dropped. */
	private final java.util.Set<Long> runningHere = java.util.concurrent.ConcurrentHashMap.newKeySet();

	/** This worker's own settings: for a run whose manager stored none of its own ({@link RunSettings}). */
	private final RunSettings own;

	/** This worker's read-ahead and sort memory: it tunes its own machine, whatever the manager's are. */
	private final PartitionTuning tuning;

	/**
	 * @param holders the heartbeats of the workers that hold partitions this one is handed again
	 * @param own this worker's configured skip limit and reader's sizes, for a run of a manager that stored none
	 * @param tuning this worker's configured read-ahead and sort memory
	 */
	ClusterWorker(JobRepository repository, PartitionSteps steps, String identity, ClusterProperties settings, HolderWatch holders,
			RunSettings own, PartitionTuning tuning) {
		this.own = own;
		this.tuning = tuning;
		this.repository = repository;
		this.steps = steps;
		this.identity = identity;
		this.settings = settings;
		this.holders = holders;
	}

	/** Run before this worker starts a partition: its heartbeat's {@link WorkerHeartbeat#beforePartition}. */
	private volatile Runnable beforePartition = () -> {
	};

	/** @param hook run before each partition this worker starts (the worker service's heartbeat) */
	void beforeEachPartition(Runnable hook) {
		this.beforePartition = hook;
	}

	/** Whether this worker runs no partition now. */
	boolean idle() {
		return this.runningHere.isEmpty();
	}

	/** Runs the partition a request's text names, to its end. Never throws: the partition's status says how it went. */
	public void handle(String text) {
		PartitionRequest request;
		try {
			request = PartitionRequest.parse(text);
		}
		catch (RuntimeException ex) {
			log.error("rowlift worker " + this.identity + ": dropped a message: " + ex.getMessage());
			return;
		}
		if (!this.runningHere.add(request.stepExecutionId())) {
			log.info("rowlift worker " + this.identity + ": partition " + request.stepExecutionId() + " runs here already (a redelivery)");
			return;
		}
		try {
			handle(request);
		}
		finally {
			this.runningHere.remove(request.stepExecutionId());
		}
	}

	private void handle(PartitionRequest request) {
		StepExecution step = heldElsewhere(this.repository.getStepExecution(request.stepExecutionId()));
		if (step == null) {
			log.error("rowlift worker " + this.identity + ": no partition " + request.stepExecutionId()
					+ " in this job repository; is this worker's spring.datasource.url the manager's (" + request.manager() + ")?");
			return;
		}
		if (!step.getStatus().isRunning()) {
			log.info("rowlift worker " + this.identity + ": " + step.getStepName() + " of run "
					+ step.getJobExecution().getJobInstanceId() + " has ended already (" + step.getStatus() + "): nothing to do");
			return;
		}
		Optional<String> problem = FileCheck.problem(this.identity, request.file(), request.fingerprint());
		if (problem.isPresent()) {
			fail(step, problem.get());
			System.err.println("rowlift: worker " + this.identity + " " + step.getStepName() + " of run "
					+ step.getJobExecution().getJobInstanceId() + " ended FAILED: " + problem.get());
			System.err.flush();
			return;
		}
		this.beforePartition.run();
		System.err.println("rowlift: worker " + this.identity + " loading " + step.getStepName() + " of run "
				+ step.getJobExecution().getJobInstanceId() + " (" + request.file() + ")");
		System.err.flush();
		try {
			RunPlan plan = RunPlan.of(step.getJobExecution());
			// the run's skip limit and record limits, not this worker's (RunSettings); this machine's own tuning
			RunSettings settings = RunSettings.of(step.getJobExecution().getJobParameters(), this.own);
			Step worker = this.steps.worker(plan, settings, this.tuning, new RunningPartitions());
			step.getExecutionContext().putString(WorkerIdentity.KEY, this.identity);
			io.rowlift.job.WorkerShares.open(step, this.identity); // a worker that takes it over is credited from here on
			worker.execute(step);
		}
		catch (JobInterruptedException ex) {
			step.setStatus(BatchStatus.STOPPED);
			update(step);
		}
		catch (Throwable ex) {
			log.error("rowlift worker " + this.identity + ": " + step.getStepName() + " failed", ex);
			if (step.getStatus().isRunning()) {
				fail(step, "worker " + this.identity + ": " + ex);
			}
		}
		System.err.println("rowlift: worker " + this.identity + " " + step.getStepName() + " of run "
				+ step.getJobExecution().getJobInstanceId() + " ended " + step.getStatus());
		System.err.flush();
	}

	/**
	 * A request for a partition another worker is running (the broker handed it out again: that worker was
	 * killed, its connection broke, or the broker restarted while it ran, so its acknowledgement never arrived)
	 * waits while that worker is alive: until the partition ends (then there is nothing to do), until the
	 * worker's heartbeat has not moved for {@value HolderWatch#BEATS_MISSED} of its intervals while the
	 * partition committed nothing either (a worker killed: this one takes the partition over at once), or, for
	 * a worker that keeps no heartbeat (an earlier version), until the partition goes half a lease timeout
	 * without a commit. Taking over is safe also when the holder was only paused (a long GC, SIGSTOP): this
	 * worker's start of the step updates the step execution's version, and the holder's next chunk commit,
	 * which updates it in the transaction of its rows, fails on it and rolls back. Returns the partition as
	 * last read.
	 */
	private StepExecution heldElsewhere(StepExecution step) {
		java.time.Duration stale = this.settings.leaseTimeout().dividedBy(2);
		Integer version = step == null ? null : step.getVersion();
		long committedAt = System.nanoTime();
		while (step != null && step.getStatus() == BatchStatus.STARTED && step.getLastUpdated() != null
				&& !ranHere(step) && step.getLastUpdated().plus(stale).isAfter(LocalDateTime.now())) {
			if (!java.util.Objects.equals(version, step.getVersion())) {
				version = step.getVersion();
				committedAt = System.nanoTime();
			}
			String holder = holder(step);
			Optional<HolderWatch.Heart> heart = holder == null ? Optional.empty() : this.holders.look(holder);
			if (heart.isPresent() && heart.get().stopped()
					&& System.nanoTime() - committedAt >= heart.get().interval().multipliedBy(HolderWatch.BEATS_MISSED).toNanos()) {
				System.err.println("rowlift: worker " + this.identity + " takes over " + step.getStepName() + " of run "
						+ step.getJobExecution().getJobInstanceId() + " from worker " + holder + ", whose heartbeat stopped "
						+ heart.get().silent().toSeconds() + " s ago; it goes on from the partition's last commit");
				System.err.flush();
				return step;
			}
			try {
				Thread.sleep(this.settings.pollInterval().toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return null;
			}
			step = this.repository.getStepExecution(step.getId());
		}
		return step;
	}

	/** The worker that wrote its name into the partition, or null when none has yet. */
	static String holder(StepExecution step) {
		return step.getExecutionContext().containsKey(WorkerIdentity.KEY) ? step.getExecutionContext().getString(WorkerIdentity.KEY)
				: null;
	}

	/**
	 * Whether this process's name is the partition's worker: then it is no other worker's to wait for (this
	 * process does not run it now, {@link #runningHere} said so). A STARTED partition with no worker named
	 * yet is another's: its worker has just started the step and not yet written its name.
	 */
	private boolean ranHere(StepExecution step) {
		return step.getExecutionContext().containsKey(WorkerIdentity.KEY)
				&& this.identity.equals(step.getExecutionContext().getString(WorkerIdentity.KEY));
	}

	/** Ends a partition FAILED with {@code message} as its exit description, in the repository. */
	private void fail(StepExecution step, String message) {
		log.error("rowlift " + message);
		if (step.getStartTime() == null) {
			step.setStartTime(LocalDateTime.now());
		}
		step.setEndTime(LocalDateTime.now());
		step.setStatus(BatchStatus.FAILED);
		step.setExitStatus(ExitStatus.FAILED.addExitDescription(message));
		update(step);
	}

	private void update(StepExecution step) {
		try {
			this.repository.update(step);
		}
		catch (RuntimeException ex) {
			log.error("rowlift worker " + this.identity + ": could not record the end of " + step.getStepName() + ": " + ex.getMessage());
		}
	}

}
