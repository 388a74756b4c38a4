package io.rowlift.job;

import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Optional;

import org.springframework.batch.core.BatchStatus;

/**
 * One load as the {@code status} command shows it: its last run, that run's state, and what the same
 * load command would do now. The state and the outlook are decided here from plain values
 * ({@link #state}, {@link #outlook}), with the load's own decision ({@link RunDecision}), so status
 * cannot tell an operator something the load would not do. Immutable.
 *
 * @param run the last run's number (job instance id)
 * @param state what that run is now
 * @param file the file as the operator named it
 * @param path the file's canonical path
 * @param table the table, as the database spells it
 * @param rows rows written by all runs of this run's load instance
 * @param filtered records the row filter (or a user's processor) left out, in all runs of the load
 * @param started when the last execution started
 * @param ended when it ended, or null (running or killed)
 * @param outlook what the same command would do now
 */
public record LoadStatus(long run, State state, String file, String path, String table, long rows, long filtered,
		LocalDateTime started, LocalDateTime ended, Outlook outlook) {

	/** What a run is now. */
	public enum State {

		/** It loaded the whole file. */
		COMPLETED,

		/** It failed; the same command resumes it. */
		FAILED,

		/** It was stopped (SIGTERM, SIGINT); the same command resumes it. */
		STOPPED,

		/** It runs now: its process holds the run lock. */
		RUNNING,

		/** It did not finish and its process is gone (the run lock is free): killed, or the machine stopped. */
		KILLED,

		/** {@code rowlift.job.start-over} gave it up. */
		ABANDONED;

		/** The state as status prints it. */
		public String label() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	/**
	 * What the same command would do now.
	 *
	 * @param action {@code new load}, {@code resume}, {@code start over} or {@code refuse}
	 * @param exitCode the exit code of a refusal (2 or 3), else 0
	 * @param reason why, in a few words ({@code already loaded}, {@code file changed since run 3}, ...), or ""
	 * @param message the whole message the command would print for a refusal, else ""
	 */
	public record Outlook(String action, int exitCode, String reason, String message) {

		/** The outlook in one short column: {@code resume run 3}, {@code refuse (exit 3): already loaded}. */
		public String label() {
			String exit = this.exitCode == 0 ? "" : " (exit " + this.exitCode + ")";
			return this.action + exit + (this.reason.isEmpty() ? "" : ": " + this.reason);
		}

	}

	/**
	 * The state of a run from its last execution's status and the run lock.
	 * @param status the last execution's status in the job repository
	 * @param lockedByThisLoad whether a process holds the run lock for this load's table now
	 */
	public static State state(BatchStatus status, boolean lockedByThisLoad) {
		return switch (status) {
			case COMPLETED -> State.COMPLETED;
			case STOPPED -> State.STOPPED;
			case ABANDONED -> State.ABANDONED;
			case STARTING, STARTED, STOPPING -> lockedByThisLoad ? State.RUNNING : State.KILLED;
			default -> State.FAILED; // FAILED, and UNKNOWN after a failed commit (resumed like a failure)
		};
	}

	/**
	 * What the same load command would do now, decided as the launcher decides it.
	 * @param last the load's last execution, its status as the job repository holds it
	 * @param fingerprint the file's fingerprint now, or empty when the file is gone or unreadable
	 * @param lockHolder who holds the run lock a load into this table would take (see
	 * {@code RunLocking#runLockHolder}), empty when it is free
	 * @param reload {@code rowlift.job.reload} of this command
	 * @param startOver {@code rowlift.job.start-over} of this command
	 * @param table the table, for messages
	 * @param file the file as the operator named it, for messages
	 */
	public static Outlook outlook(RunDecision.LastRun last, Optional<String> fingerprint, Optional<String> lockHolder,
			boolean reload, boolean startOver, String table, String file) {
		return outlook(last, fingerprint, lockHolder, reload, startOver, false, table, file);
	}

	/**
	 * As {@link #outlook(RunDecision.LastRun, Optional, Optional, boolean, boolean, String, String)}, for a
	 * command that may set {@code rowlift.job.keep-abandoned-rows}; the command's mode is taken to be the run's.
	 */
	public static Outlook outlook(RunDecision.LastRun last, Optional<String> fingerprint, Optional<String> lockHolder,
			boolean reload, boolean startOver, boolean keepAbandonedRows, String table, String file) {
		if (lockHolder.isPresent()) { // the launcher takes the lock before it looks at anything else
			String holder = lockHolder.get().isEmpty() || lockHolder.get().equalsIgnoreCase(table) ? "a load into " + table
					: "a load into " + lockHolder.get() + " (one load at a time per database file)";
			return new Outlook("refuse", 3, "another run is active",
					"another run is active: " + holder + " holds the run lock; wait for it to end");
		}
		if (fingerprint.isEmpty()) {
			return new Outlook("refuse", 2, "file missing", file + ": no such file (or not readable); check the path");
		}
		BatchStatus status = last.status().isRunning() ? BatchStatus.FAILED : last.status(); // killed: the launcher marks it failed
		RunDecision decision = RunDecision.decide(
				Optional.of(new RunDecision.LastRun(last.run(), status, last.fingerprint(), last.endTime(), last.mode(),
						last.committed())),
				fingerprint.get(), reload, startOver, keepAbandonedRows, table, last.mode());
		return switch (decision.kind()) {
			case RESUME -> new Outlook("resume", 0, "run " + decision.run() + ", its unfinished partitions from their last commit", "");
			case ABANDON_THEN_NEW -> new Outlook("start over", 0, "abandon run " + decision.run() + " (rowlift.job.start-over=true)", "");
			case NEW -> new Outlook("new load", 0, newReason(status, fingerprint.get().equals(last.fingerprint()), reload), "");
			case REFUSE -> new Outlook("refuse", 3,
					status == BatchStatus.COMPLETED ? "already loaded"
							: startOver ? "start-over refused" : "file changed since run " + decision.run(),
					decision.message());
		};
	}

	private static String newReason(BatchStatus last, boolean sameFile, boolean reload) {
		if (last == BatchStatus.COMPLETED) {
			return sameFile && reload ? "rowlift.job.reload=true" : "the file changed since";
		}
		return last == BatchStatus.ABANDONED ? "the last run was abandoned" : "";
	}

}
