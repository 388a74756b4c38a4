package io.rowlift.job;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;

import org.springframework.batch.core.ExitStatus;
import org.springframework.batch.core.listener.StepExecutionListener;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * When a partition's step started and ended, to the nanosecond the clock gives, kept in the step
 * execution's context, for the same reason as {@link RunTimes}: MySQL Connector/J drops the fraction of
 * every time it sends to a server whose version it reads as older than 5.6.4, which MariaDB's
 * {@code 5.5.5-10.x} is, so a step read back from the job repository (a remote partition in the
 * manager's summary and report, any step in {@code status} and {@code report}) started and ended on
 * whole seconds: a 0.4 s partition showed {@code 0.00s} and 0 rows/s. A local run's steps are the
 * in-memory ones, whose times were always whole; this makes both the same.
 *
 * <p>As a {@link StepExecutionListener} it records the start when the step starts (saved with the
 * context at the first commit; a cluster worker that takes over a partition whose worker died keeps the
 * first worker's start, {@value #STARTED_BY} telling that it is the same step execution) and the end when it ends (saved with the context Spring Batch stores
 * after the listeners' {@code afterStep}). Steps of an older Rowlift, or one that never reached the
 * listener, fall back to the job repository's times. Stateless, thread-safe: one instance serves every
 * partition.
 */
public final class StepTimes implements StepExecutionListener {

	/** Key of the start, an ISO-8601 instant. */
	static final String STARTED = "rowlift.step.started";

	/** Key of the end, an ISO-8601 instant. */
	static final String ENDED = "rowlift.step.ended";

	/** Key of the id of the step execution whose start {@value #STARTED} is. */
	static final String STARTED_BY = "rowlift.step.started-by";

	@Override
	public void beforeStep(StepExecution step) {
		ExecutionContext context = step.getExecutionContext();
		// a cluster worker that takes over a partition whose worker died runs the same step execution again, from
		// the context the dead worker saved: it ran from that worker's start
		boolean takenOver = !context.containsKey(ENDED) && context.containsKey(STARTED) && context.containsKey(STARTED_BY)
				&& context.getLong(STARTED_BY) == step.getId();
		// a restarted partition's context is the failed one's: its end goes, its own start replaces the old one
		context.remove(ENDED);
		if (!takenOver) {
			context.putString(STARTED, Instant.now().toString());
			context.putLong(STARTED_BY, step.getId());
		}
	}

	@Override
	public ExitStatus afterStep(StepExecution step) {
		step.getExecutionContext().putString(ENDED, Instant.now().toString());
		return null; // the step's own exit status stands
	}

	/** The start: the step's own when recorded, else the job repository's (null when it never started). */
	public static LocalDateTime start(StepExecution step) {
		Instant own = ContextInstants.read(step.getExecutionContext(), STARTED);
		return own != null ? LocalDateTime.ofInstant(own, ZoneId.systemDefault()) : step.getStartTime();
	}

	/** The end: the step's own when both are recorded, else the job repository's (null while it runs). */
	public static LocalDateTime end(StepExecution step) {
		Instant own = ContextInstants.read(step.getExecutionContext(), ENDED);
		if (own != null && ContextInstants.read(step.getExecutionContext(), STARTED) != null) {
			return LocalDateTime.ofInstant(own, ZoneId.systemDefault());
		}
		if (ContextInstants.read(step.getExecutionContext(), STARTED) != null && step.getEndTime() != null) {
			// ended without the listener (a worker that failed the partition itself): not before its own start
			LocalDateTime start = start(step);
			return step.getEndTime().isBefore(start) ? start : step.getEndTime();
		}
		return step.getEndTime();
	}

	/** From the start to the end (to now while it runs); zero when it never started. */
	public static Duration elapsed(StepExecution step) {
		return ContextInstants.between(start(step), end(step));
	}


}
