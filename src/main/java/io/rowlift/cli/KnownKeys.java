package io.rowlift.cli;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.context.properties.bind.Name;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName.Form;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

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
 */
final class KnownKeys {

	/** The metadata files read from every classpath entry. */
	static final List<String> METADATA = List.of("META-INF/spring-configuration-metadata.json",
			"META-INF/additional-spring-configuration-metadata.json");

	/** A map key element in a pattern. */
	private static final String ANY = "*";

	/** Nesting deeper than this is not followed (a record that contains itself). */
	private static final int MAX_DEPTH = 8;

	private final String prefix;

	private final List<Pattern> patterns;

	private KnownKeys(String prefix, List<Pattern> patterns) {
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
		List<List<Pattern>> found = new ArrayList<>();
		prefixes.forEach(p -> found.add(new ArrayList<>()));
		Set<String> seen = new HashSet<>();
		JsonFactory json = new JsonFactory();
		byte[][] quoted = prefixes.stream().map(p -> ("\"" + p).getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
		for (String resource : METADATA) {
			try {
				Enumeration<URL> urls = loader.getResources(resource);
				while (urls.hasMoreElements()) {
					URL url = urls.nextElement();
					if (!seen.add(url.toString())) {
						continue;
					}
					byte[] bytes;
					try (InputStream in = url.openStream()) {
						bytes = in.readAllBytes();
					}
					// every Boot jar has metadata, hundreds of kilobytes of it; only a file that names a key under
					// a prefix is parsed (parsing them all is a large part of a one-shot start)
					if (!containsAny(bytes, quoted)) {
						continue;
					}
					for (String[] property : properties(json, bytes)) {
						String name = property[0];
						for (int i = 0; i < prefixes.size(); i++) {
							String prefix = prefixes.get(i);
							if (name.equals(prefix) || name.startsWith(prefix + ".")) {
								add(found.get(i), elements(name), property[1], loader, 0);
							}
						}
					}
				}
			}
			catch (IOException ex) {
				throw new IllegalStateException("cannot read the configuration metadata " + resource + ": " + ex.getMessage(), ex);
			}
		}
		List<KnownKeys> keys = new ArrayList<>();
		for (int i = 0; i < prefixes.size(); i++) {
			keys.add(new KnownKeys(prefixes.get(i), found.get(i)));
		}
		return keys;
	}

	/**
	 * The name and type ("" when absent) of each entry of the metadata's {@code properties} array, read
	 * with the streaming parser: no tree, and none of jackson-databind's classes to load at every start.
	 */
	private static List<String[]> properties(JsonFactory json, byte[] metadata) {
		List<String[]> properties = new ArrayList<>();
		try (JsonParser parser = json.createParser(ObjectReadContext.empty(), metadata)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				return properties;
			}
			while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
				String field = parser.currentName();
				JsonToken value = parser.nextToken();
				if (!"properties".equals(field) || value != JsonToken.START_ARRAY) {
					parser.skipChildren();
					continue;
				}
				while (parser.nextToken() == JsonToken.START_OBJECT) {
					String name = "";
					String type = "";
					while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
						String key = parser.currentName();
						JsonToken token = parser.nextToken();
						if (token == JsonToken.VALUE_STRING && key.equals("name")) {
							name = parser.getString();
						}
						else if (token == JsonToken.VALUE_STRING && key.equals("type")) {
							type = parser.getString();
						}
						else {
							parser.skipChildren();
						}
					}
					properties.add(new String[] { name, type });
				}
			}
		}
		return properties;
	}

	/**
	 * Whether any of {@code needles} (each starts with a quote) occurs in {@code haystack}: one pass that
	 * compares only where a quote is, rather than one full pass per needle (the files that name none of
	 * the prefixes, about 600 KB of Boot's metadata, are otherwise read five times at every start).
	 */
	static boolean containsAny(byte[] haystack, byte[][] needles) {
		for (int i = 0; i < haystack.length; i++) {
			if (haystack[i] != '"') {
				continue;
			}
			for (byte[] needle : needles) {
				if (startsAt(haystack, i, needle)) {
					return true;
				}
			}
		}
		return false;
	}

	private static boolean startsAt(byte[] haystack, int from, byte[] needle) {
		if (haystack.length - from < needle.length) {
			return false;
		}
		for (int j = 0; j < needle.length; j++) {
			if (haystack[from + j] != needle[j]) {
				return false;
			}
		}
		return true;
	}

	/** For tests: the given names (with {@code *} for a map key) and types. */
	static KnownKeys of(String prefix, Map<String, String> typesByName) {
		List<Pattern> patterns = new ArrayList<>();
		typesByName.forEach((name, type) -> add(patterns, elements(name), type, KnownKeys.class.getClassLoader(), 0));
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
		List<String> root = elements(this.prefix);
		if (name.getNumberOfElements() < root.size()) {
			return false;
		}
		int total = 0;
		int shortest = Integer.MAX_VALUE;
		for (int i = 0; i < root.size(); i++) {
			String want = uniform(root.get(i));
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
			.min(Comparator.comparingInt((Pattern p) -> distance(wanted, p.display(name))).thenComparing((Pattern p) -> p.display()))
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
		return this.patterns.stream().map(Pattern::display).sorted().distinct().toList();
	}

	private static List<String> elements(String name) {
		return List.of(name.split("\\."));
	}

	/** Adds the patterns of a property {@code elements} of type {@code type} (metadata spelling). */
	private static void add(List<Pattern> patterns, List<String> elements, String type, ClassLoader loader, int depth) {
		String raw = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
		if (type.endsWith("[]") || isCollection(raw, loader)) {
			patterns.add(new Pattern(elements, true));
			return;
		}
		if (isMap(raw, loader)) {
			String value = mapValueType(type);
			List<String> keyed = append(elements, ANY);
			Class<?> valueClass = load(value, loader);
			if (valueClass != null && valueClass.isRecord() && depth < MAX_DEPTH) {
				walk(patterns, keyed, valueClass, loader, depth + 1);
			}
			else {
				patterns.add(new Pattern(keyed, true));
			}
			return;
		}
		Class<?> type1 = load(raw, loader);
		if (type1 != null && type1.isRecord() && depth < MAX_DEPTH) {
			walk(patterns, elements, type1, loader, depth + 1);
			return;
		}
		patterns.add(new Pattern(elements, false));
	}

	/** The record's components under {@code elements}, as Boot binds them. */
	private static void walk(List<Pattern> patterns, List<String> elements, Class<?> record, ClassLoader loader, int depth) {
		for (RecordComponent component : record.getRecordComponents()) {
			Name name = component.getAnnotation(Name.class);
			String element = name != null ? name.value() : dashed(component.getName());
			add(patterns, append(elements, element), typeName(component.getGenericType()), loader, depth);
		}
	}

	/** A reflective type in the metadata's spelling: {@code java.util.Map<java.lang.String,x.Y>}. */
	private static String typeName(Type type) {
		if (type instanceof Class<?> c) {
			return c.isArray() ? typeName(c.getComponentType()) + "[]" : c.getName();
		}
		if (type instanceof GenericArrayType array) {
			return typeName(array.getGenericComponentType()) + "[]";
		}
		if (type instanceof ParameterizedType p) {
			StringBuilder sb = new StringBuilder(typeName(p.getRawType())).append('<');
			Type[] arguments = p.getActualTypeArguments();
			for (int i = 0; i < arguments.length; i++) {
				sb.append(i == 0 ? "" : ",").append(typeName(arguments[i]));
			}
			return sb.append('>').toString();
		}
		return Object.class.getName();
	}

	/** The value type of {@code java.util.Map<K,V>} (V may be generic itself). */
	private static String mapValueType(String type) {
		int open = type.indexOf('<');
		if (open < 0) {
			return Object.class.getName();
		}
		int depth = 0;
		for (int i = open + 1; i < type.length(); i++) {
			char c = type.charAt(i);
			if (c == '<') {
				depth++;
			}
			else if (c == '>') {
				depth--;
			}
			else if (c == ',' && depth == 0) {
				String value = type.substring(i + 1, type.lastIndexOf('>')).trim();
				return value.contains("<") ? value.substring(0, value.indexOf('<')) : value;
			}
		}
		return Object.class.getName();
	}

	private static boolean isCollection(String raw, ClassLoader loader) {
		Class<?> c = load(raw, loader);
		return c != null && (Collection.class.isAssignableFrom(c) || c.isArray());
	}

	private static boolean isMap(String raw, ClassLoader loader) {
		Class<?> c = load(raw, loader);
		return c != null && Map.class.isAssignableFrom(c);
	}

	private static Class<?> load(String name, ClassLoader loader) {
		if (name.isEmpty() || name.endsWith("[]")) {
			return null;
		}
		if (!name.startsWith("java.") && !name.startsWith("io.rowlift.")) {
			// a library's type (Hikari's, Flyway's, ...): a plain leaf, as Boot's metadata lists its keys one by
			// one; not loading it keeps the check of Boot's keys from loading those classes at every start
			return null;
		}
		try {
			return Class.forName(name, false, loader);
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return null; // a type of the metadata this classpath lacks: the key is then a plain leaf
		}
	}

	private static List<String> append(List<String> elements, String element) {
		List<String> copy = new ArrayList<>(elements);
		copy.add(element);
		return copy;
	}

	/** {@code skipLimit} as Boot's metadata spells it: {@code skip-limit}. */
	static String dashed(String camel) {
		StringBuilder sb = new StringBuilder();
		for (char c : camel.toCharArray()) {
			if (Character.isUpperCase(c)) {
				sb.append('-').append(Character.toLowerCase(c));
			}
			else {
				sb.append(c);
			}
		}
		return sb.toString();
	}

	/** Boot's uniform form of an element: lower case, letters and digits only. */
	private static String uniform(String element) {
		StringBuilder sb = new StringBuilder();
		for (char c : element.toCharArray()) {
			if (Character.isLetterOrDigit(c)) {
				sb.append(Character.toLowerCase(c));
			}
		}
		return sb.toString().toLowerCase(Locale.ROOT);
	}

	/** Plain edit distance, for the nearest key. */
	static int distance(String a, String b) {
		return io.rowlift.model.EditDistance.between(a, b);
	}

	/**
	 * One known key: its elements ({@code *} matches any one element, a map key), and whether any
	 * further elements may follow (a list's {@code [0]}, a map of plain values' dotted keys).
	 */
	private record Pattern(List<String> elements, boolean open) {

		boolean matches(ConfigurationPropertyName name) {
			int n = name.getNumberOfElements();
			if (n < this.elements.size() || (!this.open && n != this.elements.size())) {
				return false;
			}
			return prefixMatches(name, this.elements.size());
		}

		/** Whether {@code name} is a proper prefix of this key. */
		boolean isGroup(ConfigurationPropertyName name) {
			int n = name.getNumberOfElements();
			return n < this.elements.size() && prefixMatches(name, n);
		}

		private boolean prefixMatches(ConfigurationPropertyName name, int count) {
			for (int i = 0; i < count; i++) {
				String element = this.elements.get(i);
				if (!element.equals(ANY) && !uniform(element).equals(name.getElement(i, Form.UNIFORM))) {
					return false;
				}
			}
			return true;
		}

		String display() {
			return String.join(".", this.elements.stream().map(e -> e.equals(ANY) ? "<key>" : e).toList());
		}

		/** As {@link #display()}, with the map keys of {@code like} in place of {@code <key>} where it has them. */
		String display(ConfigurationPropertyName like) {
			List<String> shown = new ArrayList<>();
			for (int i = 0; i < this.elements.size(); i++) {
				String e = this.elements.get(i);
				shown.add(!e.equals(ANY) ? e : i < like.getNumberOfElements() ? like.getElement(i, Form.DASHED) : "<key>");
			}
			return String.join(".", shown);
		}

	}

}
