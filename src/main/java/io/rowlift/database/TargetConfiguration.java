package io.rowlift.database;

import java.time.Duration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

import io.rowlift.RowliftException;
import io.rowlift.SettingOrigins;

/**
 * The target database's dialect and pool tuning. The settings reach the dialect and the pool as typed records
 * ({@link DataSourceSettings}, {@link TargetProperties}). This is the one class of {@code database} that reads the
 * {@code Environment} itself (issue #35: below the job only a {@code @Configuration} class or an
 * {@code EnvironmentPostProcessor} may, an {@code ArchitectureTests} rule), for what no record holds: which property
 * source set {@code spring.datasource.url} (Rowlift's built-in default or the operator's), which other keys hold a
 * URL, and the active profiles ({@link #checkIntended}, {@link #checkProfiles}). The pool's post-processor gets
 * what it needs from here as functions and reads no Environment of its own.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ TargetProperties.class, DataSourceSettings.class })
public class TargetConfiguration {

	private static final String URL = TargetDialects.URL;

	/**
	 * The pool's post-processor. A post-processor is made before Boot binds the {@code @ConfigurationProperties}
	 * beans, so the records it needs are bound here, from the environment, when the pool is made (not before:
	 * a bad setting fails where it always did, as the pool is made).
	 */
	@Bean
	static TargetDataSourcePostProcessor targetDataSourcePostProcessor(Environment environment,
			ObjectProvider<InputRecordLength> input) {
		return new TargetDataSourcePostProcessor(
				() -> Binder.get(environment).bindOrCreate(TargetProperties.PREFIX, TargetProperties.class), () -> lockWait(environment),
				dialect -> {
					checkProfiles(environment, dialect);
					checkIntended(environment, dialect); // before createDatabase makes the default file
				}, input);
	}

	/** The dialect of the bound URL, checked against where the settings came from ({@link #dialectOf}). */
	@Bean
	TargetDialect targetDialect(DataSourceSettings connection, Environment environment) {
		return dialectOf(connection.url(), environment);
	}

	/** {@code rowlift.job.lock-wait}; 0 when unset or not a duration (the job's settings report a bad value, naming it). */
	private static Duration lockWait(Environment environment) {
		try {
			return Binder.get(environment).bind("rowlift.job.lock-wait", Duration.class).orElse(Duration.ZERO);
		}
		catch (RuntimeException ex) {
			return Duration.ZERO;
		}
	}

	/**
	 * The dialect of {@code url} ({@code spring.datasource.url}, bound), checked against the active profiles: a
	 * profile that names another dialect ({@code mysql} with a {@code jdbc:sqlite:} URL, say, because a config file's
	 * URL wins over the profile's default) would load somewhere the operator did not ask for, silently.
	 *
	 * @throws RowliftException (exit 2) when no dialect serves the URL, or an active profile names
	 * another dialect than the URL's, naming where the URL and the profile came from
	 */
	static TargetDialect dialectOf(String url, Environment environment) {
		TargetDialect dialect = TargetDialects.forUrl(url);
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
	static void checkIntended(Environment environment, TargetDialect dialect) {
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
				for (TargetDialect other : TargetDialects.all()) {
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
	 * @see #dialectOf
	 */
	static void checkProfiles(Environment environment, TargetDialect dialect) {
		String url = environment.getProperty(URL);
		for (String profile : environment.getActiveProfiles()) {
			for (TargetDialect other : TargetDialects.all()) {
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

}
