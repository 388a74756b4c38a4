package io.rowlift.database;

import java.util.List;

import org.springframework.core.env.Environment;

import io.rowlift.RowliftException;
import io.rowlift.SettingOrigins;
import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.database.sqlite.SqliteDialect;

/**
 * Picks the dialect from the JDBC URL; the only class that knows the vendor packages. The profiles
 * {@code sqlite} and {@code mysql} only choose a default URL (application-{profile}.yml); the URL decides.
 */
public final class TargetDialects {

	private static final List<TargetDialect> ALL = List.of(new SqliteDialect(), new MySqlDialect());

	private TargetDialects() {
	}

	/** The URL property. */
	public static final String URL = "spring.datasource.url";

	/**
	 * The dialect of {@code spring.datasource.url}, checked against the active profiles: a profile that
	 * names another dialect ({@code mysql} with a {@code jdbc:sqlite:} URL, say, because a config file's
	 * URL wins over the profile's default) would load somewhere the operator did not ask for, silently.
	 *
	 * @throws RowliftException (exit 2) when no dialect serves the URL, or an active profile names
	 * another dialect than the URL's, naming where the URL and the profile came from
	 */
	public static TargetDialect forEnvironment(Environment environment) {
		TargetDialect dialect = forUrl(environment.getProperty(URL));
		checkProfiles(environment, dialect);
		return dialect;
	}

	/**
	 * @throws RowliftException (exit 2) when an active profile names another dialect than {@code dialect}
	 * @see #forEnvironment
	 */
	public static void checkProfiles(Environment environment, TargetDialect dialect) {
		String url = environment.getProperty(URL);
		for (String profile : environment.getActiveProfiles()) {
			for (TargetDialect other : ALL) {
				if (other.id().equals(profile) && !other.id().equals(dialect.id())) {
					throw RowliftException.badInput("the profile " + profile + " is active (spring.profiles.active, set by "
							+ SettingOrigins.of(environment, "spring.profiles.active") + ") but " + URL + " is "
							+ JdbcUrl.redacted(url) + " (set by " + SettingOrigins.of(environment, URL) + "), a "
							+ dialect.id() + " URL: a URL set in a config file or option wins over the profile's default, so this "
							+ "would load into " + dialect.id() + ", not " + profile + ". Set the " + profile + " URL where the "
							+ "other one is set (or in an application-" + profile + ".yml beside that file, which the profile "
							+ "reads after it), or drop the profile " + profile);
				}
			}
		}
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
