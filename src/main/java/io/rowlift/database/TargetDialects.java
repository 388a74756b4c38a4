package io.rowlift.database;

import java.util.List;

import io.rowlift.RowliftException;
import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.database.sqlite.SqliteDialect;

/** Picks the dialect from the JDBC URL; the only class that knows the vendor packages. */
public final class TargetDialects {

	private static final List<TargetDialect> ALL = List.of(new SqliteDialect(), new MySqlDialect());

	private TargetDialects() {
	}

	/**
	 * @throws RowliftException (exit 2) when no dialect serves the URL
	 */
	public static TargetDialect forUrl(String jdbcUrl) {
		if (jdbcUrl != null) {
			for (TargetDialect dialect : ALL) {
				if (dialect.handles(jdbcUrl)) {
					return dialect;
				}
			}
		}
		throw RowliftException.badInput("spring.datasource.url is " + JdbcUrl.redacted(jdbcUrl)
				+ "; Rowlift loads into SQLite (jdbc:sqlite:FILE) or MySQL/MariaDB (jdbc:mysql://HOST:PORT/DATABASE)");
	}

}
