package io.rowlift.database.mysql;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import com.mysql.cj.jdbc.JdbcStatement;

import io.rowlift.database.BulkLoader;
import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;

/**
 * A chunk's rows sent with {@code LOAD DATA LOCAL INFILE}, streamed from memory through Connector/J
 * ({@link JdbcStatement#setLocalInfileInputStream}); the file name in the statement is never opened.
 *
 * <p>With LOCAL the server cannot stop the client mid-stream, so it turns what would be errors
 * (a duplicate key, a value too long, NULL in a NOT NULL column) into warnings and skips or
 * adjusts the row, whatever {@code sql_mode} says. So every call checks that the server took
 * every row with no warning at all ({@code SHOW COUNT(*) WARNINGS}); otherwise the caller rolls the
 * chunk back and inserts it with strict INSERTs, which name the refused rows. Binary columns travel
 * as hex through {@code UNHEX}, and booleans through {@code CAST(... AS UNSIGNED)} (text '1' into a
 * {@code BIT} column would be the byte 0x31). Thread-safe: holds only the statement text.
 */
final class LoadDataLoader implements BulkLoader {

	/** ER_NOT_ALLOWED_COMMAND (MySQL 5.x, MariaDB) and ER_CLIENT_LOCAL_FILES_DISABLED (MySQL 8). */
	private static final int[] LOCAL_REFUSED = { 1148, 3948 };

	private final String sql;

	LoadDataLoader(String sql) {
		this.sql = sql;
	}

	/** The statement for {@code mapping}, each column by its kind. */
	static LoadDataLoader of(MySqlDialect dialect, TableMapping mapping) {
		return of(dialect, mapping, dialect.quote(mapping.table().name()));
	}

	/** The statement for {@code mapping}'s columns into {@code table} (quoted): the table's or a staging table of its columns. */
	static LoadDataLoader of(MySqlDialect dialect, TableMapping mapping, String table) {
		return of(dialect, mapping, table, "");
	}

	/**
	 * As {@link #of(MySqlDialect, TableMapping, String)} with {@code modifier} before {@code INTO}: "" or
	 * {@code "IGNORE "} (rows whose key is in the table are skipped, each with warning 1062).
	 */
	static LoadDataLoader of(MySqlDialect dialect, TableMapping mapping, String table, String modifier) {
		return of(dialect, mapping.table().name(), mapping.columns(), table, modifier, List.of());
	}

	/**
	 * As {@link #of(MySqlDialect, TableMapping, String, String)} for {@code columns} of the table {@code tagged}
	 * (unquoted, for the statement's tag), each row's first fields going to the columns {@code leading} (quoted)
	 * of {@code table} before them (a staging table's row number).
	 */
	static LoadDataLoader of(MySqlDialect dialect, String tagged, List<TableColumn> columns, String table, String modifier,
			List<String> leading) {
		List<String> targets = new ArrayList<>(leading);
		List<String> sets = new ArrayList<>();
		int n = 0;
		for (TableColumn column : columns) {
			String name = dialect.quote(column.name());
			ColumnKind.Type type = dialect.sql().kindOf(column).type();
			if (type == ColumnKind.Type.BLOB || type == ColumnKind.Type.BOOLEAN) {
				String variable = "@rowlift_" + (++n);
				targets.add(variable);
				sets.add(name + " = " + (type == ColumnKind.Type.BLOB ? "UNHEX(" + variable + ")" : "CAST(" + variable + " AS UNSIGNED)"));
			}
			else {
				targets.add(name);
			}
		}
		String sql = dialect.sql().statementTag(tagged) + "LOAD DATA LOCAL INFILE 'rowlift-chunk.tsv' " + modifier + "INTO TABLE "
				+ table + " CHARACTER SET utf8mb4"
				+ " FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (" + String.join(", ", targets) + ")"
				+ (sets.isEmpty() ? "" : " SET " + String.join(", ", sets));
		return new LoadDataLoader(sql);
	}

	String sql() {
		return this.sql;
	}

	/** Rows in the text format of {@code LOAD DATA} with its default field options ({@link TsvRows}). */
	@Override
	public io.rowlift.database.BulkRows newRows() {
		return new TsvRows();
	}

	@Override
	public long load(Connection connection, InputStream rows) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.unwrap(JdbcStatement.class).setLocalInfileInputStream(rows);
			long taken;
			try {
				taken = statement.executeLargeUpdate(this.sql);
			}
			catch (SQLException ex) {
				if (refusedLocal(ex) || "22".equals(state(ex)) || "23".equals(state(ex))) {
					return -1; // local_infile turned off meanwhile, or a row error raised after all: INSERT finds out
				}
				throw ex;
			}
			try (ResultSet warnings = statement.executeQuery("SHOW COUNT(*) WARNINGS")) {
				return warnings.next() && warnings.getLong(1) == 0 ? taken : -1;
			}
		}
	}

	private static boolean refusedLocal(SQLException ex) {
		for (int code : LOCAL_REFUSED) {
			if (ex.getErrorCode() == code) {
				return true;
			}
		}
		return ex.getMessage() != null && ex.getMessage().contains("LOAD DATA LOCAL INFILE");
	}

	private static String state(SQLException ex) {
		return ex.getSQLState() == null || ex.getSQLState().length() < 2 ? "" : ex.getSQLState().substring(0, 2);
	}

}
