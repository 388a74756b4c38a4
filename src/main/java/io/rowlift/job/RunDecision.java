package io.rowlift.job;

import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;

import org.springframework.batch.core.BatchStatus;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetMode;

/**
 * Which run a load command means (contract, "Which run a command means"), decided from the last
 * execution of the same load and this run's file alone: no database, no side effects. The launcher
 * carries the decision out (abandons, deletes the sorted runs, starts, or refuses with exit 3).
 *
 * <p>Start-over never keeps an abandoned run's rows under a new load silently (contract, "Which run a
 * command means"). Rowlift cannot remove them exactly: a table's rows carry nothing that says which run
 * wrote them, SQLite's rowids are the file's own keys in a table with an INTEGER PRIMARY KEY (and absent in
 * a WITHOUT ROWID table), and MySQL's auto-increment values interleave between partitions, or do not exist.
 * So a start-over in mode {@code append} of a run that committed rows to the table (any mode but
 * {@code replace}, whose rows went to its staging table) is refused unless the operator chose: mode
 * {@code truncate} or {@code replace}, or {@code rowlift.job.keep-abandoned-rows=true}. Modes
 * {@code upsert} and {@code ignore} match rows on a key, so the abandoned rows are not doubled there.
 * Every message that advises a start-over takes its words from {@link #startOver}.
 *
 * @param kind what to do
 * @param run the job instance of the last execution (to resume or abandon), or -1 when there is none
 * @param message for {@link Kind#REFUSE} the refusal as the operator reads it, else null
 */
public record RunDecision(Kind kind, long run, String message) {

	/** What the launcher does. */
	public enum Kind {

		/** Start a new job instance. */
		NEW,

		/** Restart the last execution's job instance: only its unfinished partitions run. */
		RESUME,

		/**
		 * Abandon the unfinished last run (its committed rows stay until a truncate or a replace's swap), then
		 * start a new job instance.
		 */
		ABANDON_THEN_NEW,

		/** Start nothing: exit 3 with {@link #message()}. */
		REFUSE

	}

	/**
	 * The last execution of a load, as far as the decision needs it.
	 *
	 * @param run its job instance id
	 * @param status its status; never a running one (the launcher first marks a run whose process is gone failed)
	 * @param fingerprint the fingerprint of the file it loaded ({@value LoadJobNames#FINGERPRINT})
	 * @param endTime when it ended, for the refusal of a reload
	 * @param mode the load mode its first run fixed ({@value LoadJobNames#MODE})
	 * @param committed rows its partitions committed over all its executions (exact: rows and progress
	 * commit together), or -1 when not known (then taken to be some)
	 */
	public record LastRun(long run, BatchStatus status, String fingerprint, LocalDateTime endTime, TargetMode mode,
			long committed) {

		public LastRun {
			mode = mode == null ? TargetMode.APPEND : mode;
		}

		/** A run whose committed rows are not known. */
		public LastRun(long run, BatchStatus status, String fingerprint, LocalDateTime endTime, TargetMode mode) {
			this(run, status, fingerprint, endTime, mode, -1);
		}

		/** A run in mode {@code append} whose committed rows are not known. */
		public LastRun(long run, BatchStatus status, String fingerprint, LocalDateTime endTime) {
			this(run, status, fingerprint, endTime, TargetMode.APPEND);
		}

	}

	/**
	 * @param last the last execution of this load (same table and canonical file), if any
	 * @param fingerprint this run's fingerprint of the file
	 * @param reload {@code rowlift.job.reload}
	 * @param startOver {@code rowlift.job.start-over}
	 * @param table the table as the database spells it, for messages
	 */
	public static RunDecision decide(Optional<LastRun> last, String fingerprint, boolean reload, boolean startOver,
			String table) {
		return decide(last, fingerprint, reload, startOver, table, last.map(LastRun::mode).orElse(TargetMode.APPEND));
	}

	/**
	 * As {@link #decide(Optional, String, boolean, boolean, String)}, and a resume is refused when this
	 * command's mode differs from the one the unfinished run started in: resuming it in the other mode
	 * would surprise (a replace that appends), and switching modes half-way cannot be done exactly.
	 * @param mode the mode and key this command sets ({@code rowlift.target.mode}, {@code upsert-key})
	 */
	public static RunDecision decide(Optional<LastRun> last, String fingerprint, boolean reload, boolean startOver,
			String table, TargetMode mode) {
		return decide(last, fingerprint, reload, startOver, false, table, mode);
	}

	/**
	 * As {@link #decide(Optional, String, boolean, boolean, String, TargetMode)}, and a start-over that would
	 * keep the abandoned run's rows under the new load is refused unless {@code keepAbandonedRows}.
	 * @param keepAbandonedRows {@code rowlift.job.keep-abandoned-rows}
	 */
	public static RunDecision decide(Optional<LastRun> last, String fingerprint, boolean reload, boolean startOver,
			boolean keepAbandonedRows, String table, TargetMode mode) {
		if (last.isEmpty()) {
			return new RunDecision(Kind.NEW, -1, null);
		}
		LastRun found = last.get();
		long run = found.run();
		boolean sameFile = fingerprint.equals(found.fingerprint());
		BatchStatus status = found.status();
		if (status == BatchStatus.COMPLETED) {
			if (sameFile && !reload) {
				return refuse(run, "already loaded: run " + run + " loaded this file into " + table + " (completed "
						+ found.endTime() + ") and the file has not changed since; set rowlift.job.reload=true to load it again");
			}
			return new RunDecision(Kind.NEW, run, null);
		}
		if (status == BatchStatus.ABANDONED) {
			return new RunDecision(Kind.NEW, run, null);
		}
		if (startOver) {
			if (keepsRows(found, mode) && !keepAbandonedRows) {
				return refuse(run, "start-over refused: run " + run + " (" + status + ") committed " + rows(found.committed())
						+ " to " + table + " in " + describe(found.mode()) + ", and Rowlift cannot tell them apart from " + table
						+ "'s other rows to remove them: a new load in " + describe(mode) + " would keep them under it, rows "
						+ "that both loads hold twice. Nothing was written. Set one of these too (with rowlift.job.start-over=true): "
						+ choices(found, table));
			}
			return new RunDecision(Kind.ABANDON_THEN_NEW, run, null);
		}
		if (!sameFile) {
			return refuse(run, "file changed since run " + run + ", which did not finish (" + status
					+ "): resuming it would load a different file; " + (keepsRows(found, mode)
							? "to abandon run " + run + " and load the file as it is now, " + startOver(found, mode, table)
							: "set rowlift.job.start-over=true to abandon run " + run + " and load the file as it is now ("
									+ afterAbandon(found, table) + ")"));
		}
		if (!mode.equals(found.mode())) {
			return refuse(run, "mode changed since run " + run + ", which did not finish (" + status + "): it started with "
					+ describe(found.mode()) + " and this command sets " + describe(mode) + "; run the command with "
					+ describe(found.mode()) + " to resume run " + run + (keepsRows(found, mode)
							? ", or, to abandon it and load with " + describe(mode) + ", " + startOver(found, mode, table)
							: ", or set rowlift.job.start-over=true to abandon it and load with " + describe(mode) + " ("
									+ afterAbandon(found, table) + ")"));
		}
		// FAILED, STOPPED, and UNKNOWN (a failed commit): each partition's rows and its context commit
		// together, so the repository's contexts say where to resume (FailedCommitRecovery marks it failed)
		return new RunDecision(Kind.RESUME, run, null);
	}

	/**
	 * How to abandon {@code last} and load the file as it is now, in words that cannot double rows: "set
	 * rowlift.job.start-over=true (...)" where that alone is safe, else the explicit choices. For every
	 * message that advises a start-over (a refusal here, a failed run's next step).
	 * @param mode the mode of the command that would start over
	 */
	public static String startOver(LastRun last, TargetMode mode, String table) {
		if (!keepsRows(last, mode)) {
			return "set rowlift.job.start-over=true (" + afterAbandon(last, table) + ")";
		}
		return "run " + last.run() + " committed " + rows(last.committed()) + " to " + table
				+ ", which Rowlift cannot tell apart from its other rows, so set rowlift.job.start-over=true and one of: "
				+ choices(last, table);
	}

	/**
	 * Whether abandoning {@code last} for a new load in {@code mode} would keep its rows under that load:
	 * mode {@code append} after a run that committed rows (or may have) into the table itself.
	 */
	static boolean keepsRows(LastRun last, TargetMode mode) {
		return mode.mode() == LoadMode.APPEND && last.mode().mode() != LoadMode.REPLACE && last.committed() != 0;
	}

	/**
	 * The explicit choices of a start-over that would otherwise keep {@code last}'s rows, as settings to set
	 * (not options to add: a command that already has {@code --rowlift.target.mode=append} or
	 * {@code --rowlift.job.start-over=true} would get the key twice, which Boot does not bind).
	 */
	private static String choices(LastRun last, String table) {
		return "rowlift.target.mode=truncate (empties " + table + ", also of the rows it held before run " + last.run()
				+ ", then loads the file); rowlift.target.mode=replace (loads the file beside " + table + " and swaps it in: "
				+ table + " then holds the file's rows only); or rowlift.job.keep-abandoned-rows=true (the " + rows(last.committed())
				+ " of run " + last.run() + " stay in " + table + " beside the new load: for when you have removed them yourself, "
				+ "or want them kept)";
	}

	private static String rows(long committed) {
		return committed < 0 ? "rows" : String.format(Locale.ROOT, "%,d row%s", committed, committed == 1 ? "" : "s");
	}

	/** What abandoning {@code last} leaves, for messages. */
	private static String afterAbandon(LastRun last, String table) {
		return switch (last.mode().mode()) {
			case REPLACE -> "its staging table is dropped and " + table + " keeps its rows until a run swaps";
			case TRUNCATE -> "rows run " + last.run() + " committed stay in " + table + " until the new run empties it";
			default -> last.committed() == 0 ? "run " + last.run() + " committed no rows to " + table
					: "rows run " + last.run() + " committed stay in " + table;
		};
	}

	private static String describe(TargetMode mode) {
		return "rowlift.target.mode=" + mode.mode().setting()
				+ (mode.upsertKey() == null ? "" : " (rowlift.target.upsert-key=" + mode.upsertKey() + ")");
	}

	private static RunDecision refuse(long run, String message) {
		return new RunDecision(Kind.REFUSE, run, message);
	}

}
