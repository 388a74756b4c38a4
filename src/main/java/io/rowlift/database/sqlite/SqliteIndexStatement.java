package io.rowlift.database.sqlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks that a text is one SQLite {@code CREATE INDEX} statement on a given table, as {@code sqlite_master}
 * holds it and as Rowlift copies it into the index ledger: {@code CREATE [UNIQUE] INDEX [IF NOT EXISTS]
 * [schema.]name ON table (indexed columns) [WHERE condition]}, nothing before it and nothing after it. The
 * indexed columns and the condition may be any tokens with balanced parentheses (columns, expressions,
 * {@code COLLATE}, {@code ASC}/{@code DESC}, literals): SQLite itself allows nothing in them but expressions,
 * and refuses subqueries there; this check refuses {@code SELECT} too. Strict on the rest: no comment, no
 * {@code ;} outside a literal, no character SQL does not use in an index, no other verb, no other table. A
 * text that passes can do nothing but build that index. Stateless, thread-safe.
 */
final class SqliteIndexStatement {

	private enum Kind {
		WORD, QUOTED, STRING, NUMBER, PUNCT
	}

	private record Token(Kind kind, String text) {

		boolean is(String word) {
			return this.kind == Kind.WORD && this.text.equalsIgnoreCase(word);
		}

		boolean punct(char c) {
			return this.kind == Kind.PUNCT && this.text.charAt(0) == c;
		}

		boolean identifier() {
			return this.kind == Kind.WORD || this.kind == Kind.QUOTED;
		}

	}

	/** A text that is not such a statement, with what it is instead. */
	private static final class NotAnIndex extends Exception {

		NotAnIndex(String message) {
			super(message, null, false, false);
		}

	}

	private static final String OPERATORS = "+-*/%<>=!|&~";

	private SqliteIndexStatement() {
	}

	/**
	 * @param sql the statement
	 * @param table the table it must index (compared as SQLite compares names, ignoring ASCII case)
	 * @param name the index it must create
	 * @return empty when {@code sql} is one {@code CREATE INDEX} statement named {@code name} on {@code table};
	 *     else what it is instead, as "it is not a CREATE INDEX statement: it starts with DROP"
	 */
	static Optional<String> problem(String sql, String table, String name) {
		try {
			check(tokens(sql), table, name);
			return Optional.empty();
		}
		catch (NotAnIndex ex) {
			return Optional.of(ex.getMessage());
		}
	}

	private static void check(List<Token> tokens, String table, String name) throws NotAnIndex {
		Cursor at = new Cursor(tokens);
		if (!at.peek().is("CREATE")) {
			throw new NotAnIndex("it is not a CREATE INDEX statement: it starts with " + at.peek().text());
		}
		at.next();
		if (at.peek().is("UNIQUE")) {
			at.next();
		}
		if (!at.peek().is("INDEX")) {
			throw new NotAnIndex("it is not a CREATE INDEX statement: CREATE is followed by " + at.peek().text());
		}
		at.next();
		if (at.peek().is("IF")) {
			at.next();
			at.expectWord("NOT");
			at.expectWord("EXISTS");
		}
		String created = at.identifier("the index name");
		if (at.peek().punct('.')) { // schema.name
			at.next();
			created = at.identifier("the index name");
		}
		if (!created.equalsIgnoreCase(name)) {
			throw new NotAnIndex("it creates the index " + created + ", not " + name);
		}
		at.expectWord("ON");
		String on = at.identifier("the table name");
		if (at.peek().punct('.')) {
			throw new NotAnIndex("it names the table with a schema prefix (" + on + ".), which SQLite's CREATE INDEX never does");
		}
		if (!on.equalsIgnoreCase(table)) {
			throw new NotAnIndex("it indexes the table " + on + ", not " + table);
		}
		if (!at.peek().punct('(')) {
			throw new NotAnIndex("the table name is followed by " + at.peek().text() + " instead of its indexed columns");
		}
		at.balanced("the indexed columns");
		if (at.peek().is("WHERE")) {
			at.next();
			if (at.atEnd()) {
				throw new NotAnIndex("its WHERE has no condition");
			}
			while (!at.atEnd()) {
				if (at.peek().punct('(')) {
					at.balanced("the condition");
				}
				else if (at.peek().punct(')')) {
					throw new NotAnIndex("its condition closes a parenthesis it did not open");
				}
				else {
					at.plain(at.peek(), "the condition");
					at.next();
				}
			}
		}
		if (!at.atEnd()) {
			throw new NotAnIndex("the statement goes on after its indexed columns: " + at.peek().text());
		}
	}

	/** Reads tokens in order; past the end it returns an empty word. */
	private static final class Cursor {

		private static final Token END = new Token(Kind.WORD, "the end of the text");

		private final List<Token> tokens;

		private int next;

		Cursor(List<Token> tokens) {
			this.tokens = tokens;
		}

		boolean atEnd() {
			return this.next >= this.tokens.size();
		}

		Token peek() {
			return atEnd() ? END : this.tokens.get(this.next);
		}

		void next() {
			this.next++;
		}

		void expectWord(String word) throws NotAnIndex {
			if (!peek().is(word)) {
				throw new NotAnIndex("it has " + peek().text() + " where CREATE INDEX has " + word);
			}
			this.next++;
		}

		String identifier(String what) throws NotAnIndex {
			Token token = peek();
			if (token == END || !token.identifier()) {
				throw new NotAnIndex("it has " + token.text() + " where CREATE INDEX has " + what);
			}
			this.next++;
			return token.text();
		}

		/** A parenthesis and everything up to the one that closes it; not empty. */
		void balanced(String what) throws NotAnIndex {
			this.next++; // (
			int depth = 1;
			int start = this.next;
			while (depth > 0) {
				if (atEnd()) {
					throw new NotAnIndex("a parenthesis of " + what + " is never closed");
				}
				Token token = this.tokens.get(this.next++);
				if (token.punct('(')) {
					depth++;
				}
				else if (token.punct(')')) {
					depth--;
				}
				else {
					plain(token, what);
				}
			}
			if (this.next - 1 == start) {
				throw new NotAnIndex("nothing is between the parentheses of " + what);
			}
		}

		/** A token inside the columns or the condition: anything an expression holds, but no subquery. */
		void plain(Token token, String what) throws NotAnIndex {
			if (token.is("SELECT")) {
				throw new NotAnIndex("it has a SELECT in " + what + ", which no index has");
			}
		}

	}

	/** The tokens of {@code sql}, identifiers unquoted. */
	private static List<Token> tokens(String sql) throws NotAnIndex {
		List<Token> tokens = new ArrayList<>();
		int i = 0;
		int n = sql.length();
		while (i < n) {
			char c = sql.charAt(i);
			if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
				i++;
			}
			else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-' || c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
				throw new NotAnIndex("it holds a comment (" + sql.substring(i, i + 2) + ")");
			}
			else if (c == ';') {
				throw new NotAnIndex("it holds a ';' (a second statement) after " + sql.substring(0, i).strip());
			}
			else if (c == '"' || c == '`' || c == '[' || c == '\'') {
				char close = c == '[' ? ']' : c;
				StringBuilder text = new StringBuilder();
				int j = i + 1;
				while (true) {
					if (j >= n) {
						throw new NotAnIndex("it has a quote " + c + " that is never closed");
					}
					char d = sql.charAt(j++);
					if (d == close) {
						if (c != '[' && j < n && sql.charAt(j) == close) {
							text.append(d);
							j++;
							continue;
						}
						break;
					}
					text.append(d);
				}
				tokens.add(new Token(c == '\'' ? Kind.STRING : Kind.QUOTED, text.toString()));
				i = j;
			}
			else if (wordStart(c)) {
				int j = i + 1;
				while (j < n && (wordStart(sql.charAt(j)) || Character.isDigit(sql.charAt(j)) && sql.charAt(j) < 128
						|| sql.charAt(j) == '$')) {
					j++;
				}
				tokens.add(new Token(Kind.WORD, sql.substring(i, j)));
				i = j;
			}
			else if (c >= '0' && c <= '9' || c == '.' && i + 1 < n && sql.charAt(i + 1) >= '0' && sql.charAt(i + 1) <= '9') {
				int j = i + 1;
				while (j < n) {
					char d = sql.charAt(j);
					boolean sign = (d == '+' || d == '-') && (sql.charAt(j - 1) == 'e' || sql.charAt(j - 1) == 'E');
					if (!(d >= '0' && d <= '9' || d >= 'a' && d <= 'z' || d >= 'A' && d <= 'Z' || d == '.' || d == '_' || sign)) {
						break;
					}
					j++;
				}
				tokens.add(new Token(Kind.NUMBER, sql.substring(i, j)));
				i = j;
			}
			else if (c == '(' || c == ')' || c == ',' || c == '.' || OPERATORS.indexOf(c) >= 0) {
				tokens.add(new Token(Kind.PUNCT, String.valueOf(c)));
				i++;
			}
			else {
				throw new NotAnIndex("it holds the character " + (c < 32 || c == 127 ? String.format(Locale.ROOT, "U+%04X", (int) c)
						: "'" + c + "'") + ", which no CREATE INDEX statement SQLite keeps has");
			}
		}
		if (tokens.isEmpty()) {
			throw new NotAnIndex("it is empty");
		}
		return tokens;
	}

	private static boolean wordStart(char c) {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 128 && !Character.isWhitespace(c)
				&& !Character.isISOControl(c);
	}

}
