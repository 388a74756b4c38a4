package io.rowlift.expr;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/** The language's functions, each a small {@link Node}; {@link #call} checks a call's arguments when it compiles. */
final class Functions {

	private Functions() {
	}

	/** The functions' signatures, for messages and docs/mapping.md. */
	static final List<String> SIGNATURES = List.of("trim(text)", "lower(text)", "upper(text)", "length(text)",
			"replace(text, search, replacement)", "substring(text, start[, length])", "coalesce(value, value, ...)",
			"default(value, fallback)", "number(text)", "text(value)", "parse_date(text, 'pattern')",
			"parse_timestamp(text, 'pattern')", "parse_number(text, 'decimal separator'[, 'grouping separator'])",
			"if(condition, then, else)", "file_name()", "run_id()", "started()", "line()");

	/**
	 * @param name the function's name, lower case
	 * @param args its compiled arguments
	 * @param scope the per-load constants
	 * @param failure how a compile error at the call's position is made
	 */
	static Node call(String name, List<Node> args, Scope scope, String source, java.util.function.Function<String, ExpressionException> failure) {
		switch (name) {
			case "trim", "lower", "upper" -> {
				arity(name, args, 1, 1, failure);
				Node text = textual(args.get(0), name, failure);
				return new Unary(Type.TEXT, source, text, switch (name) {
					case "trim" -> v -> ((String) v).strip();
					case "lower" -> v -> ((String) v).toLowerCase(Locale.ROOT);
					default -> v -> ((String) v).toUpperCase(Locale.ROOT);
				}, switch (name) {
					case "trim" -> Fast.TRIM;
					case "lower" -> Fast.LOWER;
					default -> Fast.UPPER;
				});
			}
			case "length" -> {
				arity(name, args, 1, 1, failure);
				Node text = textual(args.get(0), name, failure);
				return new Unary(Type.NUMBER, source, text, v -> BigDecimal.valueOf(((String) v).codePointCount(0, ((String) v).length())),
						Fast.LENGTH);
			}
			case "number" -> {
				arity(name, args, 1, 1, failure);
				Node operand = args.get(0);
				return new Unary(Type.NUMBER, source, operand, v -> Node.toNumber(v, operand.source), Fast.NUMBER);
			}
			case "text" -> {
				arity(name, args, 1, 1, failure);
				return new Unary(Type.TEXT, source, args.get(0), Node::toText, Fast.TEXT);
			}
			case "replace" -> {
				arity(name, args, 3, 3, failure);
				Node text = textual(args.get(0), name, failure);
				Node search = textual(args.get(1), name, failure);
				Node replacement = textual(args.get(2), name, failure);
				return new Node(Type.TEXT, source) {
					@Override
					Object eval(Input input) {
						String value = text.text(input);
						String what = value == null ? null : search.text(input);
						String by = what == null ? null : replacement.text(input);
						return by == null ? null : what.isEmpty() ? value : value.replace(what, by);
					}
				};
			}
			case "substring" -> {
				arity(name, args, 2, 3, failure);
				Node text = textual(args.get(0), name, failure);
				Node start = args.get(1);
				Node length = args.size() == 3 ? args.get(2) : null;
				return new Substring(source, text, start, length);
			}
			case "coalesce", "default" -> {
				arity(name, args, 2, name.equals("default") ? 2 : Integer.MAX_VALUE, failure);
				Type type = args.get(0).type;
				for (Node arg : args) {
					if (arg.type != type) {
						type = Type.TEXT; // mixed text and numbers: text
					}
					if (arg.type == Type.BOOLEAN && type != Type.BOOLEAN) {
						throw failure.apply(name + "() mixes a condition with values");
					}
				}
				Node[] values = args.toArray(Node[]::new);
				Type result = type;
				return new Node(result, source) {
					@Override
					Object eval(Input input) {
						for (Node value : values) {
							Object v = value.eval(input);
							if (v != null) {
								return result == Type.TEXT ? toText(v) : v;
							}
						}
						return null;
					}
				};
			}
			case "if" -> {
				arity(name, args, 3, 3, failure);
				Node condition = args.get(0);
				if (condition.type != Type.BOOLEAN) {
					throw failure.apply("if() needs a condition first, such as amount > 0; " + condition.source + " is " + condition.type.describe());
				}
				Node then = args.get(1);
				Node otherwise = args.get(2);
				if (then.type == Type.BOOLEAN || otherwise.type == Type.BOOLEAN) {
					throw failure.apply("if() gives values, not conditions");
				}
				Type type = then.type == otherwise.type || otherwise.constant() && otherwise.eval(null) == null ? then.type
						: then.constant() && then.eval(null) == null ? otherwise.type : Type.TEXT;
				return new Node(type, source) {
					@Override
					Object eval(Input input) {
						Object v = Boolean.TRUE.equals(condition.eval(input)) ? then.eval(input) : otherwise.eval(input);
						return v == null || type != Type.TEXT ? v : toText(v);
					}
				};
			}
			case "parse_date", "parse_timestamp" -> {
				arity(name, args, 2, 2, failure);
				Node text = textual(args.get(0), name, failure);
				String pattern = literal(name, args.get(1), "pattern", failure);
				DateTimeFormatter formatter;
				try {
					formatter = DateTimeFormatter.ofPattern(pattern, Locale.ROOT);
				}
				catch (IllegalArgumentException ex) {
					throw failure.apply("'" + pattern + "' is not a date-time pattern: " + ex.getMessage()
							+ " (java.time.format.DateTimeFormatter patterns, such as dd/MM/uuuu HH:mm)");
				}
				boolean date = name.equals("parse_date");
				return new Unary(Type.TEXT, source, text, v -> {
					try {
						return date ? LocalDate.parse((String) v, formatter).toString()
								: LocalDateTime.parse((String) v, formatter).toString();
					}
					catch (DateTimeParseException ex) {
						throw new ExpressionException("'" + Node.shown((String) v) + "' (" + text.source + ") does not match the "
								+ (date ? "date" : "timestamp") + " pattern '" + pattern + "'");
					}
				});
			}
			case "parse_number" -> {
				arity(name, args, 2, 3, failure);
				Node text = textual(args.get(0), name, failure);
				String point = literal(name, args.get(1), "decimal separator", failure);
				String grouping = args.size() == 3 ? literal(name, args.get(2), "grouping separator", failure) : "";
				if (point.length() != 1 || grouping.length() > 1 || point.equals(grouping)) {
					throw failure.apply("parse_number() takes one decimal separator character and at most one, other, "
							+ "grouping separator character, as in parse_number(price, ',', '.')");
				}
				char p = point.charAt(0);
				int g = grouping.isEmpty() ? -1 : grouping.charAt(0);
				return new Unary(Type.NUMBER, source, text, v -> {
					String raw = (String) v;
					StringBuilder plain = new StringBuilder(raw.length());
					for (int i = 0; i < raw.length(); i++) {
						char c = raw.charAt(i);
						if (c == g) {
							continue;
						}
						plain.append(c == p ? '.' : c == '.' ? '\u0000' : c);
					}
					String number = plain.toString();
					if (!Node.numeric(number)) {
						throw new ExpressionException("'" + Node.shown(raw) + "' (" + text.source + ") is not a number with decimal separator '"
								+ point + "'" + (g < 0 ? "" : " and grouping separator '" + grouping + "'"));
					}
					return new BigDecimal(number);
				});
			}
			case "file_name", "run_id", "started" -> {
				arity(name, args, 0, 0, failure);
				String value = scope.constant(name);
				if (value == null) {
					throw failure.apply(name + "() is not known here");
				}
				return new Node.Literal(Type.TEXT, value, source);
			}
			case "line" -> {
				arity(name, args, 0, 0, failure);
				return new Node.Line();
			}
			default -> throw failure.apply("no function " + name + "(); the functions are " + String.join(", ", SIGNATURES));
		}
	}

	/** {@code substring(text, start[, length])}, with a fast form over ASCII bytes. */
	static final class Substring extends Node {

		private final Node text;

		private final Node start;

		private final Node length;

		Substring(String source, Node text, Node start, Node length) {
			super(Type.TEXT, source);
			this.text = text;
			this.start = start;
			this.length = length;
		}

		@Override
		Object eval(Input input) {
			String value = this.text.text(input);
			BigDecimal from = value == null ? null : this.start.number(input);
			BigDecimal count = this.length == null || from == null ? null : this.length.number(input);
			if (from == null || (this.length != null && count == null)) {
				return null;
			}
			return substring(value, whole(from, this.source), count == null ? Long.MAX_VALUE : whole(count, this.source), this.source);
		}

		/** As {@link #substring(String, long, long, String)} with a byte for a code point; a negative length is {@link #SLOW} (refused there). */
		@Override
		int ascii(Input input, TextBuffer out) {
			int n = this.text.ascii(input, out);
			if (n < 0) {
				return n;
			}
			long start = this.start.integer(input, out);
			if (out.state != VALUE) {
				out.drop(n);
				return out.state;
			}
			long length = Long.MAX_VALUE;
			if (this.length != null) {
				length = this.length.integer(input, out);
				if (out.state != VALUE || length < 0) {
					int state = out.state == VALUE ? SLOW : out.state;
					out.drop(n);
					return state;
				}
			}
			long from = Math.max(start, 1) - 1;
			long to = start + Math.min(length, Integer.MAX_VALUE) - 1; // the same long arithmetic as the String form
			int begin = out.length() - n;
			if (to <= from || from >= n) {
				out.end(begin);
				return 0;
			}
			int end = to >= n ? n : (int) to;
			byte[] data = out.data();
			System.arraycopy(data, begin + (int) from, data, begin, end - (int) from);
			out.end(begin + end - (int) from);
			return end - (int) from;
		}

	}

	static String substring(String value, long start, long length, String source) {
		if (length < 0) {
			throw new ExpressionException("negative length " + length + " in " + source);
		}
		// 1-based, as in SQL; a start before 1 counts the positions before the text
		long from = Math.max(start, 1) - 1;
		long to = start + Math.min(length, Integer.MAX_VALUE) - 1;
		int n = value.codePointCount(0, value.length());
		if (to <= from || from >= n) {
			return "";
		}
		int begin = value.offsetByCodePoints(0, (int) from);
		int end = to >= n ? value.length() : value.offsetByCodePoints(begin, (int) (to - from));
		return value.substring(begin, end);
	}

	private static long whole(BigDecimal number, String source) {
		try {
			return number.longValueExact();
		}
		catch (ArithmeticException ex) {
			throw new ExpressionException(Node.plain(number) + " is not a whole number, as " + source + " needs");
		}
	}

	private static void arity(String name, List<Node> args, int min, int max, java.util.function.Function<String, ExpressionException> failure) {
		if (args.size() < min || args.size() > max) {
			String expected = min == max ? String.valueOf(min) : max == Integer.MAX_VALUE ? min + " or more" : min + " or " + max;
			throw failure.apply(name + "() takes " + expected + " argument" + (expected.equals("1") ? "" : "s") + ", not "
					+ args.size() + ": " + SIGNATURES.stream().filter(s -> s.startsWith(name + "(")).findFirst().orElse(name));
		}
	}

	private static Node textual(Node node, String name, java.util.function.Function<String, ExpressionException> failure) {
		if (node.type == Type.BOOLEAN) {
			throw failure.apply(name + "() takes a value, but " + node.source + " is a condition");
		}
		return node;
	}

	private static String literal(String name, Node node, String what, java.util.function.Function<String, ExpressionException> failure) {
		if (!node.constant() || node.type != Type.TEXT || node.eval(null) == null) {
			throw failure.apply(name + "()'s " + what + " must be a string in single quotes, such as 'dd/MM/uuuu'");
		}
		return (String) node.eval(null);
	}

	/** Which one-argument functions have a fast form over ASCII bytes or longs ({@link Node#ascii}, {@link Node#integer}). */
	enum Fast {
		NONE, TRIM, LOWER, UPPER, LENGTH, NUMBER, TEXT
	}

	/** A one-argument function: null in, null out; a number given where text is taken is its plain text. */
	static final class Unary extends Node {

		private final Node operand;

		private final java.util.function.Function<Object, Object> function;

		private final boolean textArgument;

		private final Fast fast;

		Unary(Type type, String source, Node operand, java.util.function.Function<Object, Object> function) {
			this(type, source, operand, function, Fast.NONE);
		}

		Unary(Type type, String source, Node operand, java.util.function.Function<Object, Object> function, Fast fast) {
			super(type, source);
			this.operand = operand;
			this.function = function;
			this.textArgument = operand.type == Type.NUMBER;
			this.fast = fast;
		}

		@Override
		int ascii(Input input, TextBuffer out) {
			switch (this.fast) {
				case TRIM, LOWER, UPPER, TEXT -> {
					int n = this.operand.ascii(input, out); // a number's plain digits, as the String form's argument
					if (n <= 0) {
						return n;
					}
					byte[] data = out.data();
					int end = out.length();
					int begin = end - n;
					switch (this.fast) {
						case UPPER -> Ascii.upper(data, begin, end);
						case LOWER -> Ascii.lower(data, begin, end);
						case TRIM -> {
							int from = begin;
							int to = end;
							while (from < to && Ascii.blank(data[from])) {
								from++;
							}
							while (to > from && Ascii.blank(data[to - 1])) {
								to--;
							}
							System.arraycopy(data, from, data, begin, to - from);
							out.end(begin + to - from);
							return to - from;
						}
						default -> {
							// text(): the value as it is
						}
					}
					return n;
				}
				default -> {
					return super.ascii(input, out);
				}
			}
		}

		@Override
		long integer(Input input, TextBuffer out) {
			switch (this.fast) {
				case LENGTH -> {
					int n = this.operand.ascii(input, out);
					if (n < 0) {
						out.state = n;
						return 0;
					}
					out.drop(n);
					out.state = VALUE;
					return n; // a byte is a code point in ASCII
				}
				case NUMBER -> {
					if (this.operand.type == Type.BOOLEAN) {
						out.state = SLOW;
						return 0;
					}
					return this.operand.integer(input, out);
				}
				default -> {
					return super.integer(input, out);
				}
			}
		}

		@Override
		Object eval(Input input) {
			Object value = this.operand.eval(input);
			if (value == null) {
				return null;
			}
			return this.function.apply(this.textArgument && !(value instanceof String) ? toText(value) : value);
		}

	}

}
