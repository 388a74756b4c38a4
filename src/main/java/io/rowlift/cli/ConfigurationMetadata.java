package io.rowlift.cli;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * The properties of the configuration metadata that {@code spring-boot-configuration-processor} writes at build
 * time ({@link #METADATA} of every classpath entry): each one's name and type, as {@link KnownKeys} derives the
 * keys from them. Reads only; stateless.
 */
final class ConfigurationMetadata {

	/** The metadata files read from every classpath entry. */
	static final List<String> METADATA = List.of("META-INF/spring-configuration-metadata.json",
			"META-INF/additional-spring-configuration-metadata.json");

	private ConfigurationMetadata() {
	}

	/**
	 * The name and type ("" when absent) of each property under one of {@code prefixes} ({@code rowlift},
	 * {@code spring.datasource}: the name equal to one or below it) in the metadata found by {@code loader}, each
	 * file read once, in the order of the files and of their properties.
	 * @throws IllegalStateException when a metadata file cannot be read
	 */
	static List<String[]> properties(List<String> prefixes, ClassLoader loader) {
		List<String[]> found = new ArrayList<>();
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
						if (prefixes.stream().anyMatch(prefix -> name.equals(prefix) || name.startsWith(prefix + "."))) {
							found.add(property);
						}
					}
				}
			}
			catch (IOException ex) {
				throw new IllegalStateException("cannot read the configuration metadata " + resource + ": " + ex.getMessage(), ex);
			}
		}
		return found;
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

}
