package io.rowlift.database.mapping;

import java.sql.SQLException;

import io.rowlift.compress.ValueCompressor;
import io.rowlift.database.Rejection;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.ValueSink;
import io.rowlift.expr.Expression;
import io.rowlift.expr.ExpressionException;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Binds a record's fields to the columns of a {@link TableMapping}, each by its column's
 * {@link ColumnBinder} straight from the record's bytes, and its computed columns by their compiled
 * expressions, into any {@link ValueSink} (a statement's parameters, a bulk stream's row, a
 * {@link CapturedRow}); or says why the record cannot be loaded. The one binding of both pipelines: the
 * fast pipeline's sinks share one per partition, the spring pipeline's default mapper
 * ({@code job.spring.ColumnValuesMapper}) has one per partition. Not thread-safe.
 */
public final class RecordBinder {

	private final TableMapping mapping;

	private final ColumnBinder[] binders;

	private final int[] fields;

	private final RecordLocator locator;

	/** For each column, its expression, or null (a field fills it); null when no column is computed. */
	private final Expression[] expressions;

	/** For each computed column, its value's index in {@link #computed}; null when no column is computed. */
	private final int[] slots;

	/** The computed columns' values of the record being bound; null when no column is computed. */
	private final ComputedValues computed;

	/**
	 * @param mapping the mapping, its expressions compiled for the run when it computes a column ({@link TableMapping#withConstants})
	 * @param locator where records are: the places of rejects and {@code line()}
	 */
	public RecordBinder(TargetDialect dialect, TableMapping mapping, ValueFormats formats, RecordLocator locator) {
		this.mapping = mapping;
		this.binders = new ColumnBinder[mapping.columns().size()];
		// compressed columns share the writer's one compressor (its zstd context and scratch buffer)
		ValueCompressor compressor = mapping.compression() == null ? null : mapping.compression().compressor();
		for (int c = 0; c < this.binders.length; c++) {
			TableColumn column = mapping.columns().get(c);
			this.binders[c] = compressor != null && mapping.compression().covers(column.name())
					? CompressingBinder.of(column, compressor, formats.charset())
					: ColumnBinder.forColumn(column, dialect, formats);
		}
		this.fields = mapping.fields();
		this.locator = locator;
		if (mapping.computed()) {
			this.expressions = new Expression[this.binders.length];
			this.slots = new int[this.binders.length];
			java.util.List<Expression> computed = new java.util.ArrayList<>();
			for (int c = 0; c < this.expressions.length; c++) {
				this.expressions[c] = mapping.expression(c);
				this.slots[c] = this.expressions[c] == null ? -1 : computed.size();
				if (this.expressions[c] != null) {
					computed.add(this.expressions[c]);
				}
			}
			this.computed = new ComputedValues(computed.toArray(Expression[]::new), new RecordInput(formats.charset(), locator));
		}
		else {
			this.expressions = null;
			this.slots = null;
			this.computed = null;
		}
	}

	/** Columns bound per record. */
	public int columns() {
		return this.binders.length;
	}

	/** Binds the record at parameter {@code base + 1} on, or says why it cannot be loaded (null: bound). */
	public Rejection bind(ValueSink sink, int base, RawRecord record) throws SQLException {
		if (record.problem() != null) {
			return new Rejection(this.locator.where(record, record.problem()), record.problem().message());
		}
		int fieldCount = this.mapping.fieldCount();
		if (record.fieldCount() != fieldCount) {
			return new Rejection(this.locator.where(record, -1), record.fieldCount() + " field"
					+ (record.fieldCount() == 1 ? "" : "s") + ", but the header has " + fieldCount
					+ "; a field with a delimiter or a line break inside must be quoted");
		}
		int[] fields = this.fields;
		if (this.expressions != null) {
			this.computed.compute(record); // all at once, into one record; a failure is reported at its column's turn
		}
		for (int c = 0; c < this.binders.length; c++) {
			int field = fields[c];
			if (field < 0) {
				Rejection rejection = bindComputed(sink, base + c + 1, record, c);
				if (rejection != null) {
					return rejection;
				}
				continue;
			}
			try {
				this.binders[c].bind(sink, base + c + 1, record, field);
			}
			catch (ValueException ex) {
				return new Rejection(this.locator.where(record, field, ex.at()), ex.getMessage());
			}
		}
		return null;
	}

	/**
	 * Binds column {@code c}'s computed value, a field of {@link ComputedValues#values}, through the column's
	 * own binder (the same conversion and empty-field rules as a field: null is an empty field, text is
	 * quoted, so '' stays '' in a text column). A value it cannot compute or store rejects the record, shown
	 * at the first field the expression names (its record's start when it names none).
	 */
	private Rejection bindComputed(ValueSink sink, int parameter, RawRecord record, int c) throws SQLException {
		Expression expression = this.expressions[c];
		int slot = this.slots[c];
		try {
			ExpressionException failure = this.computed.failure(slot);
			if (failure != null) {
				throw failure;
			}
			this.binders[c].bind(sink, parameter, this.computed.values(), slot + 1);
			return null;
		}
		catch (ExpressionException | ValueException ex) {
			return new Rejection(this.locator.where(record, expression.firstField()), "column " + this.mapping.columns().get(c).name() + " = "
					+ expression.source() + ": " + ex.getMessage());
		}
	}

	/** A row the database refused. */
	public Rejection refused(RawRecord record, SQLException ex) {
		return new Rejection(this.locator.where(record, -1),
				"the database refused the row: " + ex.getMessage().strip() + "; fix or remove the row", ex);
	}

}
