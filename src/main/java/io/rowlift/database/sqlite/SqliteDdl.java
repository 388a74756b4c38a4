package io.rowlift.database.sqlite;

import java.util.Locale;

/**
 * Rewrites SQLite schema text. SQLite keeps each table's {@code CREATE TABLE} statement in
 * {@code sqlite_master} as written, except that it normalises the start to {@code CREATE TABLE} and
 * leaves out {@code IF NOT EXISTS} and the schema name; both are still accepted here. Stateless.
 */
final class SqliteDdl {

	private SqliteDdl() {
	}

	/**
	 * {@code createTable} with the table's name replaced by {@code quotedName}; the rest (columns,
	 * keys, constraints, {@code WITHOUT ROWID}, {@code STRICT}) is kept as written.
	 * @throws IllegalArgumentException when the text is not a {@code CREATE TABLE} statement
	 */
	static String renameCreateTable(String createTable, String quotedName) {
		int at = skipSpace(createTable, 0);
		at = expectWord(createTable, at, "CREATE");
		at = expectWord(createTable, skipSpace(createTable, at), "TABLE");
		at = skipSpace(createTable, at);
		int ifAt = wordEnd(createTable, at, "IF");
		if (ifAt > 0) {
			at = expectWord(createTable, skipSpace(createTable, ifAt), "NOT");
			at = expectWord(createTable, skipSpace(createTable, at), "EXISTS");
			at = skipSpace(createTable, at);
		}
		int start = at;
		int end = identifierEnd(createTable, at);
		int dot = skipSpace(createTable, end);
		if (dot < createTable.length() && createTable.charAt(dot) == '.') { // schema.table
			start = skipSpace(createTable, dot + 1);
			end = identifierEnd(createTable, start);
		}
		if (end == start) {
			throw new IllegalArgumentException("no table name in: " + createTable);
		}
		return "CREATE TABLE " + quotedName + createTable.substring(end);
	}

	/** The end of the identifier at {@code at}: quoted with {@code "}, {@code `}, {@code '} or {@code []}, or bare. */
	private static int identifierEnd(String sql, int at) {
		if (at >= sql.length()) {
			return at;
		}
		char open = sql.charAt(at);
		if (open == '"' || open == '`' || open == '\'' || open == '[') {
			char close = open == '[' ? ']' : open;
			int i = at + 1;
			while (i < sql.length()) {
				if (sql.charAt(i) == close) {
					if (close != ']' && i + 1 < sql.length() && sql.charAt(i + 1) == close) {
						i += 2; // a doubled quote inside the name
						continue;
					}
					return i + 1;
				}
				i++;
			}
			throw new IllegalArgumentException("unterminated name in: " + sql);
		}
		int i = at;
		while (i < sql.length() && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_' || sql.charAt(i) == '$'
				|| sql.charAt(i) > 127)) {
			i++;
		}
		return i;
	}

	private static int skipSpace(String sql, int at) {
		int i = at;
		while (i < sql.length()) {
			char c = sql.charAt(i);
			if (Character.isWhitespace(c)) {
				i++;
			}
			else if (sql.startsWith("--", i)) {
				int nl = sql.indexOf('\n', i);
				i = nl < 0 ? sql.length() : nl + 1;
			}
			else if (sql.startsWith("/*", i)) {
				int close = sql.indexOf("*/", i + 2);
				i = close < 0 ? sql.length() : close + 2;
			}
			else {
				break;
			}
		}
		return i;
	}

	/** The end of {@code word} at {@code at} (case-insensitive, followed by a non-word character), or -1. */
	private static int wordEnd(String sql, int at, String word) {
		int end = at + word.length();
		if (end > sql.length() || !sql.substring(at, end).toUpperCase(Locale.ROOT).equals(word)) {
			return -1;
		}
		if (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
			return -1;
		}
		return end;
	}

	private static int expectWord(String sql, int at, String word) {
		int end = wordEnd(sql, at, word);
		if (end < 0) {
			throw new IllegalArgumentException("expected " + word + " at " + at + " in: " + sql);
		}
		return end;
	}

}
