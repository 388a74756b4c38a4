package io.rowlift.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.context.properties.source.IterableConfigurationPropertySource;
import org.springframework.core.env.Environment;

import io.rowlift.RowliftException;
import io.rowlift.SettingOrigins;

/**
 * Refuses a {@code rowlift.*} key that nothing binds (a typo such as {@code rowlift.job.partition}, or
 * a key of a feature this version does not have), from any property source: the command line,
 * {@code config/*.yml} and other config files, environment variables ({@code ROWLIFT_JOB_PARTITION}),
 * Java system properties. Without it Boot ignores such a key and the load runs with defaults. The
 * known keys are {@link KnownKeys}. {@link RowliftRunner} asks before any verb runs, so every verb
 * refuses the same way (exit 2), naming each unknown key, where it came from, and the nearest known
 * key. Thread-safe once made.
 */
final class UnknownKeys {

	/** The keys checked: Rowlift's own. */
	static final String PREFIX = "rowlift";

	/**
	 * Known but never suggested: the tests' keys and bin/rowlift's ROWLIFT_JAR, which the main
	 * {@code additional-spring-configuration-metadata.json} declares so that they pass.
	 */
	static final List<String> RESERVED = List.of("rowlift.test", "rowlift.jar", "rowlift.launch", "rowlift.variants",
			"rowlift.page");

	private final KnownKeys known;

	UnknownKeys(KnownKeys known) {
		this.known = known;
	}

	/** Checks against the metadata of the classpath of {@code loader}. */
	static UnknownKeys fromClasspath(ClassLoader loader) {
		return new UnknownKeys(KnownKeys.fromClasspath(PREFIX, loader));
	}

	/**
	 * @throws RowliftException (exit 2) naming every unknown key of {@code environment}, where it was set,
	 * and the nearest known key
	 */
	void check(Environment environment) {
		if (!this.known.hasKeysBesides(RESERVED)) {
			// built without spring-boot-configuration-processor (an IDE build, say): no metadata, no check,
			// rather than refusing every key
			return;
		}
		Set<String> problems = new LinkedHashSet<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (!(source instanceof IterableConfigurationPropertySource iterable)) {
				continue;
			}
			List<ConfigurationPropertyName> names = new ArrayList<>();
			iterable.stream().filter(this.known::covers).forEach(names::add);
			for (ConfigurationPropertyName name : names) {
				if (this.known.isKnown(name)) {
					continue;
				}
				ConfigurationProperty property = source.getConfigurationProperty(name);
				String where = property == null ? "?" : SettingOrigins.describe(source, property);
				String nearest = this.known.nearest(name, RESERVED);
				problems.add(name + " (set by " + where + ")" + (nearest.isEmpty() ? "" : "; the nearest known key is " + nearest)
						+ (where.startsWith("environment variable") ? " (in an environment variable: "
								+ envName(nearest) + ")" : ""));
			}
		}
		if (!problems.isEmpty()) {
			throw RowliftException.badInput((problems.size() == 1 ? "unknown setting " : "unknown settings: ")
					+ String.join("; and ", problems)
					+ ". This version of Rowlift has no such key and would otherwise ignore it: fix or remove it");
		}
	}

	/** {@code rowlift.job.skip-limit} as an environment variable: {@code ROWLIFT_JOB_SKIPLIMIT}. */
	static String envName(String key) {
		return key.replace("-", "").replace('.', '_').toUpperCase(java.util.Locale.ROOT);
	}

}
