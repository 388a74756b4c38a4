package io.rowlift.database.sqlite;

import io.rowlift.database.ConnectionSetup;
import io.rowlift.database.EnvironmentFaults;
import io.rowlift.database.IndexBuild;
import io.rowlift.database.KeyMatchSql;
import io.rowlift.database.LoadSizing;
import io.rowlift.database.RunLocking;
import io.rowlift.database.TableSql;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetTables;
import io.rowlift.database.WritePaths;

/**
 * SQLite through sqlite-jdbc: one file, one writer at a time. Each role is a class of this package:
 * {@link SqliteConnectionSetup} (WAL, busy waits, the file's page size), {@link SqliteTableSql},
 * {@link SqliteWritePaths} ({@code insert-select}, {@code insert-direct}), {@link SqliteKeyMatchSql},
 * {@link SqliteIndexBuild}, {@link SqliteFaults}, {@link SqliteRunLocking} (an OS lock on
 * {@code <database>.rowlift-lock}), {@link SqliteSizing} and {@link SqliteTables}. Stateless: a role holds at
 * most this dialect.
 */
public final class SqliteDialect implements TargetDialect {

	static final String PREFIX = "jdbc:sqlite:";

	private final SqliteConnectionSetup connections = new SqliteConnectionSetup();

	private final SqliteTableSql sql = new SqliteTableSql();

	private final SqliteWritePaths writing = new SqliteWritePaths(this);

	private final SqliteKeyMatchSql keys = new SqliteKeyMatchSql(this);

	private final SqliteIndexBuild indexes = new SqliteIndexBuild(this);

	private final SqliteFaults faults = new SqliteFaults();

	private final SqliteRunLocking locks = new SqliteRunLocking();

	private final SqliteSizing sizing = new SqliteSizing();

	private final SqliteTables tables = new SqliteTables(this);

	@Override
	public String id() {
		return "sqlite";
	}

	@Override
	public boolean handles(String jdbcUrl) {
		return jdbcUrl.startsWith(PREFIX);
	}

	@Override
	public String quote(String identifier) {
		return '"' + identifier.replace("\"", "\"\"") + '"';
	}

	@Override
	public ConnectionSetup connections() {
		return this.connections;
	}

	@Override
	public TableSql sql() {
		return this.sql;
	}

	@Override
	public WritePaths writing() {
		return this.writing;
	}

	@Override
	public KeyMatchSql keys() {
		return this.keys;
	}

	@Override
	public IndexBuild indexes() {
		return this.indexes;
	}

	@Override
	public EnvironmentFaults faults() {
		return this.faults;
	}

	@Override
	public RunLocking locks() {
		return this.locks;
	}

	@Override
	public LoadSizing sizing() {
		return this.sizing;
	}

	@Override
	public TargetTables tables() {
		return this.tables;
	}

}
