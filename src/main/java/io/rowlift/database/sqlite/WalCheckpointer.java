package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.rowlift.database.JdbcUrl;
import io.rowlift.database.LoadCompanion;

/**
 * Folds the write-ahead log into the database file on a thread of its own while the load step runs, so
 * that the writer does not.
 *
 * <p><b>Why:</b> in WAL mode every page a chunk writes goes to the log at its commit, and later once more
 * into the file by a checkpoint, which SQLite runs on the committing connection (every 1,000 pages by
 * default): the writer, the load's bottleneck into SQLite, copied each page twice. A profile of {@code docs}
 * 1M (983.9 MiB) put most of the writer's time in the kernel's file writes. Here the writer only appends to
 * the log; this thread copies what it committed into the file meanwhile, on the other processor (measured in
 * docs/benchmarks.md, "Session 17: the write-ahead log folded beside the writer").
 *
 * <p><b>How:</b> every {@value #INTERVAL_MS} ms a {@code PRAGMA wal_checkpoint(PASSIVE)} on a connection of
 * its own. A passive checkpoint copies the committed frames no reader still needs, takes no lock a writer
 * waits for and never waits itself; one with nothing to copy costs a few microseconds. It resumes where the
 * last one stopped, so the writer's own automatic checkpoint (left as it was, the bound on the log's size)
 * finds little or nothing left to copy, and once every frame is in the file the next write transaction
 * starts the log over from its beginning. What the file holds is unchanged: a checkpoint only moves
 * committed pages; a run killed meanwhile leaves a log SQLite replays on its next open, as before.
 *
 * <p><b>Lifetime:</b> {@link #start} at the load step's start, {@link #close} at its end, before the index
 * build, which needs to be alone on the file to leave WAL mode ({@link RollbackJournalIndexBuild}). If its
 * connection cannot be opened or a checkpoint fails otherwise than busy, the thread ends with a debug line
 * and the writers checkpoint as they did before. Thread-safe.
 */
final class WalCheckpointer implements LoadCompanion {

	private static final Log log = LogFactory.getLog(WalCheckpointer.class);

	/** How often a checkpoint is tried: a 10,000-row chunk of short rows commits every 10-40 ms. */
	static final long INTERVAL_MS = 10;

	/** How long {@link #close} waits for a checkpoint under way to end. */
	static final long STOP_WAIT_MS = 10_000;

	private final String url;

	private final Thread thread;

	private volatile boolean stopped;

	/** Checkpoints that found frames of the log in the file (a checkpoint reports them per log, which starts over). */
	private volatile long copying;

	private WalCheckpointer(String url) {
		// never wait on a lock: a passive checkpoint does not, and closing must not hang on the pool's busy timeout
		this.url = JdbcUrl.parse(url).with("busy_timeout", "0").toString();
		this.thread = new Thread(this::run, "rowlift-wal-checkpoint");
		this.thread.setDaemon(true);
	}

	/**
	 * Starts the checkpoints of the database at {@code url} (a {@code jdbc:sqlite:} URL, its parameters
	 * included).
	 */
	static WalCheckpointer start(String url) {
		WalCheckpointer checkpointer = new WalCheckpointer(url);
		checkpointer.thread.start();
		return checkpointer;
	}

	/** How many checkpoints found frames of the log in the file (for tests and the debug log). */
	long checkpointsThatCopied() {
		return this.copying;
	}

	/** Whether the thread still runs. */
	boolean running() {
		return this.thread.isAlive();
	}

	private void run() {
		try (Connection connection = new org.sqlite.JDBC().connect(this.url, new Properties());
				Statement statement = connection.createStatement()) {
			while (!this.stopped) {
				checkpoint(statement);
				LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(INTERVAL_MS));
			}
			log.debug("checkpoints beside the load ended: " + this.copying + " found frames of the log in the file");
		}
		catch (SQLException | RuntimeException ex) {
			log.debug("checkpoints beside the load stopped (the writers checkpoint themselves): " + ex.getMessage());
		}
	}

	private void checkpoint(Statement statement) throws SQLException {
		try (ResultSet result = statement.executeQuery("PRAGMA wal_checkpoint(PASSIVE)")) {
			if (result.next() && result.getLong(3) > 0) { // busy, frames in the log, frames of it in the file
				this.copying++;
			}
		}
		catch (SQLException ex) {
			if (!SqliteFailures.busy(ex)) {
				throw ex;
			}
			// another checkpoint (the writer's own) is under way: try again next time
		}
	}

	/** Stops the checkpoints and closes the connection; waits at most {@value #STOP_WAIT_MS} ms. */
	@Override
	public void close() {
		this.stopped = true;
		LockSupport.unpark(this.thread);
		try {
			this.thread.join(STOP_WAIT_MS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
