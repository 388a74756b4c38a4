package io.rowlift.job;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

import org.springframework.batch.core.job.JobExecution;

/**
 * When a run (a job execution) started and ended, to the nanosecond the clock gives, kept in the job
 * execution's context. The job tables' own times cannot be trusted for a duration: MySQL Connector/J
 * drops the fraction of every time it sends to a server whose version it reads as older than 5.6.4,
 * which MariaDB's {@code 5.5.5-10.x} is, so a 0.64 s run was stored as starting and ending in the same
 * second, and {@code status} said {@code took 0.0 s}. The context is text, stored as it is. Runs of an
 * older Rowlift (no such entries) fall back to the job tables' times. Stateless.
 */
public final class RunTimes {

	/** Key of the start, an ISO-8601 instant. */
	static final String STARTED = "rowlift.run.started";

	/** Key of the end, an ISO-8601 instant. */
	static final String ENDED = "rowlift.run.ended";

	private RunTimes() {
	}

	/**
	 * Records now as the start of {@code execution} (saved with its context). A resumed run's context
	 * starts as a copy of the last run's: that run's end goes, so a run killed before its end has none.
	 */
	static void started(JobExecution execution, Instant now) {
		execution.getExecutionContext().remove(ENDED);
		execution.getExecutionContext().putString(STARTED, now.toString());
	}

	/** Records now as the end of {@code execution}; the caller saves the context. */
	static void ended(JobExecution execution, Instant now) {
		execution.getExecutionContext().putString(ENDED, now.toString());
	}

	/** The start: Rowlift's own when recorded, else the job table's (null when there is none). */
	public static LocalDateTime start(JobExecution execution) {
		Instant own = ContextInstants.read(execution.getExecutionContext(), STARTED);
		return own != null ? LocalDateTime.ofInstant(own, ZoneId.systemDefault()) : execution.getStartTime();
	}

	/** The end: Rowlift's own when recorded, else the job table's (null while it runs, or after a kill). */
	public static LocalDateTime end(JobExecution execution) {
		Instant own = ContextInstants.read(execution.getExecutionContext(), ENDED);
		if (own != null && ContextInstants.read(execution.getExecutionContext(), STARTED) != null) {
			return LocalDateTime.ofInstant(own, ZoneId.systemDefault());
		}
		return execution.getEndTime(); // an older Rowlift's run, or none recorded
	}

	/** From the start to the end (to now while it runs); zero when it never started. */
	public static Duration elapsed(JobExecution execution) {
		return ContextInstants.between(start(execution), end(execution));
	}


}
