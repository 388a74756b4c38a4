package io.rowlift.cli;

import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.bind.Name;

/**
 * The {@link KeyPattern}s of one property of the configuration metadata, from its name and type as Boot binds it:
 * a plain value is one key; a list or an array is a key that any further elements may follow; a map's key is any
 * one element ({@code *}), followed by its value record's components where the value is a record; a record is
 * walked component by component ({@code @Name} or the component's name, dashed). Stateless.
 */
final class KeyPatterns {

	/** Nesting deeper than this is not followed (a record that contains itself). */
	private static final int MAX_DEPTH = 8;

	private KeyPatterns() {
	}

	/** A key's elements: {@code rowlift.job.partitions} is {@code [rowlift, job, partitions]}. */
	static List<String> elements(String name) {
		return List.of(name.split("\\."));
	}

	/** Adds the patterns of a property {@code elements} of type {@code type} (metadata spelling). */
	static void add(List<KeyPattern> patterns, List<String> elements, String type, ClassLoader loader, int depth) {
		String raw = type.contains("<") ? type.substring(0, type.indexOf('<')) : type;
		if (type.endsWith("[]") || isCollection(raw, loader)) {
			patterns.add(new KeyPattern(elements, true));
			return;
		}
		if (isMap(raw, loader)) {
			String value = mapValueType(type);
			List<String> keyed = append(elements, KeyPattern.ANY);
			Class<?> valueClass = load(value, loader);
			if (valueClass != null && valueClass.isRecord() && depth < MAX_DEPTH) {
				walk(patterns, keyed, valueClass, loader, depth + 1);
			}
			else {
				patterns.add(new KeyPattern(keyed, true));
			}
			return;
		}
		Class<?> type1 = load(raw, loader);
		if (type1 != null && type1.isRecord() && depth < MAX_DEPTH) {
			walk(patterns, elements, type1, loader, depth + 1);
			return;
		}
		patterns.add(new KeyPattern(elements, false));
	}

	/** The record's components under {@code elements}, as Boot binds them. */
	private static void walk(List<KeyPattern> patterns, List<String> elements, Class<?> record, ClassLoader loader, int depth) {
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

}
