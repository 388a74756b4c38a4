package io.rowlift.database.mysql;

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
 * MySQL 8 and MariaDB 10.11+ through MySQL Connector/J, also for a {@code jdbc:mariadb://} URL
 * ({@link MariaDbUrls}). Each role is a class of this package: {@link MySqlConnectionSetup} (batched
 * rewrites, a strict {@code sql_mode}), {@link MySqlTableSql}, {@link MySqlWritePaths} ({@code load-data}),
 * {@link MySqlKeyMatchSql}, {@link MySqlIndexBuild}, {@link MySqlFaults}, {@link MySqlRunLocking}
 * ({@code GET_LOCK}), {@link MySqlSizing} and {@link MySqlTables}. Stateless: a role holds at most this dialect.
 */
public final class MySqlDialect implements TargetDialect {

	/** Strict: a value the column cannot hold is an error, never truncated or zeroed. */
	static final String SQL_MODE = "STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION";

	private final MySqlConnectionSetup connections = new MySqlConnectionSetup(this);

	private final MySqlTableSql sql = new MySqlTableSql();

	private final MySqlWritePaths writing = new MySqlWritePaths(this);

	private final MySqlKeyMatchSql keys = new MySqlKeyMatchSql(this);

	private final MySqlIndexBuild indexes = new MySqlIndexBuild(this);

	private final MySqlFaults faults = new MySqlFaults();

	private final MySqlRunLocking locks = new MySqlRunLocking(this);

	private final MySqlSizing sizing = new MySqlSizing();

	private final MySqlTables tables = new MySqlTables(this);

	@Override
	public String id() {
		return "mysql";
	}

	/** {@code jdbc:mysql:}, and {@code jdbc:mariadb:} ({@link MariaDbUrls}): both through Connector/J. */
	@Override
	public boolean handles(String jdbcUrl) {
		return jdbcUrl.startsWith(MariaDbUrls.MYSQL) || jdbcUrl.startsWith(MariaDbUrls.MARIADB);
	}

	@Override
	public String quote(String identifier) {
		return '`' + identifier.replace("`", "``") + '`';
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

	/** {@link #keys()} as this package's class, for the clause on a qualified staging table. */
	MySqlKeyMatchSql mySqlKeys() {
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
