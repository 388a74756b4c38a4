package io.rowlift.expr;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * A differential property test of the fast forms ({@link Expression#ascii}, {@link Expression#test(Input, TextBuffer)}):
 * random typed expressions over the functions and operators that have one, evaluated on random records
 * through a byte-backed input (fast form first, the general form when it answers SLOW, as the binder and
 * the filter do), must give exactly what the general form gives through a String-only input: the same
 * text, null, or a failure with the same message. The records mix ASCII with non-ASCII text (which must
 * fall back), numbers at and beyond a long's bounds, empty and null fields and every kind of blank.
 */
class ExpressionFastFormPropertyTests {

	static final List<String> NAMES = List.of("a", "b", "c");

	static final Scope SCOPE = Scope.of(NAMES);

	/** Fields: a null is an unquoted empty field; "" a quoted one. */
	static final class BytesInput implements Input {

		private final String[] row;

		private final byte[] data;

		private final int[] ends;

		BytesInput(String[] row) {
			this.row = row;
			this.ends = new int[row.length];
			java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
			bytes.writeBytes("junk".getBytes(StandardCharsets.UTF_8)); // fields need not start at 0
			int[] starts = new int[row.length];
			for (int i = 0; i < row.length; i++) {
				starts[i] = bytes.size();
				if (row[i] != null) {
					bytes.writeBytes(row[i].getBytes(StandardCharsets.UTF_8));
				}
				this.ends[i] = bytes.size();
			}
			this.data = bytes.toByteArray();
			this.starts = starts;
		}

		private final int[] starts;

		@Override
		public String field(int index) {
			return this.row[index];
		}

		@Override
		public long line() {
			return 42;
		}

		@Override
		public byte[] data() {
			return this.data;
		}

		@Override
		public int start(int index) {
			return this.starts[index];
		}

		@Override
		public int end(int index) {
			return this.ends[index];
		}

		@Override
		public boolean isNull(int index) {
			return this.row[index] == null;
		}

	}

	static Input strings(String[] row) {
		return new Input() {
			@Override
			public String field(int index) {
				return row[index];
			}

			@Override
			public long line() {
				return 42;
			}
		};
	}

	static final String[] NUMBERS = { "0", "1", "-1", "2", "40", "9223372036854775807", "-9223372036854775808",
			"9223372036854775808", "999999999999999999", "-999999999999999999", "1000000000000000000", "4294967296",
			"3037000500", "-3037000500", "1.5", "2.0", "1e3", "12345678901" };

	@Provide
	Arbitrary<String> text() {
		return Arbitraries.lazy(() -> text(3));
	}

	private Arbitrary<String> text(int depth) {
		Arbitrary<String> leaf = Arbitraries.oneOf(Arbitraries.of("a", "b", "c", "\"C\"", "'x Y'", "''", "'é'", "null", "' \t z '"));
		if (depth == 0) {
			return leaf;
		}
		Arbitrary<String> t = text(depth - 1);
		Arbitrary<String> n = number(depth - 1);
		return Arbitraries.frequencyOf(Tuple.of(3, leaf),
				Tuple.of(2, Arbitraries.of("upper", "lower", "trim").flatMap(f -> t.map(x -> f + "(" + x + ")"))),
				Tuple.of(2, t.flatMap(x -> n.map(s -> "substring(" + x + ", " + s + ")"))),
				Tuple.of(2, t.flatMap(x -> n.flatMap(s -> n.map(l -> "substring(" + x + ", " + s + ", " + l + ")")))),
				Tuple.of(1, t.flatMap(x -> t.map(y -> "(" + x + " || " + y + ")"))),
				Tuple.of(1, n.map(x -> "text(" + x + ")")),
				Tuple.of(1, n.map(x -> "upper(" + x + ")")));
	}

	@Provide
	Arbitrary<String> number() {
		return Arbitraries.lazy(() -> number(3));
	}

	private Arbitrary<String> number(int depth) {
		Arbitrary<String> leaf = Arbitraries.oneOf(Arbitraries.of(NUMBERS).filter(s -> !s.contains("e")).map(s -> s.startsWith("-") ? "(" + s + ")" : s),
				Arbitraries.of("number(a)", "number(b)", "line()", "length(c)", "-3", "0"));
		if (depth == 0) {
			return leaf;
		}
		Arbitrary<String> t = text(depth - 1);
		Arbitrary<String> n = number(depth - 1);
		return Arbitraries.frequencyOf(Tuple.of(3, leaf),
				Tuple.of(3, Arbitraries.of("+", "-", "*", "/").flatMap(op -> n.flatMap(x -> n.map(y -> "(" + x + " " + op + " " + y + ")")))),
				Tuple.of(1, n.map(x -> "-(" + x + ")")),
				Tuple.of(2, t.map(x -> "number(" + x + ")")),
				Tuple.of(1, t.map(x -> "length(" + x + ")")),
				Tuple.of(1, t.flatMap(x -> n.map(y -> "(" + x + " + " + y + ")")))); // text read as a number
	}

	@Provide
	Arbitrary<String> condition() {
		Arbitrary<String> t = text(2);
		Arbitrary<String> n = number(2);
		Arbitrary<String> op = Arbitraries.of("=", "<>", "<", "<=", ">", ">=");
		Arbitrary<String> simple = Arbitraries.oneOf(op.flatMap(o -> n.flatMap(x -> n.map(y -> x + " " + o + " " + y))),
				op.flatMap(o -> t.flatMap(x -> t.map(y -> x + " " + o + " " + y))),
				t.map(x -> x + " is null"), n.map(x -> x + " is not null"), Arbitraries.of("true", "false"),
				n.flatMap(x -> n.map(y -> x + " between " + y + " and " + y + " + 5")));
		return Arbitraries.oneOf(simple, simple.flatMap(x -> simple.map(y -> "(" + x + ") and (" + y + ")")),
				simple.flatMap(x -> simple.map(y -> "(" + x + ") or (" + y + ")")), simple.map(x -> "not (" + x + ")"));
	}

	@Provide
	Arbitrary<String[]> rows() {
		Arbitrary<String> value = Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just((String) null)),
				Tuple.of(1, Arbitraries.just("")), Tuple.of(3, Arbitraries.of(NUMBERS)),
				Tuple.of(1, Arbitraries.of("+5", "-0", "007", " 5", "5 ", "-", "+", "1-2", "0x10")),
				Tuple.of(4, Arbitraries.strings().withChars("aZz09 -.\t\u000b\u001c\u001fÀéßİıﬀ\u00a0\u0085\u2028\u0000").ofMaxLength(12)),
				Tuple.of(2, Arbitraries.strings().withCharRange('\u0000', '\u007f').ofMaxLength(20)),
				Tuple.of(1, Arbitraries.of("😀x", " 😀 ", "a😀b c")));
		// a record's text is what its bytes decode to (no lone surrogate)
		return value.map(v -> v == null ? null : new String(v.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
			.array(String[].class)
			.ofSize(3);
	}

	/** The general form's answer: the text, or the failure's message. */
	static Object general(Expression expression, String[] row) {
		try {
			return expression.text(strings(row));
		}
		catch (ExpressionException ex) {
			return new Failure(ex.getMessage());
		}
	}

	/** What the binder does: the fast form, else the general form, over the record's bytes. */
	static Object fast(Expression expression, String[] row, TextBuffer out) {
		BytesInput input = new BytesInput(row);
		out.begin();
		int n = expression.ascii(input, out);
		if (n == Expression.SLOW) {
			assertThat(out.written()).as("a SLOW answer appends nothing").isZero();
			try {
				return expression.text(input);
			}
			catch (ExpressionException ex) {
				return new Failure(ex.getMessage());
			}
		}
		if (n == Expression.NULL) {
			assertThat(out.written()).as("a null appends nothing").isZero();
			return null;
		}
		assertThat(out.written()).isEqualTo(n);
		byte[] bytes = Arrays.copyOfRange(out.data(), out.mark(), out.mark() + n);
		for (byte b : bytes) {
			assertThat(b).as("a fast form writes ASCII only").isNotNegative();
		}
		return new String(bytes, StandardCharsets.UTF_8);
	}

	record Failure(String message) {
	}

	/** The row with every character outside printable ASCII escaped, for messages. */
	static String show(String[] row) {
		StringBuilder s = new StringBuilder("[");
		for (String value : row) {
			if (value == null) {
				s.append("null, ");
				continue;
			}
			s.append('"');
			value.chars().forEach(c -> s.append(c >= 0x20 && c < 0x7f ? String.valueOf((char) c) : String.format("\\u%04x", c)));
			s.append("\", ");
		}
		return s.append(']').toString();
	}

	/** One buffer for every try, small records after large ones: it fills up and moves on, as a partition's does. */
	private final TextBuffer shared = new TextBuffer();

	@Property(tries = 2000)
	void textIsTheGeneralFormsText(@ForAll("text") String source, @ForAll("rows") String[] row) {
		check(source, row);
	}

	@Property(tries = 2000)
	void numbersAreTheGeneralFormsNumbers(@ForAll("number") String source, @ForAll("rows") String[] row) {
		check(source, row);
	}

	@Property(tries = 1000)
	void conditionsAreTheGeneralFormsConditions(@ForAll("condition") String source, @ForAll("rows") String[] row) {
		Expression expression = Expression.compile("p", source, SCOPE);
		check(source, row);
		Object expected;
		try {
			expected = expression.test(strings(row));
		}
		catch (ExpressionException ex) {
			expected = new Failure(ex.getMessage());
		}
		Object actual;
		TextBuffer scratch = new TextBuffer();
		try {
			actual = expression.test(new BytesInput(row), scratch);
		}
		catch (ExpressionException ex) {
			actual = new Failure(ex.getMessage());
		}
		assertThat(actual).as(source + " on " + show(row)).isEqualTo(expected);
		assertThat(scratch.written()).as("the scratch is left as it was").isZero();
	}

	private void check(String source, String[] row) {
		Expression expression = Expression.compile("p", source, SCOPE);
		assertThat(fast(expression, row, this.shared)).as(source + " on " + show(row)).isEqualTo(general(expression, row));
	}

	@Example
	void everyAsciiCharacterCasesAndTrimsAsTheStringForms() {
		List<String> rows = new ArrayList<>();
		for (char c = 0; c < 128; c++) {
			rows.add(c + "x" + c + "Q" + c);
			rows.add(String.valueOf(c));
		}
		for (String source : List.of("upper(a)", "lower(a)", "trim(a)", "length(a)", "substring(a, 2, 2)", "a || upper(a)")) {
			Expression expression = Expression.compile("p", source, SCOPE);
			for (String value : rows) {
				String[] row = { value, null, null };
				assertThat(fast(expression, row, this.shared)).as(source + " on " + (int) value.charAt(0)).isEqualTo(general(expression, row));
			}
		}
	}

	@Example
	void longBoundsFallBackExactly() {
		String[] edges = { "9223372036854775807", "-9223372036854775808", "999999999999999999", "-999999999999999999",
				"4611686018427387904", "3037000499", "3037000500", "-3037000500", "1" };
		for (String x : edges) {
			for (String y : edges) {
				for (String op : List.of("+", "-", "*")) {
					String source = "number(a) " + op + " number(b)";
					String[] row = { x, y, null };
					Expression expression = Expression.compile("p", source, SCOPE);
					assertThat(fast(expression, row, this.shared)).as(x + op + y).isEqualTo(general(expression, row));
				}
			}
		}
	}

	@Example
	void aFullBufferMovesTheCurrentRecordsValuesOnly() {
		TextBuffer out = new TextBuffer();
		Expression upper = Expression.compile("p", "upper(a)", SCOPE);
		String value = "abcdefghij".repeat(1000);
		byte[] first = null;
		for (int i = 0; i < 20; i++) {
			out.begin();
			assertThat(upper.ascii(new BytesInput(new String[] { value, null, null }), out)).isEqualTo(10_000);
			byte[] data = out.data();
			assertThat(new String(data, out.mark(), 10_000, StandardCharsets.UTF_8)).isEqualTo(value.toUpperCase());
			if (first == null) {
				first = data;
			}
		}
		assertThat(out.data()).as("a new array once the first is full").isNotSameAs(first);
		assertThat(new String(first, 0, 10_000, StandardCharsets.UTF_8)).as("the old array is left as it was").isEqualTo(value.toUpperCase());
	}

}
