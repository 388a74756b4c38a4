package io.rowlift.database.mapping;

import java.nio.charset.Charset;

import io.rowlift.database.Rejection;
import io.rowlift.expr.Expression;
import io.rowlift.expr.ExpressionException;
import io.rowlift.expr.TextBuffer;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * The load's row filter ({@code rowlift.source.filter}, docs/mapping.md) for one partition: whether a
 * record is loaded, decided on the record's fields before any column converts them, with the
 * expression the mapping compiled once for the run ({@link TableMapping#compiledFilter}). The fast
 * pipeline's writer ({@link JdbcRowWriter}) counts the records it drops as filtered, the spring
 * pipeline's reader hands them to its processor, which returns null for them (Spring Batch's filter),
 * and the index rebuild's duplicate search ({@link UniqueDuplicates}) skips them: one implementation.
 *
 * <p>A record that cannot be read (a syntax problem, the wrong number of fields) is kept, so that the
 * binder rejects it with its own reason, as without a filter. Not thread-safe: one per partition.
 */
public final class RecordFilter {

	/** The key of the filter. */
	public static final String KEY = "rowlift.source.filter";

	private final Expression expression;

	private final RecordInput input;

	private final int fieldCount;

	private final RecordLocator locator;

	/** The fast forms' scratch ({@link Expression#test(io.rowlift.expr.Input, TextBuffer)}). */
	private final TextBuffer scratch = new TextBuffer();

	private RecordFilter(Expression expression, int fieldCount, Charset charset, RecordLocator locator) {
		this.expression = expression;
		this.fieldCount = fieldCount;
		this.input = new RecordInput(charset, locator);
		this.locator = locator;
	}

	/**
	 * The filter of {@code mapping}, or null when the load has none.
	 * @param mapping a mapping compiled for the run ({@link TableMapping#withConstants})
	 * @param charset the file's charset
	 * @param locator where records are, for {@code line()} and rejects
	 */
	public static RecordFilter of(TableMapping mapping, Charset charset, RecordLocator locator) {
		Expression filter = mapping.compiledFilter();
		return filter == null ? null : new RecordFilter(filter, mapping.fieldCount(), charset, locator);
	}

	/**
	 * Whether {@code record} is loaded: its condition is true (false and unknown drop it, as SQL's WHERE),
	 * or the record cannot be read and is left to the binder to reject.
	 * @throws ExpressionException when the condition cannot be evaluated for the record (a value that is
	 *     not a number, ...): the record is a reject ({@link #rejection})
	 */
	public boolean keeps(RawRecord record) {
		if (record.problem() != null || record.fieldCount() != this.fieldCount) {
			return true;
		}
		this.scratch.truncate(0);
		return this.expression.test(this.input.of(record), this.scratch);
	}

	/** The field a record the filter cannot evaluate is shown at: the first the filter names, or -1 (the record). */
	public int field() {
		return this.expression.firstField();
	}

	/** Why a record the filter cannot evaluate is rejected: {@code filter <expression>: <what>}. */
	public String problem(ExpressionException failure) {
		return "filter " + this.expression.source() + ": " + failure.getMessage();
	}

	/** The reject of a record the filter cannot evaluate, at {@link #field}. */
	public Rejection rejection(RawRecord record, ExpressionException failure) {
		return new Rejection(this.locator.where(record, field()), problem(failure));
	}

}
