package io.rowlift.job;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * The recovery of a run that a process now gone left running, when some of its partitions still run
 * elsewhere (a cluster manager killed while its workers load, {@link RemotePartitions#runsElsewhere}):
 * what {@code JobOperator#recover} does (the execution and its running steps marked FAILED, so the run can
 * be restarted), except for those partitions, which are left as their workers keep them. The next
 * execution adopts them ({@link AdoptingLaunch}): it waits for them instead of starting them again.
 *
 * <p>Why not {@code recover}: it marks every running step execution failed, and a worker still running one
 * then fails its next commit on the version and rolls the chunk back, and the restart starts the partition
 * again from its last commit: exact, but the work since that commit is lost and the partition runs twice.
 *
 * <p>Spring Batch's invariant holds: the instance has one running job execution at most (the recovered one
 * is FAILED before the next one is created). What it did not know before is a FAILED execution whose
 * partition step executions still run; their workers only ever update their own step executions, so
 * nothing reads the old execution's status on their behalf (a STOPPING would: see docs/cluster.md).
 *
 * <p>A partition whose worker commits between this recovery's read and its write (a request a worker took
 * just now) fails the write on the version; it is read again and decided again. Not thread-safe: one
 * recovery at a time, under the run lock.
 */
final class RunRecovery {

	private static final Log log = LogFactory.getLog(RunRecovery.class);

	/** Why a step is marked failed. */
	private static final String GONE = "left running by a process that is gone (the run lock was free); the next run resumes it";

	private final JobRepository repository;

	private final LoadHistory history;

	private final Predicate<StepExecution> runsElsewhere;

	RunRecovery(JobRepository repository, LoadHistory history, Predicate<StepExecution> runsElsewhere) {
		this.repository = repository;
		this.history = history;
		this.runsElsewhere = runsElsewhere;
	}

	/**
	 * The partitions of {@code orphan}'s run (over all its executions: a manager restarted twice adopted
	 * some of the first execution's) that still run elsewhere, as read now.
	 */
	List<StepExecution> stillRunning(JobExecution orphan) {
		List<StepExecution> live = new ArrayList<>();
		for (StepExecution partition : this.history.runningPartitions(orphan.getJobInstanceId())) {
			if (this.runsElsewhere.test(partition)) {
				live.add(partition);
			}
		}
		return live;
	}

	/**
	 * Marks {@code orphan} FAILED, its own running steps (the dead manager's load step) FAILED, and every
	 * running partition of its run FAILED except those that still run elsewhere ({@link #settle}).
	 * @return the partitions left running
	 */
	List<StepExecution> recover(JobExecution orphan) {
		for (StepExecution step : orphan.getStepExecutions()) {
			if (step.getStatus().isRunning() && !step.getStepName().startsWith(LoadJobNames.WORKER + ":")) {
				fail(step, GONE);
			}
		}
		List<StepExecution> spared = settle(orphan.getJobInstanceId());
		orphan.setStatus(BatchStatus.FAILED);
		orphan.setExitStatus(ExitStatus.FAILED.addExitDescription(GONE + (spared.isEmpty() ? ""
				: "; " + spared.size() + " of its partitions still ran on workers, and the next execution waited for them")));
		orphan.setEndTime(LocalDateTime.now());
		this.repository.update(orphan);
		return spared;
	}

	/**
	 * Before a resume of {@code run}: each of its partitions still running is left to its worker when it
	 * runs elsewhere, else (its worker's lease ran out, or it never started) marked FAILED, so the resume
	 * starts it again from its last commit.
	 * @return the partitions left running, which the resume adopts
	 */
	List<StepExecution> settle(long run) {
		List<StepExecution> spared = new ArrayList<>();
		for (StepExecution partition : this.history.runningPartitions(run)) {
			StepExecution decided = decide(partition, GONE);
			if (decided != null) {
				spared.add(decided);
			}
		}
		return spared;
	}

	/**
	 * Marks every partition of {@code run} still running FAILED, as {@code JobOperator#recover} would have:
	 * for a run that is not resumed (abandoned, or refused), whose workers must stop at their next commit.
	 */
	void failRunning(long run, String why) {
		for (StepExecution partition : this.history.runningPartitions(run)) {
			StepExecution current = partition;
			for (int attempt = 0; attempt < 5 && current != null && current.getStatus().isRunning(); attempt++) {
				try {
					fail(current, why);
					break;
				}
				catch (OptimisticLockingFailureException ex) {
					current = this.repository.getStepExecution(current.getId());
				}
			}
		}
	}

	/** Fails {@code partition} unless it runs elsewhere; returns it when it does (as read last), else null. */
	private StepExecution decide(StepExecution partition, String why) {
		StepExecution current = partition;
		for (int attempt = 0; attempt < 5 && current != null && current.getStatus().isRunning(); attempt++) {
			if (this.runsElsewhere.test(current)) {
				return current;
			}
			try {
				fail(current, why);
				return null;
			}
			catch (OptimisticLockingFailureException ex) {
				// its worker committed meanwhile: read it again, it may be running now
				log.debug(current.getStepName() + " moved while the run was recovered: " + ex.getMessage());
				current = this.repository.getStepExecution(current.getId());
			}
		}
		if (current != null && current.getStatus().isRunning()) {
			throw new IllegalStateException(current.getStepName() + " of run " + current.getJobExecution().getJobInstanceId()
					+ " kept changing while the run was recovered; run the same command again");
		}
		return null;
	}

	private void fail(StepExecution step, String why) {
		step.setStatus(BatchStatus.FAILED);
		step.setExitStatus(ExitStatus.FAILED.addExitDescription(step.getStepName() + " " + why));
		step.setEndTime(LocalDateTime.now());
		this.repository.update(step);
	}

}
