package io.rowlift.database.mysql;

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
 * Truncate and replace on MySQL and MariaDB.
 *
 * <p>{@link #empty}: {@code TRUNCATE TABLE} (drops and re-creates the table: fast whatever its size,
 * resets {@code AUTO_INCREMENT}, needs the {@code DROP} privilege, commits by itself), unless another
 * table's foreign key refers to the table, where MySQL refuses a truncate: then {@code DELETE FROM}
 * (row by row, in the caller's transaction, with the foreign keys' {@code ON DELETE} actions).
 *
 * <p>The staging table is {@code CREATE TABLE staging LIKE table}: columns, primary key, every index,
 * table options and partitioning; not foreign keys or triggers, whose names are unique in the database.
 * A table with either, or one that another table's foreign key refers to, is not replaced
 * ({@link #cannotReplace}): {@code RENAME TABLE} takes triggers and incoming foreign keys along to the old
 * table, which is then dropped. Views name tables, so they read the new table after the swap.
 *
 * <p>The swap is {@code RENAME TABLE t TO old, staging TO t}, atomic on the server (MySQL 5.x and 8,
 * MariaDB): no reader ever finds {@code t} missing or half-loaded. Then the old table is dropped. Each
 * is one statement that commits by itself; a run killed between them leaves the old table, which the
 * resumed swap drops (it finds the staging table gone and knows the rename happened).
 */
final class MySqlTables implements TargetTables {

	private static final Log log = LogFactory.getLog(MySqlTables.class);

	/** MySQL's and MariaDB's longest table name. */
	static final int MAX_NAME = 64;

	private final MySqlDialect dialect;

	MySqlTables(MySqlDialect dialect) {
		this.dialect = dialect;
	}

	@Override
	public String stagingName(String table) {
		return StagingNames.of(table, StagingNames.STAGE, MAX_NAME);
	}

	@Override
	public Optional<String> cannotReplace(Connection connection, String table) throws SQLException {
		List<String> problems = new ArrayList<>();
		List<String> triggers = names(connection, "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS"
				+ " WHERE TRIGGER_SCHEMA = DATABASE() AND EVENT_OBJECT_TABLE = ?", table);
		if (!triggers.isEmpty()) {
			problems.add("trigger(s) " + String.join(", ", triggers));
		}
		List<String> outgoing = names(connection, "SELECT CONSTRAINT_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS"
				+ " WHERE CONSTRAINT_SCHEMA = DATABASE() AND TABLE_NAME = ?", table);
		if (!outgoing.isEmpty()) {
			problems.add("foreign key(s) " + String.join(", ", outgoing));
		}
		List<String> incoming = names(connection, "SELECT CONCAT(TABLE_NAME, '.', CONSTRAINT_NAME) FROM"
				+ " information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME = ?",
				table);
		if (!incoming.isEmpty()) {
			problems.add("foreign key(s) of other tables referring to it: " + String.join(", ", incoming));
		}
		if (problems.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of("rowlift.target.mode=replace cannot swap table " + table + " on MySQL: it has "
				+ String.join("; ", problems) + ", which a staging table cannot copy (their names are unique in the database)"
				+ " and RENAME TABLE would leave on the old table; use rowlift.target.mode=truncate (empties it, then loads)");
	}

	@Override
	public void empty(Connection connection, String table) throws SQLException {
		List<String> incoming = names(connection, "SELECT CONSTRAINT_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS"
				+ " WHERE CONSTRAINT_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME = ?", table);
		try (Statement st = connection.createStatement()) {
			if (incoming.isEmpty()) {
				// untagged: a rerun waits for a truncate a killed run left on the server rather than killing DDL
				st.execute("TRUNCATE TABLE " + this.dialect.quote(table));
			}
			else {
				// tagged: a rerun ends (rolls back) a delete a killed run left running
				st.execute(this.dialect.sql().statementTag(table) + "DELETE FROM " + this.dialect.quote(table));
			}
		}
	}

	@Override
	public void createStaging(Connection connection, String table, String staging) throws SQLException {
		dropStaging(connection, staging);
		try (Statement st = connection.createStatement()) {
			st.execute("CREATE TABLE " + this.dialect.quote(staging) + " LIKE " + this.dialect.quote(table));
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
		String old = StagingNames.of(table, StagingNames.OLD, MAX_NAME);
		try (Connection connection = dataSource.getConnection(); Statement st = connection.createStatement()) {
			if (!connection.getAutoCommit()) {
				connection.setAutoCommit(true);
			}
			boolean staged = !names(connection, "SELECT TABLE_NAME FROM information_schema.TABLES"
					+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?", staging).isEmpty();
			if (staged) {
				st.execute("DROP TABLE IF EXISTS " + this.dialect.quote(old)); // left by an earlier load killed after its rename
				checkpoints.reached(SWAP_CHECKPOINT);
				st.execute("RENAME TABLE " + this.dialect.quote(table) + " TO " + this.dialect.quote(old) + ", "
						+ this.dialect.quote(staging) + " TO " + this.dialect.quote(table));
				log.info("swapped the loaded table in for " + table);
			}
			st.execute("DROP TABLE IF EXISTS " + this.dialect.quote(old));
			return staged;
		}
	}

	private static List<String> names(Connection connection, String sql, String table) throws SQLException {
		List<String> names = new ArrayList<>();
		try (PreparedStatement ps = connection.prepareStatement(sql)) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					names.add(rs.getString(1));
				}
			}
		}
		return names;
	}

}
