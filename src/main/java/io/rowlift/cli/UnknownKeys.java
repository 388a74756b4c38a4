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
 * a key of a feature this version does not have), a key under {@link #BOOT_PREFIXES} that Boot does not
 * bind ({@code spring.datasource.ulr}), and a key under a near miss of any of these prefixes
 * ({@code rowlif.job.partitions}, {@code spring.datasorce.url}), from any property source: the command line,
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
	 * Boot's keys that decide where a load goes and how Rowlift's tables are kept, checked as Rowlift's are:
	 * a misspelt {@code spring.datasource.ulr} would otherwise load into the default SQLite database. Their
	 * known keys come from Boot's own configuration metadata (so {@code spring.datasource.hikari.*} and every
	 * other key Boot binds there pass); {@code spring.profiles} is here for {@code spring.profile.active}.
	 */
	static final List<String> BOOT_PREFIXES = List.of("spring.datasource", "spring.flyway", "spring.batch", "spring.profiles");

	/**
	 * Known but never suggested: the tests' keys and bin/rowlift's ROWLIFT_JAR, which the main
	 * {@code additional-spring-configuration-metadata.json} declares so that they pass.
	 */
	static final List<String> RESERVED = List.of("rowlift.test", "rowlift.jar", "rowlift.launch", "rowlift.variants",
			"rowlift.page");

	/** Rowlift's keys first, then Boot's that are checked. */
	private final List<KnownKeys> known;

	UnknownKeys(KnownKeys known) {
		this(List.of(known));
	}

	UnknownKeys(List<KnownKeys> known) {
		this.known = List.copyOf(known);
	}

	/** Checks against the metadata of the classpath of {@code loader}. */
	static UnknownKeys fromClasspath(ClassLoader loader) {
		List<String> prefixes = new ArrayList<>();
		prefixes.add(PREFIX);
		prefixes.addAll(BOOT_PREFIXES);
		return new UnknownKeys(KnownKeys.fromClasspath(prefixes, loader));
	}

	/**
	 * @throws RowliftException (exit 2) naming every unknown key of {@code environment}, where it was set,
	 * and the nearest known key
	 */
	void check(Environment environment) {
		// built without spring-boot-configuration-processor (an IDE build, say), or without a Boot module: no
		// metadata for a prefix, no check of it, rather than refusing every key
		List<KnownKeys> checked = this.known.stream().filter(k -> k.hasKeysBesides(RESERVED)).toList();
		if (checked.isEmpty()) {
			return;
		}
		Set<String> problems = new LinkedHashSet<>();
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (!(source instanceof IterableConfigurationPropertySource iterable)) {
				continue;
			}
			List<ConfigurationPropertyName> names = new ArrayList<>();
			iterable.stream().forEach(names::add);
			for (ConfigurationPropertyName name : names) {
				KnownKeys keys = checked.stream().filter(k -> k.covers(name)).findFirst()
					.orElseGet(() -> checked.stream().filter(k -> k.isNearMiss(name)).findFirst().orElse(null));
				if (keys == null || keys.isKnown(name)) {
					continue;
				}
				ConfigurationProperty property = source.getConfigurationProperty(name);
				String where = property == null ? "?" : SettingOrigins.describe(source, property);
				String nearest = keys.nearest(name, RESERVED);
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
