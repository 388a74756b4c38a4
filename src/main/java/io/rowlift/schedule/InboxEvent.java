package io.rowlift.schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * What the scheduled service did with its inbox, published as Spring application events on the
 * service's thread as each thing happens. Health and metrics listen to these instead of reaching into
 * the service, so the service knows nothing of them. Immutable.
 */
public sealed interface InboxEvent {

	/**
	 * A file was loaded completely (and moved to the archive folder, unless that is off).
	 *
	 * @param file the file where it was found in the inbox
	 * @param table the table it went into
	 * @param run the load's run number
	 * @param rows rows this run wrote
	 * @param bytes the file's size
	 * @param rejected records rejected over the load's runs
	 * @param elapsed this run's wall time
	 */
	record FileLoaded(Path file, String table, long run, long rows, long bytes, long rejected, Duration elapsed)
			implements InboxEvent {
	}

	/**
	 * A file that was not loaded on purpose and is reported: its content was loaded already under
	 * another name, for example. Files that are merely not ready (settling, dot-files, .tmp/.part) are not
	 * reported one by one; they count as waiting in {@link TickCompleted}.
	 *
	 * @param file the file
	 * @param reason why, in a few words
	 */
	record FileSkipped(Path file, String reason) implements InboxEvent {
	}

	/**
	 * A file's load failed.
	 *
	 * @param file the file
	 * @param table the table it was going into
	 * @param attempt which attempt this was (1 for the first)
	 * @param maxAttempts attempts allowed before the file moves to {@code failed/}
	 * @param movedToFailed whether it was moved to {@code failed/} (with its reasons file)
	 * @param reason the failure, one line
	 */
	record FileFailed(Path file, String table, int attempt, int maxAttempts, boolean movedToFailed, String reason)
			implements InboxEvent {
	}

	/**
	 * A tick ended.
	 *
	 * @param started when it started
	 * @param elapsed how long it took
	 * @param loaded files loaded in this tick
	 * @param failed files whose load failed in this tick
	 * @param skipped files skipped and reported in this tick
	 * @param waiting files in the inbox left for a later tick (settling, not ready, or not reached)
	 * @param failedFiles files in the inbox's {@code failed/} folder
	 * @param outcome {@code ok}, {@code failed} (a load failed) or {@code error} (the tick itself could not
	 * run: the inbox unreadable, the database unreachable), with the reason after a colon
	 */
	record TickCompleted(Instant started, Duration elapsed, int loaded, int failed, int skipped, int waiting,
			int failedFiles, String outcome) implements InboxEvent {
	}

}
