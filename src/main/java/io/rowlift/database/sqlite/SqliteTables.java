package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import io.rowlift.database.StagingNames;
import io.rowlift.database.TargetTables;
import io.rowlift.model.Checkpoints;

/**
 * Truncate and replace on SQLite.
 *
 * <p>{@link #empty} is {@code DELETE FROM} without {@code WHERE}, which SQLite runs as its truncate
 * optimisation (no row by row delete) unless the table has triggers or foreign keys are enforced and
 * the table is a parent; it is transactional, so it commits with the step that records it.
 *
 * <p>The staging table is made from the target's own {@code CREATE TABLE} text with the name changed.
 * It has none of the target's secondary indexes: SQLite's index names are unique in the whole database
 * and an index cannot be renamed, so the indexes are made under their own names by the swap, inside its
 * transaction. For the same reason (a trigger name is also database-wide) triggers are not copied to the
 * staging table: they do not fire for the rows a replace loads, and the swap re-creates them.
 *
 * <p>The swap is one {@code BEGIN IMMEDIATE} transaction on a connection with foreign keys off (a
 * {@code DROP TABLE} with foreign keys on would first delete the rows, cascading to other tables): it
 * saves the SQL of the target's indexes, of the triggers and views whose text names the target, drops
 * those triggers and views and the target, renames the staging table to the target's name, then
 * re-creates the indexes, triggers and views from their saved SQL, so they name the new table.
 * Readers (WAL mode) see the old table until the commit. Other tables' foreign keys name the target by
 * its name, so they refer to the new table afterwards.
 */
final class SqliteTables implements TargetTables {

	private static final Log log = LogFactory.getLog(SqliteTables.class);

	private final SqliteDialect dialect;

	SqliteTables(SqliteDialect dialect) {
		this.dialect = dialect;
	}

	/** {@code <table>__rowlift_stage}: SQLite sets no practical limit on names. */
	@Override
	public String stagingName(String table) {
		return StagingNames.of(table, StagingNames.STAGE, Integer.MAX_VALUE);
	}

	@Override
	public Optional<String> cannotReplace(Connection connection, String table) throws SQLException {
		String sql = createSql(connection, table);
		if (sql == null) {
			return Optional.of("table " + table + " has no CREATE TABLE statement in sqlite_master");
		}
		if (sql.stripLeading().toUpperCase(java.util.Locale.ROOT).startsWith("CREATE VIRTUAL")) {
			return Optional.of("table " + table + " is a virtual table, which Rowlift cannot copy; use "
					+ "rowlift.target.mode=truncate or append");
		}
		return Optional.empty();
	}

	@Override
	public void empty(Connection connection, String table) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("DELETE FROM " + this.dialect.quote(table));
		}
	}

	@Override
	public void createStaging(Connection connection, String table, String staging) throws SQLException {
		dropStaging(connection, staging);
		String sql = createSql(connection, table);
		if (sql == null) {
			throw new SQLException("table " + table + " has no CREATE TABLE statement in sqlite_master");
		}
		try (Statement st = connection.createStatement()) {
			st.execute(SqliteDdl.renameCreateTable(sql, this.dialect.quote(staging)));
		}
	}

	@Override
	public void dropStaging(Connection connection, String staging) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("DROP TABLE IF EXISTS " + this.dialect.quote(staging));
		}
	}

	@Override
	public boolean swap(DataSource dataSource, String table, String staging, Checkpoints checkpoints) throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			boolean foreignKeys = pragma(connection, "foreign_keys");
			try (Statement st = connection.createStatement()) {
				if (foreignKeys) {
					st.execute("PRAGMA foreign_keys = OFF"); // only outside a transaction; restored below
				}
				st.execute("PRAGMA threads = " + Runtime.getRuntime().availableProcessors()); // the index builds
				connection.setAutoCommit(false);
				try {
					if (createSql(connection, staging) == null) {
						connection.rollback();
						return false;
					}
					List<String> indexes = schema(connection,
							"SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? COLLATE NOCASE AND sql IS NOT NULL"
									+ " ORDER BY rowid", table);
					List<String[]> dependents = dependents(connection, table, staging);
					for (String[] object : dependents) {
						st.execute("DROP " + object[0].toUpperCase(java.util.Locale.ROOT) + " IF EXISTS " + this.dialect.quote(object[1]));
					}
					st.execute("DROP TABLE " + this.dialect.quote(table));
					st.execute("ALTER TABLE " + this.dialect.quote(staging) + " RENAME TO " + this.dialect.quote(table));
					for (String index : indexes) {
						st.execute(index);
					}
					for (String[] object : dependents) {
						st.execute(object[2]);
					}
					checkpoints.reached(SWAP_CHECKPOINT);
					connection.commit();
					log.info("swapped the loaded table in for " + table + " (" + indexes.size() + " index(es), "
							+ dependents.size() + " trigger(s) and view(s) re-created)");
				}
				catch (SQLException | RuntimeException ex) {
					connection.rollback();
					throw ex;
				}
				finally {
					connection.setAutoCommit(true);
				}
				st.execute("PRAGMA analysis_limit=1000");
				st.execute("ANALYZE " + this.dialect.quote(table));
			}
			finally {
				try (Statement st = connection.createStatement()) {
					st.execute("PRAGMA threads = 0");
					if (foreignKeys) {
						st.execute("PRAGMA foreign_keys = ON");
					}
				}
			}
			return true;
		}
	}

	/**
	 * The triggers and views whose SQL names {@code table} (its own triggers, and any other that
	 * mentions the name: a superset, re-creating one that only mentions it is harmless), in schema
	 * order; each as type, name and SQL.
	 */
	private static List<String[]> dependents(Connection connection, String table, String staging) throws SQLException {
		List<String[]> found = new ArrayList<>();
		try (PreparedStatement ps = connection.prepareStatement("SELECT type, name, sql FROM sqlite_master"
				+ " WHERE type IN ('trigger', 'view') AND sql IS NOT NULL AND tbl_name <> ? COLLATE NOCASE"
				+ " AND (tbl_name = ? COLLATE NOCASE OR instr(lower(sql), lower(?)) > 0) ORDER BY rowid")) {
			ps.setString(1, staging);
			ps.setString(2, table);
			ps.setString(3, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					found.add(new String[] { rs.getString(1), rs.getString(2), rs.getString(3) });
				}
			}
		}
		return found;
	}

	private static List<String> schema(Connection connection, String sql, String table) throws SQLException {
		List<String> statements = new ArrayList<>();
		try (PreparedStatement ps = connection.prepareStatement(sql)) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					statements.add(rs.getString(1));
				}
			}
		}
		return statements;
	}

	/** The {@code CREATE TABLE} text of {@code table}, or null when there is no such table. */
	private static String createSql(Connection connection, String table) throws SQLException {
		List<String> found = schema(connection,
				"SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ? COLLATE NOCASE", table);
		return found.isEmpty() ? null : found.get(0);
	}

	private static boolean pragma(Connection connection, String name) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("PRAGMA " + name)) {
			return rs.next() && rs.getInt(1) != 0;
		}
	}

}
