package io.rowlift.expr;

import java.math.BigDecimal;
import java.math.MathContext;

/**
 * One evaluator of a compiled expression: its type is fixed when it compiles, {@link #eval} computes its
 * value for one record (a String for text, a BigDecimal for a number, a Boolean, or null). Stateless, so
 * a compiled tree is shared by threads.
 *
 * <p>Beside {@link #eval}, the general form, each node may have fast forms that compute the same value
 * without Java objects: {@link #ascii} (text as ASCII bytes, written into the caller's {@link TextBuffer}),
 * {@link #integer} (a whole number as a long) and {@link #bool} (a condition as an int). A fast form
 * either gives exactly what {@link #eval} gives, or answers {@link #SLOW}: for a value it does not cover
 * (a byte of 0x80 or above, a number with a point or beyond a long, a function without a fast form) and
 * for every value {@link #eval} would refuse. It never throws: the caller then evaluates the whole
 * expression again with {@link #eval}, which gives the value or the exact failure (the language has no
 * side effects, so evaluating twice is the same as once). The defaults answer {@link #SLOW}.
 */
abstract class Node {

	static final MathContext DIVISION = MathContext.DECIMAL128;

	/** A fast form's answers: a value (in {@link TextBuffer#state} for {@link #integer}), no value (null), or "use {@link #eval}". */
	static final int VALUE = 0, NULL = -1, SLOW = -2;

	/** {@link #bool}'s answers for true and false. */
	static final int TRUE = 1, FALSE = 0;

	private static final byte[] TRUE_TEXT = { 't', 'r', 'u', 'e' }, FALSE_TEXT = { 'f', 'a', 'l', 's', 'e' };

	final Type type;

	/** The node's source text, for messages about a value it cannot compute. */
	final String source;

	Node(Type type, String source) {
		this.type = type;
		this.source = source;
	}

	abstract Object eval(Input input);

	/**
	 * The fast form of {@link #text}: appends the value's text to {@code out} as ASCII bytes and returns
	 * their count, or returns {@link #NULL} or {@link #SLOW} with {@code out} as it was. This default writes
	 * a number's and a condition's fast forms as text; other text is {@link #SLOW}.
	 */
	int ascii(Input input, TextBuffer out) {
		if (this.type == Type.NUMBER) {
			long value = integer(input, out);
			if (out.state != VALUE) {
				return out.state;
			}
			return value == Long.MIN_VALUE ? SLOW : out.appendLong(value);
		}
		if (this.type == Type.BOOLEAN) {
			int value = bool(input, out);
			if (value < 0) {
				return value;
			}
			byte[] text = value == TRUE ? TRUE_TEXT : FALSE_TEXT;
			return out.appendAscii(text, 0, text.length);
		}
		return SLOW;
	}

	/**
	 * The fast form of {@link #number}: the value as a long, {@code out.state} {@link #VALUE}; or
	 * {@code out.state} {@link #NULL} or {@link #SLOW}. This default reads a text's fast form as a whole
	 * number ({@code -12}, {@code +3}, up to 18 digits); a number without a fast form is {@link #SLOW}.
	 */
	long integer(Input input, TextBuffer out) {
		if (this.type != Type.TEXT) {
			out.state = SLOW;
			return 0;
		}
		int n = ascii(input, out);
		if (n < 0) {
			out.state = n;
			return 0;
		}
		byte[] data = out.data();
		int end = out.length();
		long value = Ascii.parse(data, end - n, end, out);
		out.drop(n);
		return value;
	}

	/** The fast form of a condition: {@link #TRUE}, {@link #FALSE}, {@link #NULL} (unknown) or {@link #SLOW}. This default: {@link #SLOW}. */
	int bool(Input input, TextBuffer out) {
		return SLOW;
	}

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

		/** A text's bytes when it is ASCII, else null. */
		private final byte[] ascii;

		/** Whether a number is a whole number that fits a long, and then which. */
		private final boolean whole;

		private final long integer;

		Literal(Type type, Object value, String source) {
			super(type, source);
			this.value = value;
			byte[] ascii = null;
			if (value instanceof String text) {
				ascii = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
				ascii = ascii.length == text.length() && Ascii.plain(ascii, 0, ascii.length) ? ascii : null;
			}
			this.ascii = ascii;
			long integer = 0;
			boolean whole = false;
			if (value instanceof BigDecimal number) {
				try {
					integer = number.longValueExact();
					whole = true;
				}
				catch (ArithmeticException ex) {
					// a fraction, or beyond a long: the general form computes with it
				}
			}
			this.whole = whole;
			this.integer = integer;
		}

		@Override
		Object eval(Input input) {
			return this.value;
		}

		@Override
		int ascii(Input input, TextBuffer out) {
			if (this.type != Type.TEXT) {
				return super.ascii(input, out);
			}
			if (this.value == null) {
				return NULL;
			}
			return this.ascii == null ? SLOW : out.appendAscii(this.ascii, 0, this.ascii.length);
		}

		@Override
		long integer(Input input, TextBuffer out) {
			if (this.type != Type.NUMBER) {
				return super.integer(input, out);
			}
			out.state = this.whole ? VALUE : SLOW;
			return this.integer;
		}

		@Override
		int bool(Input input, TextBuffer out) {
			if (this.type != Type.BOOLEAN) {
				return SLOW;
			}
			return this.value == null ? NULL : (Boolean) this.value ? TRUE : FALSE;
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

		@Override
		int ascii(Input input, TextBuffer out) {
			byte[] data = input.data();
			if (data == null) {
				return SLOW;
			}
			if (input.isNull(this.index)) {
				return NULL;
			}
			return out.appendAscii(data, input.start(this.index), input.end(this.index));
		}

		@Override
		long integer(Input input, TextBuffer out) {
			byte[] data = input.data();
			if (data == null) {
				out.state = SLOW;
				return 0;
			}
			if (input.isNull(this.index)) {
				out.state = NULL;
				return 0;
			}
			return Ascii.parse(data, input.start(this.index), input.end(this.index), out); // read in place: no copy
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

		@Override
		long integer(Input input, TextBuffer out) {
			out.state = VALUE;
			return input.line();
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

		/** Exact long arithmetic: an overflow, and a division (its scale and rounding are BigDecimal's), are {@link #SLOW}. */
		@Override
		long integer(Input input, TextBuffer out) {
			if (this.operator == '/') {
				out.state = SLOW;
				return 0;
			}
			long a = this.left.integer(input, out);
			if (out.state != VALUE) {
				return 0;
			}
			long b = this.right.integer(input, out);
			if (out.state != VALUE) {
				return 0;
			}
			long r;
			boolean exact;
			switch (this.operator) {
				case '+' -> {
					r = a + b;
					exact = ((a ^ r) & (b ^ r)) >= 0;
				}
				case '-' -> {
					r = a - b;
					exact = ((a ^ b) & (a ^ r)) >= 0;
				}
				default -> {
					r = a * b;
					long high = Math.multiplyHigh(a, b);
					exact = (high == 0 && r >= 0) || (high == -1 && r < 0);
				}
			}
			out.state = exact ? VALUE : SLOW;
			return r;
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

		@Override
		int ascii(Input input, TextBuffer out) {
			int a = this.left.ascii(input, out);
			if (a < 0) {
				return a;
			}
			int b = this.right.ascii(input, out);
			if (b < 0) {
				out.drop(a);
				return b;
			}
			return a + b;
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
			return holds(order);
		}

		private boolean holds(int order) {
			return switch (this.operator) {
				case "=" -> order == 0;
				case "<>", "!=" -> order != 0;
				case "<" -> order < 0;
				case "<=" -> order <= 0;
				case ">" -> order > 0;
				default -> order >= 0;
			};
		}

		/** Numbers as longs, text as ASCII bytes (their order is the code points'); conditions {@link #SLOW}. */
		@Override
		int bool(Input input, TextBuffer out) {
			int order;
			if (this.numeric) {
				long a = this.left.integer(input, out);
				if (out.state != VALUE) {
					return out.state;
				}
				long b = this.right.integer(input, out);
				if (out.state != VALUE) {
					return out.state;
				}
				order = Long.compare(a, b);
			}
			else if (this.left.type == Type.BOOLEAN) {
				return SLOW;
			}
			else {
				int a = this.left.ascii(input, out);
				if (a < 0) {
					return a;
				}
				int b = this.right.ascii(input, out);
				if (b < 0) {
					out.drop(a);
					return b;
				}
				byte[] data = out.data();
				int end = out.length();
				order = java.util.Arrays.compare(data, end - b - a, end - b, data, end - b, end);
				out.drop(a + b);
			}
			return holds(order) ? TRUE : FALSE;
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

		@Override
		int bool(Input input, TextBuffer out) {
			int a = this.left.bool(input, out);
			if (a == SLOW) {
				return SLOW;
			}
			if (this.operator.equals("not")) {
				return a == NULL ? NULL : TRUE - a;
			}
			int and = this.operator.equals("and") ? TRUE : FALSE;
			if (a != NULL && a != and) {
				return a;
			}
			int b = this.right.bool(input, out);
			if (b == SLOW) {
				return SLOW;
			}
			if (b != NULL && b != and) {
				return b;
			}
			return a == NULL || b == NULL ? NULL : and;
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

		@Override
		int bool(Input input, TextBuffer out) {
			boolean isNull;
			switch (this.operand.type) {
				case TEXT -> {
					int n = this.operand.ascii(input, out);
					if (n == SLOW) {
						return SLOW;
					}
					isNull = n == NULL;
					if (!isNull) {
						out.drop(n);
					}
				}
				case NUMBER -> {
					this.operand.integer(input, out);
					if (out.state == SLOW) {
						return SLOW;
					}
					isNull = out.state == NULL;
				}
				default -> {
					int b = this.operand.bool(input, out);
					if (b == SLOW) {
						return SLOW;
					}
					isNull = b == NULL;
				}
			}
			return isNull != this.negated ? TRUE : FALSE;
		}

	}

}
