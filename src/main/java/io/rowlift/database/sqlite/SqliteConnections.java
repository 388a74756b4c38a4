package io.rowlift.database.sqlite;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.time.Duration;
import java.util.Properties;
import java.util.logging.Logger;

import javax.sql.DataSource;

import org.sqlite.BusyHandler;

import io.rowlift.database.JdbcUrl;

/**
 * Opens the pool's connections to a SQLite file so that they wait for a file locked by another run of
 * Rowlift no longer than {@link RunLockBusyWait} says. sqlite-jdbc runs the URL's pragmas as it opens a
 * connection, before a busy handler can be set, and any of them waits while another connection has the
 * file locked (a run's index build with a rollback journal lets no one in): so each connection opens
 * with a {@code busy_timeout} chosen by who holds the run lock at that moment, and gets the handler for
 * everything after. Before, a second command during another run's index build waited the whole busy
 * timeout (10 minutes) while Rowlift started, then failed with {@code SQLITE_BUSY}. Thread-safe.
 */
final class SqliteConnections implements DataSource {

	private final JdbcUrl url;

	private final Path lockFile;

	private final Duration lockWait;

	private volatile int loginTimeout;

	/**
	 * @param url the pool's URL
	 * @param lockFile the database's run lock file
	 * @param lockWait {@code rowlift.job.lock-wait}
	 */
	SqliteConnections(String url, Path lockFile, Duration lockWait) {
		this.url = JdbcUrl.parse(url);
		this.lockFile = lockFile;
		this.lockWait = lockWait;
	}

	@Override
	public Connection getConnection() throws SQLException {
		long since = System.nanoTime();
		Connection connection;
		while (true) {
			long wait = RunLockBusyWait.limitNanos(RunLockBusyWait.holder(this.lockFile), RunLockBusyWait.nanos(this.lockWait));
			long left = Math.max(0, since + wait - System.nanoTime());
			try {
				connection = new org.sqlite.JDBC().connect(this.url.with("busy_timeout", String.valueOf(left / 1_000_000)).toString(),
						new Properties());
				break;
			}
			catch (SQLException ex) {
				// SQLite answers some waits with SQLITE_BUSY at once instead of asking the busy timeout (the file
				// going back to WAL as the other run ends its index build): tried again until the wait is over
				if (!SqliteFailures.busy(ex) || System.nanoTime() - since >= wait) {
					throw ex;
				}
				sleep();
			}
		}
		try {
			BusyHandler.setHandler(connection, new RunLockBusyWait(this.lockFile, this.lockWait));
			return connection;
		}
		catch (SQLException | RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	private static void sleep() throws SQLException {
		try {
			Thread.sleep(100);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SQLException("interrupted while waiting for the database", ex);
		}
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		return getConnection(); // SQLite has no users
	}

	@Override
	public PrintWriter getLogWriter() {
		return null;
	}

	@Override
	public void setLogWriter(PrintWriter out) {
	}

	/**
	 * Kept for the pool, which sets it from its connection timeout and waits as long for a connection it is
	 * still opening when it closes: 0 made HikariCP give up at once and log "Timed-out waiting for add connection
	 * executor to shutdown" at WARN at the end of a run. Opening a connection waits as {@link RunLockBusyWait} says.
	 */
	@Override
	public void setLoginTimeout(int seconds) {
		this.loginTimeout = seconds;
	}

	@Override
	public int getLoginTimeout() {
		return this.loginTimeout;
	}

	@Override
	public Logger getParentLogger() throws SQLFeatureNotSupportedException {
		throw new SQLFeatureNotSupportedException();
	}

	@Override
	public <T> T unwrap(Class<T> type) throws SQLException {
		if (type.isInstance(this)) {
			return type.cast(this);
		}
		throw new SQLException("not a wrapper of " + type);
	}

	@Override
	public boolean isWrapperFor(Class<?> type) {
		return type.isInstance(this);
	}

}
