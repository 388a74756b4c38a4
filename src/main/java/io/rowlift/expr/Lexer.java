package io.rowlift.expr;

import java.util.ArrayList;
import java.util.List;

/** Splits an expression into tokens, each with its 1-based position for messages. */
final class Lexer {

	enum Kind {
		NAME, QUOTED_NAME, STRING, NUMBER, OPERATOR, LEFT, RIGHT, COMMA, END
	}

	record Token(Kind kind, String text, int position) {

		boolean is(String operator) {
			return this.kind != Kind.STRING && this.kind != Kind.QUOTED_NAME && this.text.equalsIgnoreCase(operator);
		}

		String shown() {
			return this.kind == Kind.END ? "the end" : "'" + this.text + "'";
		}

	}

	private static final String[] OPERATORS = { "||", "<=", ">=", "<>", "!=", "=", "<", ">", "+", "-", "*", "/" };

	private Lexer() {
	}

	static List<Token> tokens(String source, Failure failure) {
		List<Token> tokens = new ArrayList<>();
		int i = 0;
		int n = source.length();
		outer: while (i < n) {
			char c = source.charAt(i);
			int position = i + 1;
			if (Character.isWhitespace(c)) {
				i++;
			}
			else if (c == '(' || c == ')' || c == ',') {
				tokens.add(new Token(c == '(' ? Kind.LEFT : c == ')' ? Kind.RIGHT : Kind.COMMA, String.valueOf(c), position));
				i++;
			}
			else if (c == '\'' || c == '"') {
				StringBuilder text = new StringBuilder();
				int j = i + 1;
				while (true) {
					if (j >= n) {
						throw failure.at(position, "unclosed " + (c == '\'' ? "string" : "quoted name") + "; end it with " + c);
					}
					char d = source.charAt(j);
					if (d == c) {
						if (j + 1 < n && source.charAt(j + 1) == c) { // doubled: the quote itself
							text.append(c);
							j += 2;
							continue;
						}
						break;
					}
					text.append(d);
					j++;
				}
				tokens.add(new Token(c == '\'' ? Kind.STRING : Kind.QUOTED_NAME, text.toString(), position));
				i = j + 1;
			}
			else if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(source.charAt(i + 1)))) {
				int j = i;
				boolean point = false;
				while (j < n && (Character.isDigit(source.charAt(j)) || (source.charAt(j) == '.' && !point))) {
					point |= source.charAt(j) == '.';
					j++;
				}
				tokens.add(new Token(Kind.NUMBER, source.substring(i, j), position));
				i = j;
			}
			else if (Character.isLetter(c) || c == '_') {
				int j = i;
				while (j < n && (Character.isLetterOrDigit(source.charAt(j)) || source.charAt(j) == '_')) {
					j++;
				}
				tokens.add(new Token(Kind.NAME, source.substring(i, j), position));
				i = j;
			}
			else {
				for (String operator : OPERATORS) {
					if (source.startsWith(operator, i)) {
						tokens.add(new Token(Kind.OPERATOR, operator, position));
						i += operator.length();
						continue outer;
					}
				}
				throw failure.at(position, "unexpected character '" + c + "'");
			}
		}
		tokens.add(new Token(Kind.END, "", n + 1));
		return tokens;
	}

	/** Makes the compile error for a position of the expression being compiled. */
	@FunctionalInterface
	interface Failure {

		ExpressionException at(int position, String problem);

	}

}
