package io.rowlift.database.mysql;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.rowlift.database.BulkLoader;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;

/**
 * The bulk path of a load that matches keys ({@code upsert}, {@code ignore}) on MySQL / MariaDB: each
 * stream of rows goes with {@code LOAD DATA LOCAL} into a temporary staging table of the session (no
 * index but its own sequence, so loading it costs what a plain {@code LOAD DATA} costs), then one
 * {@code INSERT INTO t (...) SELECT ... FROM stage ORDER BY seq ON DUPLICATE KEY UPDATE ...} applies them
 * to the table in file order, with the same clause and the same counter ({@value MySqlMatchCounter#VARIABLE})
 * as the INSERT batches, and the staging table is dropped.
 *
 * <p>Why not {@code LOAD DATA ... REPLACE} or {@code ... IGNORE} into the table itself: REPLACE deletes
 * the matched row and inserts a new one (columns the file does not fill lose their values, foreign keys'
 * {@code ON DELETE} and DELETE triggers fire, other unique keys' rows go too), and with LOCAL both turn
 * bad values and NULL in NOT NULL columns into warnings and stored defaults; neither tells an update from
 * an insert. Staged, a bad value is a warning of the staging load (the caller then bisects the rows, as
 * for {@code append}), and a row the table refuses (CHECK, NOT NULL) an error of the INSERT ... SELECT,
 * which rolls back alone: the caller rolls back to its savepoint and bisects too.
 *
 * <p>The staging table is made by each call and dropped at its end ({@code CREATE TEMPORARY TABLE}: the
 * session's own, so partitions never see each other's rows, and neither its creation nor its drop commits
 * the transaction; about a millisecond each, where a {@code DELETE} of 10,000 staged rows took a tenth of
 * the call). A call the database refused leaves it; the next call drops it first, so no staged row is ever
 * applied twice, and a pooled connection keeps no staged rows after a chunk that committed.
 *
 * <p>Thread-safe: holds only statement text; the count lives in the session.
 */
final class StagedMatchLoader implements BulkLoader {

	/** Suffix of the session's staging table. */
	static final String SUFFIX = "__rowlift_match";

	private static final String SEQ = "rowlift_seq";

	private final String create;

	private final LoadDataLoader stage;

	private final String apply;

	private final String drop;

	StagedMatchLoader(MySqlDialect dialect, TableMapping mapping, KeyMatching matching) {
		String table = mapping.table().name();
		String stage = dialect.quote(io.rowlift.database.StagingNames.of(table, SUFFIX, 64));
		StringBuilder columns = new StringBuilder();
		for (TableColumn column : mapping.columns()) {
			columns.append(columns.isEmpty() ? "" : ", ").append(dialect.quote(column.name()));
		}
		// the column types of the table itself (CREATE ... SELECT copies them), no key but the sequence
		this.create = "CREATE TEMPORARY TABLE " + stage + " (" + SEQ + " BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY)"
				+ " ENGINE = InnoDB SELECT " + columns + " FROM " + dialect.quote(table) + " LIMIT 0";
		this.stage = LoadDataLoader.of(dialect, mapping, stage);
		String target = dialect.quote(table);
		this.apply = dialect.sql().statementTag(table) + "INSERT INTO " + target + " (" + columns + ") SELECT " + columns + " FROM " + stage
				+ " ORDER BY " + SEQ + dialect.mySqlKeys().onKeyMatch(mapping, matching.key(), matching.mode(), target + ".");
		this.drop = "DROP TEMPORARY TABLE IF EXISTS " + stage;
	}

	String createSql() {
		return this.create;
	}

	String applySql() {
		return this.apply;
	}

	/** Rows in the text format of {@code LOAD DATA} with its default field options ({@link TsvRows}). */
	@Override
	public io.rowlift.database.BulkRows newRows() {
		return new TsvRows();
	}

	@Override
	public long load(Connection connection, InputStream rows) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute(this.drop); // one that a refused call left
			st.execute(this.create);
		}
		long took = this.stage.load(connection, rows);
		if (took < 0) {
			return -1; // a row the staging load warned about: the caller rolls back and bisects
		}
		try (Statement st = connection.createStatement()) {
			st.execute("SET " + MySqlMatchCounter.VARIABLE + " = 0");
		}
		try (var insert = connection.prepareStatement(this.apply)) {
			insert.executeLargeUpdate();
			if (warned(insert)) {
				return -1;
			}
		}
		catch (SQLException ex) {
			String state = ex.getSQLState();
			if ((state != null && (state.startsWith("22") || state.startsWith("23"))) || ex.getErrorCode() == 3819) {
				return -1; // the table refused a row (CHECK, NOT NULL, another key): the caller bisects
			}
			throw ex;
		}
		try (Statement st = connection.createStatement()) {
			st.execute(this.drop); // dropped rather than emptied: a DELETE of the staged rows cost a tenth of the call
		}
		return took;
	}

	/** Warnings other than a deprecation (MySQL 8 warns about {@code VALUES()} and variable assignments). */
	private static boolean warned(java.sql.PreparedStatement insert) throws SQLException {
		for (java.sql.SQLWarning w = insert.getWarnings(); w != null; w = w.getNextWarning()) {
			if (w.getErrorCode() != 1287) {
				return true;
			}
		}
		return false;
	}

	@Override
	public long matched(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT " + MySqlMatchCounter.VARIABLE)) {
			rs.next();
			return rs.getLong(1);
		}
	}

}
