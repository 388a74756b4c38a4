package io.rowlift.load;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.springframework.batch.core.BatchStatus;

import io.rowlift.database.TargetMode;
import io.rowlift.job.RunDecision;
import io.rowlift.model.BadRecordException;
import io.rowlift.model.PrintableName;
import io.rowlift.source.FileChange;

/**
 * What an operator does after a failed run, when "run the same command again" would not help: the
 * file changed while it was loaded ({@link FileChange}), or a record that the same command meets
 * again (a bad record over {@code rowlift.job.skip-limit}, a quote that is never closed). Empty for
 * the failures a rerun resumes past (a lost connection, a full disk, a kill). Stateless.
 */
public final class NextStep {

	/** The parser's words for a quote that is never closed (CsvRecordParser, RecordTokenizer, SpringRangeReader). */
	static final String UNCLOSED = "is never closed";

	/** The parser's words for a record that has no end within rowlift.source.max-record-size. */
	static final String TOO_LONG = "usually a quote that is never closed";

	private NextStep() {
	}

	/**
	 * Whether the database's refusal of a row is one of a key that {@code table} held before the load: a row of
	 * the table (not one this load wrote) has it. Asked only about a row the database refused.
	 */
	@FunctionalInterface
	interface HeldKeys {

		boolean before(java.sql.SQLException refusal);

	}

	/**
	 * A bad record the database refused for a key the table held before the load ({@code held}: a reload, an
	 * append into a table with rows) is advised the modes that load over rows already there first, each with
	 * its exact flags, then a fixed file; a higher skip limit is not advised there, since mode {@code ignore}
	 * skips and counts those rows as it should.
	 * @param fingerprint the fingerprint the run took of {@code file} at its start
	 * @param run the run's number
	 * @param committed rows committed by all runs of the load so far
	 * @param display the file as the operator named it
	 * @param rejectFile where bad records go ({@code <input>.rejects.csv} by default)
	 * @param mode the run's mode, for the start-over advice ({@link RunDecision#startOver}: never one that doubles rows)
	 * @param held whether a refusal is of a key the table held before the load
	 * @return lines for standard error (without the {@code rowlift: } prefix), or empty
	 */
	static Optional<List<String>> after(List<Throwable> failures, Path file, String fingerprint, long run, long committed,
			String table, String display, Path rejectFile, TargetMode mode, HeldKeys held) {
		RunDecision.LastRun failed = new RunDecision.LastRun(run, BatchStatus.FAILED, fingerprint, null, mode, committed);
		display = PrintableName.of(display); // only printed below
		try {
			Optional<String> changed = FileChange.since(file, fingerprint);
			if (changed.isPresent()) {
				return Optional.of(List.of(changed.get(), FileChange.whatToDo(run, RunDecision.startOver(failed, mode, table))));
			}
		}
		catch (IOException | RuntimeException ex) {
			// cannot tell: say nothing about a change
		}
		if (explained(failures)) {
			return Optional.of(List.of()); // its message says what to do
		}
		Optional<BadRecordException> bad = badRecord(failures);
		if (bad.isEmpty()) {
			return Optional.empty();
		}
		String message = bad.get().getMessage();
		String fix = committed == 0
				? "fix the file there and load it again with --rowlift.job.start-over=true (run " + run
						+ " committed no rows, so none is loaded twice)"
				: "fix the file there and load it again: " + RunDecision.startOver(failed, mode, table);
		String skip = "leave the file as it is and run the same command with a higher rowlift.job.skip-limit: bad records then go to "
				+ PrintableName.of(rejectFile) + " (reasons in " + PrintableName.of(rejectFile + ".reasons.csv")
				+ "), which you fix and load into " + table + " like any file (see docs/failures.md)";
		java.sql.SQLException refusal = refusal(bad.get());
		if (refusal != null && held.before(refusal)) {
			return Optional.of(List.of("this is an error in " + display + " that the same command meets again: " + table
					+ " held rows before this load, and the database refused a row of the file for a key one of them has: "
					+ modes(table) + "; or, where the file should not hold that row: " + fix));
		}
		if (message.contains(TOO_LONG)) {
			return Optional.of(List.of("this is an error in " + display + " that the same command meets again, and "
					+ "rowlift.job.skip-limit does not get past it (a record without an end cannot be skipped): " + fix));
		}
		if (message.contains(UNCLOSED)) {
			return Optional.of(List.of("this is an error in " + display + " that the same command meets again: " + fix
					+ "; or " + skip + ". A quote that is never closed makes everything up to the next quote, here the end of "
					+ "the file, one record, so that one rejected record holds all of it"));
		}
		return Optional.of(List.of("this is an error in " + display + " that the same command meets again: " + fix + "; or " + skip));
	}

	/** The advice after a failure that a resume mends: the same command, and what is committed so far. */
	static String resume(long committed) {
		return "run the same command again to resume from the last commit (" + io.rowlift.report.RowCount.of(committed) + " committed so far)";
	}

	/**
	 * The modes that load a file over rows already there (docs/modes.md), with the flags that choose them: a
	 * start-over too, since the failed run cannot be resumed in another mode ({@link RunDecision}).
	 */
	private static String modes(String table) {
		return "to load the file over them, run the same command with --rowlift.job.start-over=true and one of"
				+ " --rowlift.target.mode=upsert (rows whose key " + table + " has update those rows),"
				+ " --rowlift.target.mode=ignore (they are skipped and counted), --rowlift.target.mode=truncate (" + table
				+ " is emptied first, of all its rows) or --rowlift.target.mode=replace (the file is loaded beside " + table
				+ " and swapped in: " + table + " then holds the file's rows only); see docs/modes.md";
	}

	/** The database's refusal behind a bad record, or null for a record Rowlift refused itself. */
	private static java.sql.SQLException refusal(BadRecordException bad) {
		for (Throwable t = bad.getCause(); t != null; t = t.getCause()) {
			if (t instanceof java.sql.SQLException refusal) {
				return refusal;
			}
		}
		return null;
	}

	/**
	 * The line a failed or stopped load ends with while indexes it dropped are not back: which, and the two
	 * ways back (the same command, which resumes and rebuilds them at its end, or {@code rebuild-indexes}).
	 * @param indexes the names of the indexes of {@code table} in the ledger, not empty
	 */
	public static String indexesStillDropped(String table, List<String> indexes) {
		return indexesStillDropped(table, indexes, false);
	}

	/**
	 * As {@link #indexesStillDropped(String, List)}; after a failure whose message already says what to run
	 * ({@code explained}, an {@link io.rowlift.ExplainedFailure}: a unique index that repeated keys keep from
	 * being built), the line points at that command instead: the same command alone, or rebuild-indexes,
	 * would fail the same way.
	 */
	public static String indexesStillDropped(String table, List<String> indexes, boolean explained) {
		String missing = "the load dropped " + indexes.size() + " index(es) of " + table + " that are not back yet: "
				+ String.join(", ", indexes) + " (queries on " + table + " run without them, unique keys go unchecked); ";
		return explained ? missing + "the command the message above gives rebuilds them at its end"
				: missing + "run the same command again to resume (once the cause above is gone): it rebuilds them at its end; "
						+ "or put them back now with: rowlift rebuild-indexes --rowlift.target.table=" + table
						+ " (with the same database settings)";
	}

	/** Whether one of {@code failures} (or a cause) is an {@link io.rowlift.ExplainedFailure}. */
	static boolean explained(List<Throwable> failures) {
		for (Throwable failure : failures) {
			for (Throwable t = failure; t != null; t = t.getCause()) {
				if (t instanceof io.rowlift.ExplainedFailure) {
					return true;
				}
			}
		}
		return false;
	}

	private static Optional<BadRecordException> badRecord(List<Throwable> failures) {
		for (Throwable failure : failures) {
			for (Throwable t = failure; t != null; t = t.getCause()) {
				if (t instanceof BadRecordException bad) {
					return Optional.of(bad);
				}
			}
		}
		return Optional.empty();
	}

}
