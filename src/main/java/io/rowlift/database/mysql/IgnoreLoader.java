package io.rowlift.database.mysql;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.rowlift.database.BulkLoader;
import io.rowlift.database.mapping.TableMapping;

/**
 * The bulk path of mode {@code ignore} on MySQL / MariaDB: each stream with {@code LOAD DATA LOCAL ...
 * IGNORE INTO TABLE t}, straight into the table, at the pace of the server's own {@code LOAD DATA IGNORE}.
 * The server skips a row whose key is in the table (or earlier in the stream) with warning 1062 (duplicate
 * entry), one per skipped row; with LOCAL it also turns every other refusal (a bad value, NULL in a NOT NULL
 * column, a CHECK constraint, a foreign key) into a warning of its own code, and stores or skips that row.
 * So after each stream every warning is read: all of them 1062 means the stream is exact, and their
 * number is the rows ignored; any other warning, or more warnings than the session keeps
 * ({@value #MAX_WARNINGS}, its {@code max_error_count} set to that for the stream), and the caller rolls
 * the stream back and bisects it: single rows then go through the strict {@code INSERT ... ON DUPLICATE KEY
 * UPDATE k = k}, which names why.
 *
 * <p>Only the matched key can collide: the load drops the table's other unique indexes, and refuses to
 * start when the primary key and the named key both come from the file ({@code KeyMatching}). Unlike the
 * INSERT path, a skipped row fires no UPDATE trigger. Thread-safe: holds only statement text; the count
 * of the last stream lives in the session ({@value MySqlMatchCounter#VARIABLE}).
 */
final class IgnoreLoader implements BulkLoader {

	/** MariaDB's and MySQL's largest {@code max_error_count}: warnings a stream may have and still be read whole. */
	static final int MAX_WARNINGS = 65535;

	/** ER_DUP_ENTRY. */
	private static final int DUPLICATE = 1062;

	private final LoadDataLoader load;

	IgnoreLoader(MySqlDialect dialect, TableMapping mapping) {
		this.load = LoadDataLoader.of(dialect, mapping, dialect.quote(mapping.table().name()), "IGNORE ");
	}

	String sql() {
		return this.load.sql();
	}

	/** Rows in the text format of {@code LOAD DATA} with its default field options ({@link TsvRows}). */
	@Override
	public io.rowlift.database.BulkRows newRows() {
		return new TsvRows();
	}

	@Override
	public long load(Connection connection, InputStream rows) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.execute("SET SESSION max_error_count = " + MAX_WARNINGS);
			statement.unwrap(com.mysql.cj.jdbc.JdbcStatement.class).setLocalInfileInputStream(rows);
			long inserted;
			try {
				inserted = statement.executeLargeUpdate(this.load.sql());
			}
			catch (SQLException ex) {
				String state = ex.getSQLState() == null ? "" : ex.getSQLState();
				if (state.startsWith("22") || state.startsWith("23") || ex.getErrorCode() == 1148 || ex.getErrorCode() == 3948) {
					return -1;
				}
				throw ex;
			}
			long duplicates = 0;
			try (ResultSet count = statement.executeQuery("SHOW COUNT(*) WARNINGS")) {
				long warnings = count.next() ? count.getLong(1) : -1;
				if (warnings < 0 || warnings > MAX_WARNINGS) {
					return -1;
				}
				if (warnings > 0) {
					try (ResultSet each = statement.executeQuery("SHOW WARNINGS")) {
						while (each.next()) {
							if (each.getInt(2) != DUPLICATE) {
								return -1; // a refused or changed row besides the skipped keys
							}
							duplicates++;
						}
					}
					if (duplicates != warnings) {
						return -1;
					}
				}
			}
			statement.execute("SET " + MySqlMatchCounter.VARIABLE + " = " + duplicates);
			return inserted + duplicates;
		}
	}

	@Override
	public long matched(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT " + MySqlMatchCounter.VARIABLE)) {
			rs.next();
			return rs.getLong(1);
		}
	}

}
