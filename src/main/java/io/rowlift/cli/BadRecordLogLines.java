package io.rowlift.cli;

import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.Environment;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

import io.rowlift.model.BadRecordException;

/**
 * Keeps Spring Batch's ERROR lines about a bad record off the terminal: a record Rowlift rejects, or one that
 * spends the skip limit and fails the load, is said by Rowlift itself (the reject file and its reasons, or
 * {@code run N failed: file:line:column (byte N): ...} with what to do), so the framework's lines about the same
 * record only repeat it in words a user cannot act on (issue 34 item 11). A log file ({@code logging.file.name})
 * keeps them, with their stack traces, and {@code --debug} or {@code --trace} puts them back on the terminal, as
 * {@link ConsoleTraces} does with stack traces.
 *
 * <p>Left out, of Spring Batch's loggers at ERROR only: an event whose exception is, or is caused by, a
 * {@link BadRecordException}; and two lines that never carry a cause of their own, so they repeat one that does:
 * {@value #NOT_SKIPPABLE} (6.0.4) or {@value #NOT_SKIPPABLE_WRITE} (6.0.6) (no exception; {@code Rolling back chunk transaction} follows it on the same thread with
 * the exception, and is kept unless that is a bad record) and a partitioned step's {@value #PARTITIONS} (each
 * failed partition says why in its own step's line, and Rowlift's summary names the partition's failure, on a
 * cluster's manager too). Every other failure (a database gone, an internal error) keeps its ERROR line. Installed
 * on Boot's console appender once logging is set up (Boot resets logback's context before that). Stateless and
 * thread-safe.
 */
public final class BadRecordLogLines implements ApplicationListener<ApplicationPreparedEvent> {

	static final String FRAMEWORK = "org.springframework.batch.";

	/** Spring Batch 6.0.4's ChunkOrientedStep, before it rolls the chunk back (logged without the exception). */
	static final String NOT_SKIPPABLE = "Retry exhausted after last attempt in recovery path, but exception is not skippable";

	/** Spring Batch 6.0.6's ChunkOrientedStep, the same moment in its words (also logged without the exception). */
	static final String NOT_SKIPPABLE_WRITE = "Chunk write failed with an exception that cannot be skipped";

	/** Spring Batch's PartitionStep, when a partition failed (a JobExecutionException without a cause). */
	static final String PARTITIONS = "Partition handler returned an unsuccessful step";

	/** The name of the console appender in Boot's logback configuration. */
	static final String CONSOLE = "CONSOLE";

	@Override
	public void onApplicationEvent(ApplicationPreparedEvent event) {
		Environment environment = event.getApplicationContext().getEnvironment();
		if (set(environment, "debug") || set(environment, "trace")) {
			return;
		}
		if (LoggerFactory.getILoggerFactory() instanceof LoggerContext context) {
			Appender<ILoggingEvent> console = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender(CONSOLE);
			if (console != null && console.getCopyOfAttachedFiltersList().stream().noneMatch(Repeated.class::isInstance)) {
				console.addFilter(new Repeated());
			}
		}
	}

	private static boolean set(Environment environment, String key) {
		String value = environment.getProperty(key);
		return value != null && !value.equalsIgnoreCase("false");
	}

	/** Whether {@code failure} is a bad record: it or one of its causes is a {@link BadRecordException}. */
	static boolean badRecord(IThrowableProxy failure) {
		for (IThrowableProxy t = failure; t != null; t = t.getCause()) {
			if (BadRecordException.class.getName().equals(t.getClassName())) {
				return true;
			}
		}
		return false;
	}

	/** Denies Spring Batch's ERROR events that repeat a bad record or another line; neutral on everything else. */
	static final class Repeated extends Filter<ILoggingEvent> {

		@Override
		public FilterReply decide(ILoggingEvent event) {
			if (event.getLevel() != Level.ERROR || !event.getLoggerName().startsWith(FRAMEWORK)) {
				return FilterReply.NEUTRAL;
			}
			IThrowableProxy failure = event.getThrowableProxy();
			boolean repeated = failure == null ? event.getMessage() != null
					&& (event.getMessage().startsWith(NOT_SKIPPABLE) || event.getMessage().startsWith(NOT_SKIPPABLE_WRITE))
					: badRecord(failure) || PARTITIONS.equals(failure.getMessage());
			return repeated ? FilterReply.DENY : FilterReply.NEUTRAL;
		}

	}

}
