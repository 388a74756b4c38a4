package io.rowlift.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * A differential property test: random expression trees are written out as text with as few
 * parentheses as the precedence rules allow, compiled by {@link Expression} and evaluated on random
 * records, and must give what a direct evaluation of the tree gives (a value, or a failure). So the
 * lexer, the parser's precedence and associativity and the evaluators are checked against a reference
 * that has none of them.
 */
class ExpressionPropertyTests {

	static final List<String> NAMES = List.of("a", "b", "c");

	static final Scope SCOPE = Scope.of(NAMES);

	/** The reference: a tree, its text and its value. */
	sealed interface E {

		/** Precedence of the top operator: 1 ||, 2 + -, 3 * /, 4 an atom. */
		int level();

		String write();

		/** The value (String or BigDecimal or null); throws Failed when Rowlift must fail. */
		Object value(String[] row);

		/** Whether it is typed a number when it compiles (else text). */
		default boolean isNumber() {
			return this instanceof Num || this instanceof Arith
					|| this instanceof Coalesce c && c.first().isNumber() && c.second().isNumber();
		}

	}

	static final class Failed extends RuntimeException {

		private static final long serialVersionUID = 1L;

		Failed() {
			super(null, null, false, false);
		}

	}

	record Num(long n) implements E {

		public int level() {
			return 4;
		}

		public String write() {
			return Long.toString(this.n);
		}

		public Object value(String[] row) {
			return BigDecimal.valueOf(this.n);
		}

	}

	record Str(String s) implements E {

		public int level() {
			return 4;
		}

		public String write() {
			return "'" + this.s.replace("'", "''") + "'";
		}

		public Object value(String[] row) {
			return this.s;
		}

	}

	record Field(int i) implements E {

		public int level() {
			return 4;
		}

		public String write() {
			return this.i == 2 ? "\"C\"" : NAMES.get(this.i).toUpperCase(Locale.ROOT);
		}

		public Object value(String[] row) {
			return row[this.i];
		}

	}

	record Call(String function, E arg) implements E {

		public int level() {
			return 4;
		}

		public String write() {
			return this.function + "( " + this.arg.write() + ")";
		}

		public Object value(String[] row) {
			Object v = this.arg.value(row);
			if (v == null) {
				return null;
			}
			String s = text(v);
			return switch (this.function) {
				case "trim" -> s.strip();
				case "upper" -> s.toUpperCase(Locale.ROOT);
				default -> s.toLowerCase(Locale.ROOT);
			};
		}

	}

	record Coalesce(E first, E second) implements E {

		public int level() {
			return 4;
		}

		public String write() {
			return "coalesce(" + this.first.write() + "," + this.second.write() + ")";
		}

		public Object value(String[] row) {
			Object v = this.first.value(row);
			Object w = v != null ? null : this.second.value(row);
			Object r = v != null ? v : w;
			// a number only when both are: mixed kinds give text
			return r == null || isNumber() ? r : text(r);
		}

	}

	record Arith(char op, E left, E right) implements E {

		public int level() {
			return this.op == '+' || this.op == '-' ? 2 : 3;
		}

		public String write() {
			return side(this.left, level(), false) + " " + this.op + " " + side(this.right, level(), true);
		}

		public Object value(String[] row) {
			BigDecimal a = number(this.left.value(row));
			if (a == null) {
				return null;
			}
			BigDecimal b = number(this.right.value(row));
			if (b == null) {
				return null;
			}
			return switch (this.op) {
				case '+' -> a.add(b);
				case '-' -> a.subtract(b);
				case '*' -> a.multiply(b);
				default -> {
					if (b.signum() == 0) {
						throw new Failed();
					}
					yield a.divide(b, MathContext.DECIMAL128);
				}
			};
		}

	}

	record Concat(E left, E right) implements E {

		public int level() {
			return 1;
		}

		public String write() {
			return side(this.left, 1, false) + "||" + side(this.right, 1, true);
		}

		public Object value(String[] row) {
			Object a = this.left.value(row);
			if (a == null) {
				return null;
			}
			Object b = this.right.value(row);
			return b == null ? null : text(a) + text(b);
		}

	}

	/** A child written with parentheses only where precedence or left associativity needs them. */
	static String side(E child, int level, boolean right) {
		boolean parens = child.level() < level || (right && child.level() == level);
		return parens ? "(" + child.write() + ")" : child.write();
	}

	static String text(Object v) {
		if (v instanceof BigDecimal n) {
			return n.signum() == 0 ? "0" : n.scale() > 0 ? n.stripTrailingZeros().toPlainString() : n.toPlainString();
		}
		return (String) v;
	}

	static BigDecimal number(Object v) {
		if (v == null || v instanceof BigDecimal) {
			return (BigDecimal) v;
		}
		try {
			String s = (String) v;
			if (s.isEmpty() || !s.chars().allMatch(ch -> Character.isDigit(ch) || ch == '-' || ch == '.')
					|| s.indexOf('-', 1) >= 0) {
				throw new Failed();
			}
			return new BigDecimal(s);
		}
		catch (NumberFormatException ex) {
			throw new Failed();
		}
	}

	@Provide
	Arbitrary<E> trees() {
		return tree(4);
	}

	private Arbitrary<E> tree(int depth) {
		Arbitrary<E> leaf = Arbitraries.oneOf(Arbitraries.longs().between(0, 1000).map(Num::new),
				Arbitraries.strings().withChars("ab '-1. ").ofMaxLength(4).map(Str::new),
				Arbitraries.integers().between(0, 2).map(Field::new));
		if (depth == 0) {
			return leaf;
		}
		Arbitrary<E> sub = Arbitraries.lazy(() -> tree(depth - 1));
		return Arbitraries.frequencyOf(Tuple.of(3, leaf),
				Tuple.of(2, Arbitraries.of('+', '-', '*', '/').flatMap(op -> sub.flatMap(l -> sub.map(r -> (E) new Arith(op, l, r))))),
				Tuple.of(1, sub.flatMap(l -> sub.map(r -> (E) new Concat(l, r)))),
				Tuple.of(1, Arbitraries.of("trim", "upper", "lower").flatMap(f -> sub.map(a -> (E) new Call(f, a)))),
				Tuple.of(1, sub.flatMap(l -> sub.map(r -> (E) new Coalesce(l, r)))));
	}

	@Provide
	Arbitrary<String[]> rows() {
		Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.just(null), Arbitraries.of("0", "7", "-3", "2.5", "12", " x", "A b"),
				Arbitraries.integers().between(-99, 99).map(String::valueOf));
		return value.array(String[].class).ofSize(3);
	}

	@Property(tries = 3000)
	void rowliftComputesWhatTheReferenceComputes(@ForAll("trees") E tree, @ForAll("rows") String[] row) {
		String expected;
		boolean fails = false;
		try {
			Object v = tree.value(row);
			expected = v == null ? null : text(v);
		}
		catch (Failed ex) {
			expected = null;
			fails = true;
		}
		Expression expression = Expression.compile("p", tree.write(), SCOPE);
		Input input = new Input() {
			@Override
			public String field(int index) {
				return row[index];
			}

			@Override
			public long line() {
				return 1;
			}
		};
		// the fast forms over the record's bytes (ExpressionFastFormPropertyTests), then the general form as the binder does
		Object fast = ExpressionFastFormPropertyTests.fast(expression, row, new TextBuffer());
		if (fails) {
			org.assertj.core.api.Assertions.assertThatThrownBy(() -> expression.text(input)).as(tree.write())
				.isInstanceOf(ExpressionException.class);
			assertThat(fast).as(tree.write()).isInstanceOf(ExpressionFastFormPropertyTests.Failure.class);
		}
		else {
			assertThat(expression.text(input)).as(tree.write() + " on " + Map.of("row", java.util.Arrays.toString(row)))
				.isEqualTo(expected);
			assertThat(fast).as("fast: " + tree.write() + " on " + java.util.Arrays.toString(row)).isEqualTo(expected);
		}
	}

}
