package io.rowlift.database;

import java.util.List;

import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

import io.rowlift.RowliftException;
import io.rowlift.SettingOrigins;
import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.database.sqlite.SqliteDialect;

/**
 * Picks the dialect from the JDBC URL; the only class that knows the vendor packages, and the one line
 * ({@code ALL}) that registers a database (docs/architecture.md, "Adding a database"). The profiles
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
		checkIntended(environment, dialect);
		return dialect;
	}

	/**
	 * Refuses the built-in default database (the {@code sqlite} profile's {@code jdbc:sqlite:data/rowlift.db},
	 * which the load would create; also when a config file repeats it, as the project's {@code config/} does)
	 * when the operator's settings hold another dialect's URL under another key:
	 * {@code --datasource.url=jdbc:mysql://...}, a key that the unknown-key check does not cover, clearly meant a
	 * MySQL load. Only settings the operator made count (the command line, config files, property sources a
	 * program added), not environment variables or Java system properties, which hold URLs for other programs,
	 * nor the test hooks' {@code rowlift.test.*}.
	 * @throws RowliftException (exit 2) naming the key, where it was set and the fix
	 */
	public static void checkIntended(Environment environment, TargetDialect dialect) {
		if (!(environment instanceof ConfigurableEnvironment configurable)) {
			return;
		}
		Object builtInUrl = null;
		String urlOrigin = null;
		for (PropertySource<?> source : configurable.getPropertySources()) {
			if (ATTACHED.equals(source.getName()) || !source.containsProperty(URL)) {
				continue;
			}
			if (urlOrigin == null) {
				urlOrigin = builtIn(source) ? "Rowlift's built-in defaults" : SettingOrigins.of(environment, URL);
			}
			if (builtIn(source)) {
				builtInUrl = source.getProperty(URL);
				break;
			}
		}
		String url = environment.getProperty(URL);
		if (builtInUrl == null || !builtInUrl.toString().equals(url)) {
			return; // the operator named another database
		}
		for (PropertySource<?> source : configurable.getPropertySources()) {
			if (builtIn(source) || ATTACHED.equals(source.getName()) || !(source instanceof EnumerablePropertySource<?> names)
					|| StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME.equals(source.getName())
					|| StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME.equals(source.getName())) {
				continue;
			}
			for (String name : names.getPropertyNames()) {
				Object raw = source.getProperty(name);
				if (name.startsWith("rowlift.test") || !(raw instanceof CharSequence text)) {
					continue;
				}
				String value = text.toString().trim();
				for (TargetDialect other : ALL) {
					if (!other.id().equals(dialect.id()) && other.handles(value)) {
						String where = SettingOrigins.of(environment, name);
						throw RowliftException.badInput(URL + " is Rowlift's default, " + JdbcUrl.redacted(url) + " (a "
								+ dialect.id() + " database, set by " + urlOrigin + "), but " + name
								+ " (set by " + ("(not set)".equals(where) ? "property source '" + source.getName() + "'" : where)
								+ ") holds a " + other.id() + " URL, " + JdbcUrl.redacted(value) + ": to load into " + other.id()
								+ ", set it as " + URL + " (--" + URL + "=...); to load into the default database, remove " + name
								+ ". Nothing was written");
					}
				}
			}
		}
	}

	/** Boot's view of all the other property sources, first in the list; not a source of its own. */
	private static final String ATTACHED = "configurationProperties";

	/** Whether {@code source} is one of Rowlift's built-in config files ({@code classpath:application-sqlite.yml}). */
	private static boolean builtIn(PropertySource<?> source) {
		return source.getName().contains("class path resource [application");
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
