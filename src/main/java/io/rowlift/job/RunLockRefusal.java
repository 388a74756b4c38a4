package io.rowlift.job;

import java.time.Duration;

/**
 * The refusal (exit 3) of a load whose run lock another load holds: names the load that holds it,
 * which on a database with one lock per database (SQLite: one per file) may be a load into another
 * table, and the two ways on: wait for it and run the same command, or let the command wait for the
 * lock ({@code rowlift.job.lock-wait}). Stateless.
 */
public final class RunLockRefusal {

	private RunLockRefusal() {
	}

	/**
	 * @param table the refused load's table
	 * @param holder the table whose load holds the lock, or "" when not known
	 * @param database the target database's id, for the message
	 * @param waited how long the load waited for the lock (zero: not at all)
	 */
	public static String message(String table, String holder, String database, Duration waited) {
		boolean waitedSome = waited != null && !waited.isNegative() && !waited.isZero();
		String running = holder.isEmpty() || holder.equalsIgnoreCase(table)
				? "a load into " + table + " is running now (it holds the run lock)"
				: "a load into " + holder + " is running now and holds the run lock of this " + database
						+ " database, which takes one load at a time, so this load into " + table + " cannot start";
		return "another run is active: " + running + (waitedSome ? "; waited " + duration(waited) + " for it" : "")
				+ "; wait for it to end and run the same command, or set rowlift.job.lock-wait="
				+ duration(waitedSome && waited.multipliedBy(2).compareTo(Duration.ofMinutes(10)) > 0 ? waited.multipliedBy(2)
						: Duration.ofMinutes(10))
				+ " to wait for the lock instead of being refused; nothing was written";
	}

	/** The holder as a log line names it. */
	static String holder(String holder) {
		return holder.isEmpty() ? "another load" : "a load into " + holder;
	}

	/** {@code 30s}, {@code 10m}, {@code 1500ms}: as the setting takes it. */
	static String duration(Duration wait) {
		if (wait.toMillis() % 60_000 == 0 && !wait.isZero()) {
			return wait.toMinutes() + "m";
		}
		if (wait.toMillis() % 1000 == 0) {
			return wait.toSeconds() + "s";
		}
		return wait.toMillis() + "ms";
	}

}
