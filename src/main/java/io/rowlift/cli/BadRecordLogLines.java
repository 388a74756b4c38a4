package io.rowlift.cli;

import org.slf4j.LoggerFactory;
import org.slf4j.Marker;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationListener;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;

import io.rowlift.model.BadRecordException;

/**
 * Keeps Spring Batch's ERROR lines about a bad record off the log: a record Rowlift rejects, or one that spends
 * the skip limit and fails the load, is said by Rowlift itself (the reject file and its reasons, or
 * {@code run N failed: file:line:column (byte N): ...} with what to do), so the framework's
 * {@code Retry exhausted ... not skippable}, {@code Rolling back chunk transaction} and {@code Encountered an
 * error executing step} about the same record only repeat it in words a user cannot act on (issue 34 item 11).
 *
 * <p>Dropped, of Spring Batch's loggers at ERROR only: an event whose exception is, or is caused by, a
 * {@link BadRecordException}; and two lines that never carry a cause of their own, so they repeat one that does:
 * {@value #NOT_SKIPPABLE} (no exception; {@code Rolling back chunk transaction} follows it on the same thread with
 * the exception, and is kept unless that is a bad record) and a partitioned step's {@value #PARTITIONS} (each
 * failed partition says why in its own step's line, and Rowlift's summary names the partition's failure, on a
 * cluster's manager too). Every other failure (a database gone, a bug) keeps its ERROR line and, in a log file or
 * with {@code --debug}, its stack trace. Installed once logging is set up (Boot resets logback's context before
 * that, which would drop a filter added earlier). Stateless and thread-safe.
 */
public final class BadRecordLogLines implements ApplicationListener<ApplicationPreparedEvent> {

	static final String FRAMEWORK = "org.springframework.batch.";

	/** Spring Batch 6's ChunkOrientedStep, before it rolls the chunk back (logged without the exception). */
	static final String NOT_SKIPPABLE = "Retry exhausted after last attempt in recovery path, but exception is not skippable";

	/** Spring Batch's PartitionStep, when a partition failed (a JobExecutionException without a cause). */
	static final String PARTITIONS = "Partition handler returned an unsuccessful step";

	@Override
	public void onApplicationEvent(ApplicationPreparedEvent event) {
		if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context
				&& context.getTurboFilterList().stream().noneMatch(Filter.class::isInstance)) {
			context.addTurboFilter(new Filter());
		}
	}

	/** Whether {@code failure} is a bad record: it or one of its causes is a {@link BadRecordException}. */
	static boolean badRecord(Throwable failure) {
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			if (t instanceof BadRecordException) {
				return true;
			}
		}
		return false;
	}

	/** Denies Spring Batch's ERROR events about a bad record; neutral on everything else. */
	static final class Filter extends TurboFilter {

		@Override
		public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params, Throwable failure) {
			if (level != Level.ERROR || !logger.getName().startsWith(FRAMEWORK)) {
				return FilterReply.NEUTRAL;
			}
			boolean repeated = failure == null ? format != null && format.startsWith(NOT_SKIPPABLE)
					: badRecord(failure) || PARTITIONS.equals(failure.getMessage());
			return repeated ? FilterReply.DENY : FilterReply.NEUTRAL;
		}

	}

}
