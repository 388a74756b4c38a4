package io.rowlift.database;

import java.util.List;

import io.rowlift.RowliftException;
import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.database.sqlite.SqliteDialect;

/**
 * Picks the dialect from the JDBC URL; the only class that knows the vendor packages, and the one line
 * ({@code ALL}) that registers a database (docs/architecture.md, "Adding a database"). The profiles
 * {@code sqlite} and {@code mysql} only choose a default URL (application-{profile}.yml); the URL decides. Reads
 * no {@code Environment}: the checks against the profiles and the other settings, which need to know where a
 * setting came from, are {@link TargetConfiguration}'s.
 */
public final class TargetDialects {

	private static final List<TargetDialect> ALL = List.of(new SqliteDialect(), new MySqlDialect());

	private TargetDialects() {
	}

	/** The URL property. */
	public static final String URL = "spring.datasource.url";

	/** Every dialect, in the order a URL is matched; for the checks of {@link TargetConfiguration}. */
	static List<TargetDialect> all() {
		return ALL;
	}

	/** The dialect that offers {@code method} beside {@code auto} and {@code insert} ({@link WritePaths#methods()}), if one does. */
	static java.util.Optional<TargetDialect> offering(WriteMethod method) {
		return ALL.stream().filter(dialect -> dialect.writing().methods().contains(method)).findFirst();
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
				+ "; Rowlift loads into SQLite (jdbc:sqlite:FILE) or MySQL/MariaDB (jdbc:mysql://HOST:PORT/DATABASE or "
				+ "jdbc:mariadb://HOST:PORT/DATABASE)");
	}

}
