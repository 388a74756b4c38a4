package io.rowlift.infer;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.rowlift.RowliftException;

/**
 * Names for both databases. The loader matches the header's names to the table's columns (trimmed,
 * case-insensitively), so a column keeps the header's name exactly and is always quoted: reserved
 * words ({@code select}), spaces, punctuation and non-ASCII letters are then valid in SQLite and MySQL
 * alike. A name that one of them cannot take at all (empty, longer than MySQL's 64 characters, a
 * character outside the Basic Multilingual Plane or a control character) or that repeats another is
 * refused, naming the column and the fix. Stateless.
 */
final class ColumnNames {

	/** MySQL's longest identifier, in characters. */
	static final int LONGEST = 64;

	private ColumnNames() {
	}

	/** @throws RowliftException (exit 2) naming the first column whose name no database takes */
	static void check(List<String> names, String file) {
		Map<String, Integer> seen = new HashMap<>();
		for (int i = 0; i < names.size(); i++) {
			String name = names.get(i);
			String problem = problem(name);
			if (problem != null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header's column " + (i + 1) + " '" + name + "' "
						+ problem + "; rename it in the header");
			}
			Integer before = seen.putIfAbsent(name.toLowerCase(Locale.ROOT), i);
			if (before != null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names '" + name + "' twice (columns "
						+ (before + 1) + " and " + (i + 1) + ", compared without case); rename one in the header");
			}
		}
	}

	/** Why a name cannot be a column in both databases, or null. */
	static String problem(String name) {
		return identifierProblem(name);
	}

	/** Why {@code name} is no identifier both databases take (quoted), or null. */
	static String identifierProblem(String name) {
		if (name.isEmpty()) {
			return "is empty, and a column needs a name";
		}
		if (name.codePointCount(0, name.length()) > LONGEST) {
			return "is longer than " + LONGEST + " characters, MySQL's limit";
		}
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			if (Character.isSurrogate(c)) {
				return "has a character outside Unicode's Basic Multilingual Plane (such as an emoji), which MySQL names cannot hold";
			}
			if (c < 0x20 || c == 0x7f) {
				return "has a control character";
			}
		}
		if (name.endsWith(" ")) {
			return "ends with a space, which MySQL names cannot";
		}
		return null;
	}

	/** {@code name} quoted for SQLite (and standard SQL): {@code "a ""b"""}. */
	static String sqlite(String name) {
		return '"' + name.replace("\"", "\"\"") + '"';
	}

	/** {@code name} quoted for MySQL: {@code `a b`}. */
	static String mysql(String name) {
		return '`' + name.replace("`", "``") + '`';
	}

	/** {@code name} as a file name part: letters, digits and _ kept, anything else _. */
	static String fileSafe(String name) {
		StringBuilder sb = new StringBuilder();
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			sb.append((c < 128 && Character.isLetterOrDigit(c)) || c == '_' ? c : '_');
		}
		return sb.toString();
	}

}
