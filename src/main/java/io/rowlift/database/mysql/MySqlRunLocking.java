package io.rowlift.database.mysql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import io.rowlift.database.RunLock;
import io.rowlift.database.RunLocking;

/**
 * MySQL's run lock: {@code GET_LOCK} on a connection held for the run, one per database and table, so the index
 * drop and rebuild of two loads never interleave; and the statements a killed run left on the server, found by
 * their tag ({@link MySqlTableSql#statementTag}).
 */
final class MySqlRunLocking implements RunLocking {

	private final MySqlDialect dialect;

	MySqlRunLocking(MySqlDialect dialect) {
		this.dialect = dialect;
	}

	/** Under the dialect's name, as operators' logs and the docs have shown these lines. */
	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(MySqlDialect.class);

	@Override
	public RunLock tryLock(DataSource dataSource, String jdbcUrl, String table) throws SQLException {
		Connection connection = dataSource.getConnection();
		try {
			String name = lockName(connection.getCatalog(), table);
			try (PreparedStatement ps = connection.prepareStatement("SELECT GET_LOCK(?, 0)")) {
				ps.setString(1, name);
				try (ResultSet rs = ps.executeQuery()) {
					if (rs.next() && rs.getInt(1) == 1) {
						return new NamedRunLock(connection, name, connection.getCatalog() + "." + table);
					}
				}
			}
			connection.close();
			return null;
		}
		catch (SQLException | RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	/** {@code IS_USED_LOCK}: looks at the named lock without taking it. */
	@Override
	public Optional<String> runLockHolder(DataSource dataSource, String jdbcUrl, String table) throws SQLException {
		try (Connection connection = dataSource.getConnection();
				PreparedStatement ps = connection.prepareStatement("SELECT IS_USED_LOCK(?)")) {
			ps.setString(1, lockName(connection.getCatalog(), table));
			try (ResultSet rs = ps.executeQuery()) {
				return rs.next() && rs.getObject(1) != null ? Optional.of(table) : Optional.empty();
			}
		}
	}

	/** At most 64 characters, as the server requires: a digest of database and table. */
	static String lockName(String database, String table) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-1")
				.digest((database + "\u0000" + table.toLowerCase()).getBytes(StandardCharsets.UTF_8));
			return "rowlift:" + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Finds, in the process list, statements in this database that carry this table's tag and run on
	 * other connections (this process holds the run lock, so they belong to a killed run), kills
	 * those connections and waits until the server has rolled them back.
	 */
	@Override
	public void endOrphanedStatements(DataSource dataSource, String table) throws SQLException {
		String tag = this.dialect.sql().statementTag(table).strip();
		try (Connection connection = dataSource.getConnection()) {
			long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(30);
			java.util.Set<Long> killed = new java.util.HashSet<>();
			while (true) {
				Map<Long, String> orphans = new LinkedHashMap<>();
				try (PreparedStatement ps = connection.prepareStatement("SELECT ID, LEFT(INFO, 100) FROM information_schema.PROCESSLIST"
						+ " WHERE ID <> CONNECTION_ID() AND DB = DATABASE() AND LEFT(INFO, ?) = ?")) {
					ps.setInt(1, tag.length());
					ps.setString(2, tag);
					try (ResultSet rs = ps.executeQuery()) {
						while (rs.next()) {
							orphans.put(rs.getLong(1), rs.getString(2));
						}
					}
				}
				if (orphans.isEmpty()) {
					return;
				}
				for (var orphan : orphans.entrySet()) {
					if (killed.add(orphan.getKey())) {
						log.warn("ending a statement a killed run left on the server (connection " + orphan.getKey() + "): "
								+ orphan.getValue());
						try (Statement st = connection.createStatement()) {
							st.execute("KILL " + orphan.getKey());
						}
						catch (SQLException ex) {
							log.warn("could not end connection " + orphan.getKey() + ": " + ex.getMessage());
						}
					}
				}
				if (System.nanoTime() > deadline) {
					throw new SQLException("statements of a killed run are still rolling back on the server after 30 minutes: "
							+ orphans.values());
				}
				try {
					Thread.sleep(500); // a killed statement rolls back before it leaves the process list
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new SQLException("interrupted while waiting for a killed run's statements to end", ex);
				}
			}
		}
	}

	private record NamedRunLock(Connection connection, String name, String scope) implements RunLock {

		@Override
		public String description() {
			return "the server lock " + this.name + " for " + this.scope;
		}

		@Override
		public void close() {
			try (Connection c = this.connection; PreparedStatement ps = c.prepareStatement("SELECT RELEASE_LOCK(?)")) {
				ps.setString(1, this.name);
				ps.execute();
			}
			catch (SQLException ex) {
				// the lock goes with the connection anyway
			}
		}

	}

}
