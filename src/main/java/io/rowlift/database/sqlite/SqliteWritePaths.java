package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.BatchStatement;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.LoadMode;
import io.rowlift.database.RowsLoader;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.WritePath;
import io.rowlift.database.WritePaths;

/**
 * SQLite's write methods beside {@code insert}: {@code insert-select} (one {@code INSERT ... SELECT} per chunk
 * through Rowlift's rowlift_rows extension, {@link SqliteRowsLoader}) and {@code insert-direct} (Rowlift binds the
 * values into sqlite-jdbc's native statement, {@link DirectStatement}); see {@code docs/sqlite-binding.md}.
 */
final class SqliteWritePaths implements WritePaths {

	private final SqliteDialect dialect;

	SqliteWritePaths(SqliteDialect dialect) {
		this.dialect = dialect;
	}

	/** One {@code INSERT ... SELECT} per chunk through the rowlift_rows extension ({@link SqliteRowsLoader}). */
	static final WriteMethod INSERT_SELECT = WriteMethod.valueOf("insert-select");

	/**
	 * The INSERT statements of {@code insert}, but the values bound by Rowlift straight into sqlite-jdbc's native
	 * statement, text as the record's UTF-8 bytes ({@link DirectStatement}). Not the default: it saved too little.
	 */
	static final WriteMethod INSERT_DIRECT = WriteMethod.valueOf("insert-direct");

	private static final WritePath STATEMENT_PER_CHUNK = new WritePath(WritePath.Sink.STATEMENT_PER_CHUNK, "INSERT ... SELECT",
			"whole-chunk INSERT ... SELECTs (rowlift_rows)", 0);

	private static final WritePath BOUND_BATCHES = new WritePath(WritePath.Sink.BOUND_INSERT_BATCHES, "INSERT",
			"INSERT batches bound directly", 0);

	/** Whether loads with {@code configured} would use the rowlift_rows extension where it is there. */
	static boolean wantsExtension(WriteMethod configured) {
		return INSERT_SELECT.equals(configured) || (WriteMethod.AUTO.equals(configured) && EXTENSION_BY_DEFAULT);
	}

	/**
	 * Whether {@code auto} means {@link #INSERT_SELECT} where the extension loads: yes, since
	 * every paired run (A B A B, same jar) was faster than INSERT batches, by 22 % and 76 % on wide 5M and
	 * 30 % and 20 % on docs 1M in wall time on a shared machine (the bar was 15 % on wide); see
	 * {@code docs/benchmarks.md}, issue #24, and {@code docs/sqlite-binding.md}, round three.
	 */
	static final boolean EXTENSION_BY_DEFAULT = true;

	@Override
	public List<WriteMethod> methods() {
		return List.of(INSERT_SELECT, INSERT_DIRECT);
	}

	@Override
	public WritePath path(WriteMethod method) {
		return INSERT_SELECT.equals(method) ? STATEMENT_PER_CHUNK : INSERT_DIRECT.equals(method) ? BOUND_BATCHES
				: WritePath.INSERT_BATCHES;
	}

	/**
	 * {@code insert-select} (and {@code auto}, see {@link #EXTENSION_BY_DEFAULT}) is
	 * {@link #INSERT_SELECT} when every connection of the pool has loaded the rowlift_rows
	 * extension ({@link SqliteConnectionSetup#configure}); without it, {@link WriteMethod#INSERT}, and the reason
	 * says why (the summary shows it once).
	 * {@code insert} is {@link WriteMethod#INSERT} (the driver binds the values);
	 * {@code insert-direct} is {@link #INSERT_DIRECT} (Rowlift binds them into the native
	 * statement), refused when this sqlite-jdbc does not let it. Direct
	 * binding is not the default: it saved 4-12 % of the writer thread's CPU on the wide and docs shapes
	 * and nothing measurable of the process's, short of the 10 % asked of a new default (see
	 * {@code docs/sqlite-binding.md}).
	 */
	@Override
	public WriteChoice choose(WriteMethod configured, DataSource dataSource) throws SQLException {
		if (wantsExtension(configured)) {
			String how = WriteMethod.AUTO.equals(configured) ? "the default for sqlite" : "set by " + TargetProperties.WRITE_METHOD;
			String unavailable = RowsExtension.status().unavailable();
			if (unavailable == null) {
				try (Connection connection = dataSource.getConnection()) {
					if (RowsExtension.loadedOn(connection)) {
						return new WriteChoice(INSERT_SELECT, how + ", through the rowlift_rows extension");
					}
				}
				unavailable = "the connection has no rowlift_rows extension loaded";
			}
			return new WriteChoice(WriteMethod.INSERT, how + " is one INSERT ... SELECT per chunk, but " + unavailable
					+ "; INSERT batches instead");
		}
		if (WriteMethod.AUTO.equals(configured)) {
			return new WriteChoice(WriteMethod.INSERT, "the default for sqlite; insert-direct and insert-select are opt-in");
		}
		if (!INSERT_DIRECT.equals(configured)) {
			return new WriteChoice(WriteMethod.INSERT, "set by " + TargetProperties.WRITE_METHOD);
		}
		String unavailable = DirectStatement.unavailable();
		if (unavailable != null) {
			throw RowliftException.badInput(TargetProperties.WRITE_METHOD + "=insert-direct, but " + unavailable
					+ "; set it to insert or auto");
		}
		return new WriteChoice(INSERT_DIRECT, "set by " + TargetProperties.WRITE_METHOD);
	}

	/**
	 * {@code insert} and {@code insert-direct}: INSERT batches with the {@code ON CONFLICT} clause, bound by the
	 * driver (its matching counter is not tested with the direct binding); otherwise {@link #choose}: with
	 * {@code insert-select}, one {@code INSERT ... SELECT ... ON CONFLICT} per chunk, which matches and counts rows
	 * as the batches do and falls back to them to find a refused row.
	 */
	@Override
	public WriteChoice chooseMatching(LoadMode mode, WriteMethod configured, DataSource dataSource) throws SQLException {
		String how = "mode " + mode.setting();
		if (WriteMethod.INSERT.equals(configured) || INSERT_DIRECT.equals(configured)) {
			return new WriteChoice(WriteMethod.INSERT, how + " matches keys with INSERT batches (ON CONFLICT)"
					+ (INSERT_DIRECT.equals(configured) ? " bound by the driver: " + TargetProperties.WRITE_METHOD
							+ "=insert-direct applies to the modes append, truncate and replace"
							: ": set by " + TargetProperties.WRITE_METHOD));
		}
		WriteChoice chosen = choose(configured, dataSource);
		return INSERT_SELECT.equals(chosen.method())
				? new WriteChoice(INSERT_SELECT, how + " applies each chunk with one INSERT ... SELECT ... ON CONFLICT ("
						+ chosen.reason() + ")")
				: new WriteChoice(WriteMethod.INSERT, how + " matches keys with INSERT batches (ON CONFLICT): " + chosen.reason());
	}

	/**
	 * {@link SqliteRowsLoader}, with the mode's {@code ON CONFLICT} clause where {@code matching} is not null (the rows
	 * are applied in buffer, file, order); none for more columns than the extension's table has
	 * ({@value RowsExtension#MAX_COLUMNS}).
	 */
	@Override
	public RowsLoader rowsLoader(TableMapping mapping, KeyMatching matching) {
		if (mapping.columns().size() > RowsExtension.MAX_COLUMNS) {
			return null;
		}
		return matching == null ? new SqliteRowsLoader(this.dialect, mapping) : new SqliteRowsLoader(this.dialect, mapping, matching);
	}

	@Override
	public BatchStatement directStatement(PreparedStatement statement) throws SQLException {
		return new DirectStatement(statement);
	}

	@Override
	public BatchStatement directStatement(PreparedStatement statement, BatchStatement previous) throws SQLException {
		return new DirectStatement(statement, previous instanceof DirectStatement direct ? direct : null);
	}

	/**
	 * 100 rows per statement (fewer for wide tables, SQLite takes at most 32,766 parameters): sqlite-jdbc
	 * runs a JDBC batch one row at a time, each a step and a reset of the statement.
	 */
	@Override
	public int rowsPerInsert(int columns) {
		return Math.max(1, Math.min(100, 32_766 / Math.max(1, columns)));
	}

}
