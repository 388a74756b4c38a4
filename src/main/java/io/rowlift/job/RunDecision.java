package io.rowlift.job;

import java.time.LocalDateTime;
import java.util.Optional;

import org.springframework.batch.core.BatchStatus;

import io.rowlift.database.TargetMode;

/**
 * Which run a load command means (contract, "Which run a command means"), decided from the last
 * execution of the same load and this run's file alone: no database, no side effects. The launcher
 * carries the decision out (abandons, deletes the sorted runs, starts, or refuses with exit 3).
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

		/** Abandon the unfinished last run (its committed rows stay), then start a new job instance. */
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
	 */
	public record LastRun(long run, BatchStatus status, String fingerprint, LocalDateTime endTime, TargetMode mode) {

		public LastRun {
			mode = mode == null ? TargetMode.APPEND : mode;
		}

		/** A run in mode {@code append}. */
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
			return new RunDecision(Kind.ABANDON_THEN_NEW, run, null);
		}
		if (!sameFile) {
			return refuse(run, "file changed since run " + run + ", which did not finish (" + status
					+ "): resuming it would load a different file; set rowlift.job.start-over=true to abandon run " + run
					+ " and load the file as it is now (" + afterAbandon(found, table) + ")");
		}
		if (!mode.equals(found.mode())) {
			return refuse(run, "mode changed since run " + run + ", which did not finish (" + status + "): it started with "
					+ describe(found.mode()) + " and this command sets " + describe(mode) + "; run the command with "
					+ describe(found.mode()) + " to resume run " + run + ", or set rowlift.job.start-over=true to abandon it and load with "
					+ describe(mode) + " (" + afterAbandon(found, table) + ")");
		}
		// FAILED, STOPPED, and UNKNOWN (a failed commit): each partition's rows and its context commit
		// together, so the repository's contexts say where to resume (FailedCommitRecovery marks it failed)
		return new RunDecision(Kind.RESUME, run, null);
	}

	/** What abandoning {@code last} leaves, for messages. */
	private static String afterAbandon(LastRun last, String table) {
		return switch (last.mode().mode()) {
			case REPLACE -> "its staging table is dropped and " + table + " keeps its rows until a run swaps";
			case TRUNCATE -> "rows run " + last.run() + " committed stay in " + table + " until the new run empties it";
			default -> "rows run " + last.run() + " committed stay in " + table;
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
