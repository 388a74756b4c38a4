package io.rowlift.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;

/**
 * The {@code rowlift.*} keys this build binds, derived from the {@code @ConfigurationProperties}
 * records themselves: the configuration metadata that {@code spring-boot-configuration-processor}
 * writes at build time ({@code META-INF/spring-configuration-metadata.json} of every classpath entry,
 * also {@code additional-spring-configuration-metadata.json}), and, where a property's type is a
 * record of its own or a map, a walk of that record's components. So a key a properties record gains
 * is known with no list to keep, and map-valued keys ({@code rowlift.target.columns.<column>.from})
 * match any map key followed by the value record's components. Immutable, thread-safe.
 *
 * <p>Names match as Boot's binder matches them (relaxed: {@code skip-limit}, {@code skipLimit},
 * {@code SKIPLIMIT} in an environment variable are the same element).
 *
 * <p>This class matches names against the keys; reading the metadata is {@link ConfigurationMetadata}'s, a
 * property's keys from its type {@link KeyPatterns}', one key {@link KeyPattern}.
 */
final class KnownKeys {

	private final String prefix;

	private final List<KeyPattern> patterns;

	private KnownKeys(String prefix, List<KeyPattern> patterns) {
		this.prefix = prefix;
		this.patterns = List.copyOf(patterns);
	}

	/** The keys under {@code prefix} ({@code rowlift}) in the metadata found by {@code loader}. */
	static KnownKeys fromClasspath(String prefix, ClassLoader loader) {
		return fromClasspath(List.of(prefix), loader).get(0);
	}

	/**
	 * The keys under each of {@code prefixes} ({@code rowlift}, {@code spring.datasource}, ...) in the metadata
	 * found by {@code loader}, each metadata file read once; in the order of {@code prefixes}.
	 */
	static List<KnownKeys> fromClasspath(List<String> prefixes, ClassLoader loader) {
		List<List<KeyPattern>> found = new ArrayList<>();
		prefixes.forEach(p -> found.add(new ArrayList<>()));
		for (String[] property : ConfigurationMetadata.properties(prefixes, loader)) {
			String name = property[0];
			for (int i = 0; i < prefixes.size(); i++) {
				String prefix = prefixes.get(i);
				if (name.equals(prefix) || name.startsWith(prefix + ".")) {
					KeyPatterns.add(found.get(i), KeyPatterns.elements(name), property[1], loader, 0);
				}
			}
		}
		List<KnownKeys> keys = new ArrayList<>();
		for (int i = 0; i < prefixes.size(); i++) {
			keys.add(new KnownKeys(prefixes.get(i), found.get(i)));
		}
		return keys;
	}

	/** For tests: the given names (with {@code *} for a map key) and types. */
	static KnownKeys of(String prefix, Map<String, String> typesByName) {
		List<KeyPattern> patterns = new ArrayList<>();
		typesByName.forEach((name, type) -> KeyPatterns.add(patterns, KeyPatterns.elements(name), type, KnownKeys.class.getClassLoader(), 0));
		return new KnownKeys(prefix, patterns);
	}

	/** Whether {@code name} is under the prefix these keys cover. */
	boolean covers(ConfigurationPropertyName name) {
		ConfigurationPropertyName root = ConfigurationPropertyName.of(this.prefix);
		return root.equals(name) || root.isAncestorOf(name);
	}

	/**
	 * Whether {@code name} starts with a near miss of the prefix: {@code rowlif.job.partitions},
	 * {@code spring.datasorce.url}. The prefix's elements in the binder's uniform form differ from the
	 * name's first ones by an edit distance of 1 or 2 (1 where the element that differs has 5 letters or
	 * fewer, so that {@code spring.batch} does not take in an unrelated short word). No group of Boot's own
	 * keys is that near {@code spring.datasource}, {@code spring.flyway}, {@code spring.batch} or
	 * {@code spring.profiles} (KnownKeysTests checks it against every metadata file of the classpath).
	 */
	boolean isNearMiss(ConfigurationPropertyName name) {
		List<String> root = KeyPatterns.elements(this.prefix);
		if (name.getNumberOfElements() < root.size()) {
			return false;
		}
		int total = 0;
		int shortest = Integer.MAX_VALUE;
		for (int i = 0; i < root.size(); i++) {
			String want = KeyPattern.uniform(root.get(i));
			int d = distance(name.getElement(i, Form.UNIFORM), want);
			if (d > 0) {
				shortest = Math.min(shortest, want.length());
			}
			total += d;
		}
		return total > 0 && total <= (shortest <= 5 ? 1 : 2);
	}

	/** The prefix these keys are under ({@code rowlift}, {@code spring.datasource}). */
	String prefix() {
		return this.prefix;
	}

	/**
	 * Whether {@code name} is a known key, or a group of known keys ({@code rowlift.job}: YAML gives a
	 * group whose keys are all commented out an empty value, and nothing binds it).
	 */
	boolean isKnown(ConfigurationPropertyName name) {
		return this.patterns.stream().anyMatch(p -> p.matches(name) || p.isGroup(name));
	}

	/**
	 * The known key closest to {@code name} as written, such as {@code rowlift.job.partitions}, among
	 * those not under {@code hidden} (reserved names that no operator should be pointed to); empty when none.
	 */
	String nearest(ConfigurationPropertyName name, List<String> hidden) {
		String wanted = name.toString();
		return this.patterns.stream()
			.filter(p -> hidden.stream().noneMatch(h -> p.display().equals(h) || p.display().startsWith(h + ".")))
			.min(Comparator.comparingInt((KeyPattern p) -> distance(wanted, p.display(name))).thenComparing((KeyPattern p) -> p.display()))
			.map(p -> p.display(name))
			.orElse("");
	}

	/** Whether any key is known besides those under {@code hidden} (none: the build wrote no metadata). */
	boolean hasKeysBesides(List<String> hidden) {
		return this.patterns.stream()
			.anyMatch(p -> hidden.stream().noneMatch(h -> p.display().equals(h) || p.display().startsWith(h + ".")));
	}

	/** Every known key, as documented ({@code <key>} for a map key). */
	List<String> all() {
		return this.patterns.stream().map(KeyPattern::display).sorted().distinct().toList();
	}

	/** Plain edit distance, for the nearest key. */
	static int distance(String a, String b) {
		return io.rowlift.model.EditDistance.between(a, b);
	}

}
