package io.rowlift.expr;

/**
 * A compiled expression of Rowlift's mapping language (docs/mapping.md). {@link #compile} parses and
 * type-checks once; {@link #text} and {@link #test} evaluate the tree for one record, with no parsing
 * and no reflection, decoding only the fields the expression names. Immutable and thread-safe: one
 * instance serves every partition of a load.
 */
public final class Expression {

	private final String source;

	private final Node root;

	private final int firstField;

	private final int[] fields;

	private Expression(String source, Node root, int firstField, int[] fields) {
		this.source = source;
		this.root = root;
		this.firstField = firstField;
		this.fields = fields;
	}

	/**
	 * @param label what the expression is, for messages (its key: {@code rowlift.target.columns.total.expression})
	 * @param source the expression
	 * @param scope the fields and per-load constants it may name
	 * @throws ExpressionException naming the label, the position and the problem, when it does not compile
	 */
	public static Expression compile(String label, String source, Scope scope) {
		Parser parser = new Parser(label, source, scope);
		Node root = parser.parse();
		return new Expression(source, root, parser.firstField(), parser.named());
	}

	/** The fields the expression names (0-based, ascending). */
	public int[] fields() {
		return this.fields.clone();
	}

	/**
	 * The first field the expression names (0-based, in the order written), or -1 when it names none
	 * ({@code run_id()}, {@code 'x'}): the place a record it cannot compute is shown at.
	 */
	public int firstField() {
		return this.firstField;
	}

	/** The expression as written. */
	public String source() {
		return this.source;
	}

	/** What it yields. */
	public Type type() {
		return this.root.type;
	}

	/**
	 * The value for one record as text (a number in plain digits, {@code 12.5}, {@code 3}), or null.
	 * @throws ExpressionException when the record has a value the expression cannot compute (the message
	 *     names the value and why; the caller adds the record's place)
	 */
	public String text(Input input) {
		return this.root.text(input);
	}

	/**
	 * The value for one record as text, as {@link #text} gives it, appended to {@code out} as ASCII bytes
	 * without a String when the expression's fast forms cover it (docs/mapping.md, "Speed"): returns the
	 * count of bytes appended (its last bytes), or -1 for null (nothing appended). Returns -2, with nothing
	 * appended, when they do not (a byte of 0x80 or above, a number that is not a whole long, a function with
	 * no fast form, a value the expression refuses): the caller then takes {@link #text}, which gives the
	 * value or the failure. Never throws {@link ExpressionException}.
	 */
	public int ascii(Input input, TextBuffer out) {
		int n = this.root.ascii(input, out);
		return n == Node.NULL ? NULL : n == Node.SLOW ? SLOW : n;
	}

	/** {@link #ascii}'s answer for null. */
	public static final int NULL = -1;

	/** {@link #ascii}'s answer when {@link #text} must compute the value. */
	public static final int SLOW = -2;

	/**
	 * {@link #test} with the fast forms first, {@code out} as their scratch (left as it was): the same answer
	 * and the same failures.
	 * @throws ExpressionException as {@link #text}
	 */
	public boolean test(Input input, TextBuffer out) {
		int fast = this.root.bool(input, out);
		if (fast == Node.SLOW) {
			return test(input);
		}
		return fast == Node.TRUE;
	}

	/**
	 * Whether a filter keeps the record: only when the condition is true (false and unknown drop it, as SQL's WHERE).
	 * @throws ExpressionException as {@link #text}
	 */
	public boolean test(Input input) {
		return Boolean.TRUE.equals(this.root.eval(input));
	}

	@Override
	public String toString() {
		return this.source;
	}

}
