package io.rowlift.job;

import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.rowlift.RowliftException;
import io.rowlift.database.RunLock;
import io.rowlift.database.TargetDialect;

/**
 * The run lock of a table, as loads take it (contract, "Which run a command means"): one run per table
 * at a time, across processes (the dialect's lock: a named lock on MySQL, one per database file on
 * SQLite). A load waits up to {@code rowlift.job.lock-wait} for it and is refused (exit 3) after; the
 * scheduled service takes it at once or not at all ({@link #tryLock}) and lends it to the load it then
 * starts, because a second lock of the same table in this process would be refused. Thread-safe; one
 * held lock at a time.
 */
final class RunLocks {

	private static final Log log = LogFactory.getLog(RunLocks.class);

	private final DataSource dataSource;

	private final TargetDialect dialect;

	/** {@code spring.datasource.url}, which names the database the lock is of. */
	private final String url;

	/** The run lock a caller took with {@link #tryLock} and holds, with its table; null when none. */
	private volatile HeldLock held;

	RunLocks(DataSource dataSource, TargetDialect dialect, String url) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.url = url;
	}

	/**
	 * Takes the run lock of {@code table} for the caller, at once or not at all: the scheduled service
	 * claims a file this way before it looks at the file's history, so that two processes never decide
	 * about the same file at the same time. While the caller holds it, {@link #lock} of the same table
	 * uses it instead of taking its own (on SQLite the lock is one per database file, and a second one in
	 * this process would be refused). Closing the returned lock releases it. One held lock at a time.
	 * @return the lock, or null when another run holds it
	 */
	public RunLock tryLock(String table) throws SQLException {
		RunLock lock = this.dialect.locks().tryLock(this.dataSource, this.url, table);
		if (lock == null) {
			return null;
		}
		HeldLock held = new HeldLock(table, lock);
		this.held = held;
		return held;
	}

	/**
	 * The run lock of {@code table} at once: the one the caller holds ({@link #tryLock}), lent, else taken.
	 * @return the lock, or null when another run holds it
	 */
	RunLock tryLockOrLent(String table) throws SQLException, InterruptedException {
		try {
			return lock(table, java.time.Duration.ZERO);
		}
		catch (RowliftException ex) {
			return null; // another run holds it
		}
	}

	/**
	 * The run lock of {@code table} for a load: the one the caller holds ({@link #tryLock}) when it is
	 * this table's, lent (closing it releases nothing), else taken, waiting up to {@code wait} while
	 * another run holds it.
	 * @throws RowliftException exit 3 when another run still holds it after {@code wait}, naming the holder
	 */
	RunLock lock(String table, java.time.Duration wait) throws SQLException, InterruptedException {
		String url = this.url;
		HeldLock held = this.held;
		if (held != null && held.table.equalsIgnoreCase(table)) {
			return new RunLock() { // the caller's: it releases it, not this load
				@Override
				public String description() {
					return held.description();
				}

				@Override
				public void close() {
				}
			};
		}
		long deadline = System.nanoTime() + (wait == null || wait.isNegative() ? 0 : wait.toNanos());
		boolean told = false;
		int freed = 0;
		while (true) {
			RunLock lock = this.dialect.locks().tryLock(this.dataSource, url, table);
			if (lock != null) {
				return lock;
			}
			// who holds it: on SQLite the lock is one per database file, so it may be a load into another table
			Optional<String> holding = this.dialect.locks().runLockHolder(this.dataSource, url, table);
			if (holding.isEmpty() && freed++ < 3) {
				continue; // released in between: take it now
			}
			String holder = holding.orElse("");
			if (System.nanoTime() - deadline >= 0) {
				throw RowliftException.refused(RunLockRefusal.message(table, holder, this.dialect.id(), wait));
			}
			if (!told) {
				log.info("waiting up to " + RunLockRefusal.duration(wait) + " (rowlift.job.lock-wait) for the run lock, held by "
						+ RunLockRefusal.holder(holder));
				told = true;
			}
			Thread.sleep(200);
		}
	}

	/** A lock taken by {@link #tryLock}: closing it releases it and forgets it. */
	private final class HeldLock implements RunLock {

		private final String table;

		private final RunLock lock;

		HeldLock(String table, RunLock lock) {
			this.table = table;
			this.lock = lock;
		}

		@Override
		public String description() {
			return this.lock.description();
		}

		@Override
		public void close() {
			if (RunLocks.this.held == this) {
				RunLocks.this.held = null;
			}
			this.lock.close();
		}

	}

}
