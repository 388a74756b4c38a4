package io.rowlift.database.mysql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks that a text is one {@code ADD ... INDEX} clause of an {@code ALTER TABLE} as {@link MySqlDialect}
 * writes it into the index ledger: {@code ADD [UNIQUE | FULLTEXT | SPATIAL] INDEX `name` (`column`[(length)]
 * [ASC | DESC], ...)}, nothing before it and nothing after it. The rebuild puts it after {@code ALTER TABLE}
 * and the table being rebuilt, so it cannot name another table; strict on everything else: identifiers
 * only in backticks or plain, lengths only as digits, no comment, no {@code ;}, no other clause. Stateless,
 * thread-safe.
 */
final class MySqlIndexClause {

	private static final Token END = new Token(false, "the end of the text");

	/** A word (plain identifier or keyword), a backticked identifier, digits, or one of {@code ( ) ,}. */
	private record Token(boolean quoted, String text) {

		boolean is(String word) {
			return !this.quoted && this.text.equalsIgnoreCase(word);
		}

		boolean identifier() {
			return this.quoted || !this.text.isEmpty() && isWordStart(this.text.charAt(0));
		}

		boolean digits() {
			return !this.quoted && !this.text.isEmpty() && this.text.chars().allMatch(c -> c >= '0' && c <= '9');
		}

	}

	private static final class NotAnIndex extends Exception {

		NotAnIndex(String message) {
			super(message, null, false, false);
		}

	}

	private MySqlIndexClause() {
	}

	/**
	 * @param clause the ledger's definition
	 * @param name the index it must add (MySQL compares index names ignoring case)
	 * @return empty when {@code clause} is such a clause adding {@code name}; else what it is instead
	 */
	static Optional<String> problem(String clause, String name) {
		try {
			check(tokens(clause), name);
			return Optional.empty();
		}
		catch (NotAnIndex ex) {
			return Optional.of(ex.getMessage());
		}
	}

	private static void check(List<Token> tokens, String name) throws NotAnIndex {
		int[] at = { 0 };
		if (!peek(tokens, at).is("ADD")) {
			throw new NotAnIndex("it is not an ADD INDEX clause: it starts with " + peek(tokens, at).text());
		}
		at[0]++;
		Token kind = peek(tokens, at);
		if (kind.is("UNIQUE") || kind.is("FULLTEXT") || kind.is("SPATIAL")) {
			at[0]++;
		}
		if (!peek(tokens, at).is("INDEX")) {
			throw new NotAnIndex("it is not an ADD INDEX clause: it adds " + peek(tokens, at).text());
		}
		at[0]++;
		String added = identifier(tokens, at, "the index name");
		if (!added.equalsIgnoreCase(name)) {
			throw new NotAnIndex("it adds the index " + added + ", not " + name);
		}
		expect(tokens, at, "(");
		while (true) {
			identifier(tokens, at, "a column");
			if (peek(tokens, at).is("(")) {
				at[0]++;
				if (!peek(tokens, at).digits()) {
					throw new NotAnIndex("it has " + peek(tokens, at).text() + " where a prefix length has digits");
				}
				at[0]++;
				expect(tokens, at, ")");
			}
			if (peek(tokens, at).is("ASC") || peek(tokens, at).is("DESC")) {
				at[0]++;
			}
			if (peek(tokens, at).is(",")) {
				at[0]++;
				continue;
			}
			expect(tokens, at, ")");
			break;
		}
		if (at[0] < tokens.size()) {
			throw new NotAnIndex("the clause goes on after its columns: " + peek(tokens, at).text());
		}
	}

	private static Token peek(List<Token> tokens, int[] at) {
		return at[0] < tokens.size() ? tokens.get(at[0]) : END;
	}

	private static void expect(List<Token> tokens, int[] at, String text) throws NotAnIndex {
		if (!peek(tokens, at).is(text)) {
			throw new NotAnIndex("it has " + peek(tokens, at).text() + " where the clause has " + text);
		}
		at[0]++;
	}

	private static String identifier(List<Token> tokens, int[] at, String what) throws NotAnIndex {
		Token token = peek(tokens, at);
		if (token == END || !token.identifier() || !token.quoted() && isKeyword(token.text())) {
			throw new NotAnIndex("it has " + token.text() + " where the clause has " + what);
		}
		at[0]++;
		return token.text();
	}

	/** The words of the clause itself, which are never an unquoted name in it. */
	private static boolean isKeyword(String word) {
		return List.of("ADD", "INDEX", "UNIQUE", "FULLTEXT", "SPATIAL", "ASC", "DESC").contains(word.toUpperCase(Locale.ROOT));
	}

	private static List<Token> tokens(String clause) throws NotAnIndex {
		List<Token> tokens = new ArrayList<>();
		int i = 0;
		int n = clause.length();
		while (i < n) {
			char c = clause.charAt(i);
			if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
				i++;
			}
			else if (c == '`') {
				StringBuilder text = new StringBuilder();
				int j = i + 1;
				while (true) {
					if (j >= n) {
						throw new NotAnIndex("it has a backtick that is never closed");
					}
					char d = clause.charAt(j++);
					if (d == '`') {
						if (j < n && clause.charAt(j) == '`') {
							text.append('`');
							j++;
							continue;
						}
						break;
					}
					text.append(d);
				}
				tokens.add(new Token(true, text.toString()));
				i = j;
			}
			else if (isWordStart(c) || c >= '0' && c <= '9') {
				int j = i + 1;
				while (j < n && (isWordStart(clause.charAt(j)) || clause.charAt(j) >= '0' && clause.charAt(j) <= '9')) {
					j++;
				}
				tokens.add(new Token(false, clause.substring(i, j)));
				i = j;
			}
			else if (c == '(' || c == ')' || c == ',') {
				tokens.add(new Token(false, String.valueOf(c)));
				i++;
			}
			else if (c == ';') {
				throw new NotAnIndex("it holds a ';' (a second statement) after " + clause.substring(0, i).strip());
			}
			else if (c == '#' || c == '-' && i + 1 < n && clause.charAt(i + 1) == '-' || c == '/' && i + 1 < n && clause.charAt(i + 1) == '*') {
				throw new NotAnIndex("it holds a comment (" + (c == '#' ? "#" : clause.substring(i, i + 2)) + ")");
			}
			else {
				throw new NotAnIndex("it holds the character " + (c < 32 || c == 127 ? String.format(Locale.ROOT, "U+%04X", (int) c)
						: "'" + c + "'") + ", which no ADD INDEX clause Rowlift writes has");
			}
		}
		if (tokens.isEmpty()) {
			throw new NotAnIndex("it is empty");
		}
		return tokens;
	}

	private static boolean isWordStart(char c) {
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
	}

}
