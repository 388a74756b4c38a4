package io.rowlift.expr;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * One evaluator of a compiled expression: its type is fixed when it compiles, {@link #eval} computes its
 * value for one record (a String for text, a BigDecimal for a number, a Boolean, or null). Stateless, so
 * a compiled tree is shared by threads.
 */
abstract class Node {

	static final MathContext DIVISION = MathContext.DECIMAL128;

	final Type type;

	/** The node's source text, for messages about a value it cannot compute. */
	final String source;

	Node(Type type, String source) {
		this.type = type;
		this.source = source;
	}

	abstract Object eval(Input input);

	/** Whether the value is the same for every record (folded when it compiles). */
	boolean constant() {
		return false;
	}

	/** The value as a number: a text converts when it is one ({@code -12.5}, {@code 3e2}), else the record is bad. */
	final BigDecimal number(Input input) {
		Object value = eval(input);
		return value == null ? null : toNumber(value, this.source);
	}

	/** The value as text: a number as plain digits without trailing zeros after the point. */
	final String text(Input input) {
		Object value = eval(input);
		return value == null ? null : toText(value);
	}

	static BigDecimal toNumber(Object value, String source) {
		if (value instanceof BigDecimal number) {
			return number;
		}
		String text = (String) value;
		if (!numeric(text)) {
			throw new ExpressionException("'" + shown(text) + "' (" + source + ") is not a number");
		}
		return new BigDecimal(text);
	}

	static String toText(Object value) {
		if (value instanceof BigDecimal number) {
			return plain(number);
		}
		return value instanceof Boolean b ? b.toString() : (String) value;
	}

	static String plain(BigDecimal number) {
		if (number.signum() == 0) {
			return "0";
		}
		return number.scale() > 0 ? number.stripTrailingZeros().toPlainString() : number.toPlainString();
	}

	/** Digits with an optional sign, point and exponent: what BigDecimal reads, without its surprises (no blanks). */
	static boolean numeric(String text) {
		int n = text.length();
		int i = 0;
		if (i < n && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
			i++;
		}
		int digits = 0;
		boolean point = false;
		for (; i < n; i++) {
			char c = text.charAt(i);
			if (c >= '0' && c <= '9') {
				digits++;
			}
			else if (c == '.' && !point) {
				point = true;
			}
			else {
				break;
			}
		}
		if (digits == 0) {
			return false;
		}
		if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
			i++;
			if (i < n && (text.charAt(i) == '-' || text.charAt(i) == '+')) {
				i++;
			}
			int exponent = 0;
			for (; i < n && text.charAt(i) >= '0' && text.charAt(i) <= '9'; i++) {
				exponent++;
			}
			if (exponent == 0 || exponent > 4) {
				return false;
			}
		}
		return i == n;
	}

	static String shown(String text) {
		return text.length() > 40 ? text.substring(0, 40) + "..." : text;
	}

	/** A literal, or a per-load constant (the file's name, the run's id and start). */
	static final class Literal extends Node {

		private final Object value;

		Literal(Type type, Object value, String source) {
			super(type, source);
			this.value = value;
		}

		@Override
		Object eval(Input input) {
			return this.value;
		}

		@Override
		boolean constant() {
			return true;
		}

	}

	/** A field of the record, by its 0-based index. */
	static final class Field extends Node {

		private final int index;

		Field(int index, String source) {
			super(Type.TEXT, source);
			this.index = index;
		}

		@Override
		Object eval(Input input) {
			return input.field(this.index);
		}

	}

	/** The record's line in its file. */
	static final class Line extends Node {

		Line() {
			super(Type.NUMBER, "line()");
		}

		@Override
		Object eval(Input input) {
			return BigDecimal.valueOf(input.line());
		}

	}

	/** {@code a + b}, {@code a - b}, {@code a * b}, {@code a / b}, {@code -a}: null if an operand is null. */
	static final class Arithmetic extends Node {

		private final char operator;

		private final Node left;

		private final Node right;

		Arithmetic(char operator, Node left, Node right, String source) {
			super(Type.NUMBER, source);
			this.operator = operator;
			this.left = left;
			this.right = right;
		}

		@Override
		Object eval(Input input) {
			BigDecimal a = this.left.number(input);
			if (a == null) {
				return null;
			}
			BigDecimal b = this.right.number(input);
			if (b == null) {
				return null;
			}
			return switch (this.operator) {
				case '+' -> a.add(b);
				case '-' -> a.subtract(b);
				case '*' -> a.multiply(b);
				default -> {
					if (b.signum() == 0) {
						throw new ExpressionException("division by zero in " + this.source + " ('" + plain(a) + "' / 0)");
					}
					yield a.divide(b, DIVISION);
				}
			};
		}

	}

	/** {@code a || b}: null if an operand is null (as in SQL; {@code coalesce} gives a default). */
	static final class Concat extends Node {

		private final Node left;

		private final Node right;

		Concat(Node left, Node right, String source) {
			super(Type.TEXT, source);
			this.left = left;
			this.right = right;
		}

		@Override
		Object eval(Input input) {
			String a = this.left.text(input);
			if (a == null) {
				return null;
			}
			String b = this.right.text(input);
			return b == null ? null : a.concat(b);
		}

	}

	/** {@code =, <>, !=, <, <=, >, >=}: numbers if either side is a number, else text (by code point); unknown if a side is null. */
	static final class Comparison extends Node {

		private final String operator;

		private final Node left;

		private final Node right;

		private final boolean numeric;

		Comparison(String operator, Node left, Node right, String source) {
			super(Type.BOOLEAN, source);
			this.operator = operator;
			this.left = left;
			this.right = right;
			this.numeric = left.type == Type.NUMBER || right.type == Type.NUMBER;
		}

		@Override
		Object eval(Input input) {
			int order;
			if (this.numeric) {
				BigDecimal a = this.left.number(input);
				BigDecimal b = a == null ? null : this.right.number(input);
				if (b == null) {
					return null;
				}
				order = a.compareTo(b);
			}
			else if (this.left.type == Type.BOOLEAN) {
				Object a = this.left.eval(input);
				Object b = a == null ? null : this.right.eval(input);
				if (b == null) {
					return null;
				}
				order = Boolean.compare((Boolean) a, (Boolean) b);
			}
			else {
				String a = this.left.text(input);
				String b = a == null ? null : this.right.text(input);
				if (b == null) {
					return null;
				}
				order = compareCodePoints(a, b);
			}
			return switch (this.operator) {
				case "=" -> order == 0;
				case "<>", "!=" -> order != 0;
				case "<" -> order < 0;
				case "<=" -> order <= 0;
				case ">" -> order > 0;
				default -> order >= 0;
			};
		}

	}

	/**
	 * Text order by code point, as documented (String.compareTo orders by UTF-16 unit, which puts a character
	 * above U+FFFF, written as a surrogate pair, before U+E000..U+FFFF).
	 */
	static int compareCodePoints(String a, String b) {
		int n = Math.min(a.length(), b.length());
		for (int i = 0; i < n; i++) {
			char x = a.charAt(i);
			char y = b.charAt(i);
			if (x != y) {
				if (Character.isSurrogate(x) != Character.isSurrogate(y)) {
					return Character.isSurrogate(x) ? 1 : -1; // a surrogate is part of a code point above every char
				}
				return x - y; // both surrogates (same order as their code points) or neither
			}
		}
		return a.length() - b.length();
	}

	/** {@code a and b}, {@code a or b} with SQL's three values; {@code not a}. */
	static final class Logic extends Node {

		private final String operator;

		private final Node left;

		private final Node right;

		Logic(String operator, Node left, Node right, String source) {
			super(Type.BOOLEAN, source);
			this.operator = operator;
			this.left = left;
			this.right = right;
		}

		@Override
		Object eval(Input input) {
			Boolean a = (Boolean) this.left.eval(input);
			if (this.operator.equals("not")) {
				return a == null ? null : !a;
			}
			boolean and = this.operator.equals("and");
			if (a != null && a != and) { // false and .. / true or ..
				return a;
			}
			Boolean b = (Boolean) this.right.eval(input);
			if (b != null && b != and) {
				return b;
			}
			return a == null || b == null ? null : and;
		}

	}

	/** {@code a is null}, {@code a is not null}. */
	static final class IsNull extends Node {

		private final Node operand;

		private final boolean negated;

		IsNull(Node operand, boolean negated, String source) {
			super(Type.BOOLEAN, source);
			this.operand = operand;
			this.negated = negated;
		}

		@Override
		Object eval(Input input) {
			return (this.operand.eval(input) == null) != this.negated;
		}

	}

}
