package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;

import io.rowlift.database.IndexDefinition;
import io.rowlift.model.Checkpoints;

/**
 * Builds a table's indexes on a connection of its own, with a rollback journal instead of the
 * write-ahead log, and gives the file back in WAL mode.
 *
 * <p><b>Why:</b> in WAL mode every new index page is written twice, once to the log and once more by
 * the checkpoint into the file. With a rollback journal, pages added past the file's end are written
 * once and not journaled at all. Measured on the 30M-row ints table: 64-68 s against 81-85 s for the
 * same three indexes (docs/benchmarks.md, "SQLite write path").
 *
 * <p><b>Safety:</b> {@code synchronous=FULL} while the file is in rollback mode, as SQLite needs for a
 * power cut. Each index is built and committed in a transaction of its own. A kill in the middle
 * leaves a hot journal, which SQLite rolls back the next time the file is opened (Rowlift's pool
 * switches the file back to WAL as it opens): the index being built vanishes whole, the ledger still
 * holds it, and the next run builds it.
 *
 * <p><b>The switch:</b> SQLite leaves WAL mode only for a connection that is alone on the file. So
 * the pool keeps no idle connection while the build runs, and its idle ones are closed first. The
 * caller must hold none (the rebuild step runs outside a transaction). If another connection still
 * has the file open after {@value #SWITCH_WAIT_MS} ms (for example a user's {@code sqlite3} shell),
 * the indexes are built in WAL mode, as before, and the log says why.
 *
 * <p>Not thread-safe: one build per database at a time, which the run lock ensures.
 */
final class RollbackJournalIndexBuild {

	private static final Log log = LogFactory.getLog(RollbackJournalIndexBuild.class);

	/** How long to wait for the pool's closed connections to let go of the file. */
	static final long SWITCH_WAIT_MS = 5_000;

	/** The checkpoint inside the first index built with a rollback journal, before its commit. */
	static final String CHECKPOINT = "index-build";

	private final HikariDataSource pool;

	private final int threads;

	private final Checkpoints checkpoints;

	RollbackJournalIndexBuild(HikariDataSource pool, int threads, Checkpoints checkpoints) {
		this.pool = pool;
		this.threads = threads;
		this.checkpoints = checkpoints;
	}

	/** Builds {@code indexes} (each with its CREATE statement), then runs {@code analyze}. */
	void build(List<IndexDefinition> indexes, SqlWork analyze) throws SQLException {
		int minimumIdle = this.pool.getMinimumIdle();
		this.pool.getHikariConfigMXBean().setMinimumIdle(0);
		try {
			HikariPoolMXBean connections = this.pool.getHikariPoolMXBean();
			if (connections != null) {
				connections.softEvictConnections();
			}
			try (Connection connection = new org.sqlite.JDBC().connect(this.pool.getJdbcUrl(), new Properties())) {
				boolean rollback = leaveWal(connection);
				if (rollback) {
					log.info("building " + indexes.size() + " index(es) with a rollback journal; the file goes back to WAL mode afterwards");
				}
				try {
					create(connection, indexes, this.threads, rollback, this.checkpoints);
					analyze.run(connection);
				}
				finally {
					if (rollback) {
						backToWal(connection);
					}
				}
			}
		}
		finally {
			this.pool.getHikariConfigMXBean().setMinimumIdle(minimumIdle);
		}
	}

	/** Switches to a rollback journal; false if another connection kept the file (WAL then stays). */
	private boolean leaveWal(Connection connection) throws SQLException {
		long deadline = System.nanoTime() + SWITCH_WAIT_MS * 1_000_000;
		try (Statement st = connection.createStatement()) {
			st.execute("PRAGMA busy_timeout = 0"); // the switch is tried, not waited for
			try {
				while (true) {
					try {
						if ("delete".equalsIgnoreCase(single(st, "PRAGMA journal_mode = DELETE"))) {
							st.execute("PRAGMA synchronous = FULL");
							return true;
						}
					}
					catch (SQLException ex) {
						if ((ex.getErrorCode() & 0xff) != 5) { // SQLITE_BUSY: someone still has the file
							throw ex;
						}
					}
					if (System.nanoTime() > deadline) {
						log.info("another connection has the database open, so the indexes are built in WAL mode "
								+ "(every index page written twice); close other programs using the file for a faster rebuild");
						return false;
					}
					sleep(50);
				}
			}
			finally {
				st.execute("PRAGMA busy_timeout = 600000");
			}
		}
	}

	/**
	 * Creates {@code indexes} on {@code connection} with SQLite's sorter on {@code threads} threads,
	 * each in a transaction of its own; {@code rollback} says the file is in rollback-journal mode, and
	 * then the checkpoint {@value #CHECKPOINT} is announced inside the first index (built, not yet
	 * committed: the crash tests kill the run there).
	 */
	static void create(Connection connection, List<IndexDefinition> indexes, int threads, boolean rollback,
			Checkpoints checkpoints) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("PRAGMA threads = " + threads);
			connection.setAutoCommit(false);
			try {
				for (int i = 0; i < indexes.size(); i++) {
					st.execute(indexes.get(i).definition());
					if (i == 0 && rollback) {
						checkpoints.reached(CHECKPOINT);
					}
					connection.commit();
				}
			}
			catch (SQLException ex) {
				connection.rollback();
				throw ex;
			}
			finally {
				connection.setAutoCommit(true);
			}
		}
	}

	/**
	 * Back to WAL, which needs the file alone again. If that fails (a program opened the file
	 * meanwhile), the file is still sound in rollback mode, and the pool's next connection switches it.
	 */
	private void backToWal(Connection connection) {
		try (Statement st = connection.createStatement()) {
			String mode = single(st, "PRAGMA journal_mode = WAL");
			if (!"wal".equalsIgnoreCase(mode)) {
				log.warn("the database stayed in journal mode " + mode + " after the index build; the next connection "
						+ "Rowlift opens switches it back to WAL");
			}
		}
		catch (SQLException ex) {
			log.warn("cannot switch the database back to WAL mode after the index build (" + ex.getMessage()
					+ "); the next connection Rowlift opens switches it back");
		}
	}

	private static String single(Statement st, String sql) throws SQLException {
		try (ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getString(1) : null;
		}
	}

	private static void sleep(long ms) throws SQLException {
		try {
			Thread.sleep(ms);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SQLException("interrupted while waiting to build the indexes", ex);
		}
	}

	/** Work on the build's connection. */
	@FunctionalInterface
	interface SqlWork {

		void run(Connection connection) throws SQLException;

	}

}
