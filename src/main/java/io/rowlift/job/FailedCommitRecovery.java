package io.rowlift.job;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

/**
 * Makes a run that ended in Spring Batch's UNKNOWN state resumable, exactly.
 *
 * <p>Spring Batch ends a step UNKNOWN ("should not be restarted") when it cannot save the step's
 * execution after a failure: typically the chunk's commit failed (a full disk, an I/O error, a lost
 * connection) and the save that follows failed the same way. It cannot know what the database kept.
 * Rowlift can: each chunk's rows and its partition's context (byte offset, rows written and
 * rejected) commit in one transaction of the target database, which also holds the job repository.
 * So the context the repository holds is, by construction, the one that matches the rows; the
 * in-memory context of a rolled-back chunk is never left in it (see {@link CommittedContext}). The
 * run therefore resumes like a failed one: every step execution of the last job execution that is
 * UNKNOWN, or still marked running, and the job execution itself, are marked FAILED with an exit
 * description that says so, and nothing else changes; the partitions re-run from their committed
 * offsets, the index steps (idempotent through the ledger) and the accounting step run again.
 *
 * <p>Only call it under the run lock: a step marked running must belong to a process that is gone.
 * Stateless and thread-safe.
 */
final class FailedCommitRecovery {

	private static final Log log = LogFactory.getLog(FailedCommitRecovery.class);

	/** The exit description a recovered step or job execution gets. */
	static final String RECOVERED = "recovered by Rowlift after a failed commit: the database holds each step's last "
			+ "committed context, with its rows; resumed from there";

	private final JobRepository repository;

	FailedCommitRecovery(JobRepository repository) {
		this.repository = repository;
	}

	/**
	 * Marks {@code last} and its UNKNOWN (or stale running) step executions FAILED, if it has any.
	 * @param last the last execution of a load, with its step executions
	 * @return {@code last}, updated in the repository where it had to be
	 */
	JobExecution recover(JobExecution last) {
		return recover(last, java.util.Set.of());
	}

	/**
	 * As {@link #recover(JobExecution)}, leaving alone the step executions {@code adopted} names: partitions a
	 * cluster's workers still run, which the resume waits for ({@link RunRecovery}); they are running, not stale.
	 */
	JobExecution recover(JobExecution last, java.util.Set<Long> adopted) {
		List<String> recovered = new ArrayList<>();
		for (StepExecution step : last.getStepExecutions()) {
			if (adopted.contains(step.getId())) {
				continue;
			}
			if (step.getStatus() == BatchStatus.UNKNOWN || step.getStatus().isRunning()) {
				recovered.add(step.getStepName() + " (" + step.getStatus() + ")");
				step.setStatus(BatchStatus.FAILED);
				step.setExitStatus(failed(step.getExitStatus()));
				if (step.getEndTime() == null) {
					step.setEndTime(LocalDateTime.now());
				}
				// the status only: the context in the repository is the committed one and must stay so
				this.repository.update(step);
			}
		}
		BatchStatus status = last.getStatus();
		if (status != BatchStatus.UNKNOWN && !status.isRunning() && recovered.isEmpty()) {
			return last;
		}
		log.warn("run " + last.getJobInstanceId() + " ended " + status + " after a failed commit"
				+ (recovered.isEmpty() ? "" : " (steps " + String.join(", ", recovered) + ")")
				+ "; each partition's committed rows and offset are in the database together: "
				+ "marking it failed so that it resumes from there");
		if (status == BatchStatus.UNKNOWN || status.isRunning()) {
			last.setStatus(BatchStatus.FAILED);
			last.setExitStatus(failed(last.getExitStatus()));
			if (last.getEndTime() == null) {
				last.setEndTime(LocalDateTime.now());
			}
			this.repository.update(last);
		}
		return last;
	}

	/** FAILED, the note first: the repository cuts long descriptions (stack traces) at their end. */
	private static ExitStatus failed(ExitStatus was) {
		String before = was == null ? "" : was.getExitDescription();
		return new ExitStatus(ExitStatus.FAILED.getExitCode(), before == null || before.isEmpty() ? RECOVERED : RECOVERED + "; " + before);
	}

}
