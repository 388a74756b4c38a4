package io.rowlift.database.mapping;

import io.rowlift.expr.Expression;
import io.rowlift.expr.ExpressionException;
import io.rowlift.expr.TextBuffer;
import io.rowlift.model.RawRecord;

/**
 * The computed columns' values of one record (docs/mapping.md), as one record a column's binder takes:
 * value {@code k} is field {@code k + 1} of {@link #values} (field 0 is what the buffer held before), null an
 * unquoted empty field, text quoted, so it converts as a field does and '' stays ''. An expression's fast
 * form writes its ASCII text straight into a byte buffer ({@link Expression#ascii}); any other value is
 * its {@link Expression#text} encoded in the file's charset, as before. A value an expression cannot
 * compute is kept as its failure ({@link #failure}), for the binder to reject the record with when that
 * column's turn comes, so that the first problem in column order is the one reported.
 *
 * <p>Memory: the values' bytes stay where they were written, never overwritten, since a statement may
 * keep a reference to them until its batch runs; the buffer takes a new 64 KiB array when one is full.
 * So a record costs one small record and its ends, not a String and arrays per value. Not thread-safe: one
 * per binder.
 */
final class ComputedValues {

	private final Expression[] expressions;

	private final RecordInput input;

	private final TextBuffer buffer = new TextBuffer();

	private final ExpressionException[] failures;

	private RawRecord values;

	/**
	 * @param expressions the computed columns' expressions, in the order of their values
	 * @param input the record as they see it (its charset encodes a text that is not ASCII)
	 */
	ComputedValues(Expression[] expressions, RecordInput input) {
		this.expressions = expressions;
		this.input = input;
		this.failures = new ExpressionException[expressions.length];
	}

	/** Computes every expression for {@code record}. */
	void compute(RawRecord record) {
		this.input.of(record);
		TextBuffer buffer = this.buffer;
		buffer.begin();
		int[] ends = new int[this.expressions.length + 1];
		for (int k = 0; k < this.expressions.length; k++) {
			Expression expression = this.expressions[k];
			this.failures[k] = null;
			int before = buffer.written();
			int n = expression.ascii(this.input, buffer);
			if (n == Expression.SLOW) {
				buffer.truncate(before); // nothing is appended then; made sure
				n = slow(expression, k);
			}
			// relative to the mark until every value is written: a full buffer moves them
			ends[k + 1] = buffer.written() | (n >= 0 ? Integer.MIN_VALUE : 0);
		}
		int mark = buffer.mark();
		ends[0] = mark;
		for (int k = 1; k < ends.length; k++) {
			int end = ends[k] & Integer.MAX_VALUE;
			ends[k] = ends[k] < 0 ? RawRecord.quotedEnd(mark + end) : mark + end;
		}
		this.values = new RawRecord(buffer.data(), ends, record.offset(), record.line(), 0, 0, null);
	}

	/** The general form: the text encoded and appended, -1 for null, or -3 with the failure kept. */
	private int slow(Expression expression, int k) {
		String text;
		try {
			text = expression.text(this.input);
		}
		catch (ExpressionException ex) {
			this.failures[k] = ex;
			return -3;
		}
		if (text == null) {
			return Expression.NULL;
		}
		byte[] bytes = text.getBytes(this.input.charset());
		this.buffer.append(bytes);
		return bytes.length;
	}

	/** The values of the last record {@link #compute}d. */
	RawRecord values() {
		return this.values;
	}

	/** Why value {@code k} of the last record could not be computed, or null. */
	ExpressionException failure(int k) {
		return this.failures[k];
	}

}
