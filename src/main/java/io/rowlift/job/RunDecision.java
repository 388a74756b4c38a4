package io.rowlift.job;

import java.time.LocalDateTime;
import java.util.Optional;

import org.springframework.batch.core.BatchStatus;

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
	 */
	public record LastRun(long run, BatchStatus status, String fingerprint, LocalDateTime endTime) {
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
					+ " and load the file as it is now (rows run " + run + " committed stay in " + table + ")");
		}
		// FAILED, STOPPED, and UNKNOWN (a failed commit): each partition's rows and its context commit
		// together, so the repository's contexts say where to resume (FailedCommitRecovery marks it failed)
		return new RunDecision(Kind.RESUME, run, null);
	}

	private static RunDecision refuse(long run, String message) {
		return new RunDecision(Kind.REFUSE, run, message);
	}

}
