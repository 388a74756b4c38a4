package io.rowlift.database;

import java.sql.SQLException;

import io.rowlift.compress.ValueCompressor;
import io.rowlift.expr.Expression;
import io.rowlift.expr.ExpressionException;
import io.rowlift.expr.Input;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Binds a record's fields to the columns of a {@link TableMapping}, each by its column's
 * {@link ColumnBinder} straight from the record's bytes, into any {@link ValueSink} (a statement's
 * parameters, a bulk stream's row); or says why the record cannot be loaded. Shared by the sinks of
 * one partition's writer; not thread-safe beyond what its sinks are.
 */
final class RecordBinder {

	private final TableMapping mapping;

	private final ColumnBinder[] binders;

	private final int[] fields;

	private final RecordLocator locator;

	/** For each column, its expression, or null (a field fills it); null when no column is computed. */
	private final Expression[] expressions;

	private final Computed computed;

	RecordBinder(TargetDialect dialect, TableMapping mapping, ValueFormats formats, RecordLocator locator) {
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
			for (int c = 0; c < this.expressions.length; c++) {
				this.expressions[c] = mapping.expression(c);
			}
			this.computed = new Computed(formats.charset(), locator);
		}
		else {
			this.expressions = null;
			this.computed = null;
		}
	}

	/** Columns bound per record. */
	int columns() {
		return this.binders.length;
	}

	/** Binds the record at parameter {@code base + 1} on, or says why it cannot be loaded (null: bound). */
	Rejection bind(ValueSink sink, int base, RawRecord record) throws SQLException {
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
			this.computed.of(record);
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
				return new Rejection(this.locator.where(record, field), ex.getMessage());
			}
		}
		return null;
	}

	/**
	 * Computes column {@code c}'s expression and binds its text as a one-field record through the column's
	 * own binder (the same conversion and empty-field rules as a field: null is an empty field, text is
	 * quoted, so '' stays '' in a text column). A value it cannot compute or store rejects the record, shown
	 * at the first field the expression names (its record's start when it names none).
	 */
	private Rejection bindComputed(ValueSink sink, int parameter, RawRecord record, int c) throws SQLException {
		Expression expression = this.expressions[c];
		String column = this.mapping.columns().get(c).name();
		try {
			RawRecord value = this.computed.value(expression.text(this.computed));
			this.binders[c].bind(sink, parameter, value, 0);
			return null;
		}
		catch (ExpressionException | ValueException ex) {
			return new Rejection(this.locator.where(record, expression.firstField()), "column " + column + " = "
					+ expression.source() + ": " + ex.getMessage());
		}
	}

	/**
	 * The record as expressions see it, and the one-field record a computed value is bound from. Reused
	 * for every record of the binder; not thread-safe (one per binder, as the binder).
	 */
	private static final class Computed implements Input {

		private final java.nio.charset.Charset charset;

		private final RecordLocator locator;

		private RawRecord record;

		Computed(java.nio.charset.Charset charset, RecordLocator locator) {
			this.charset = charset;
			this.locator = locator;
		}

		void of(RawRecord record) {
			this.record = record;
		}

		@Override
		public String field(int index) {
			RawRecord record = this.record;
			if (record.length(index) == 0 && !record.quoted(index)) {
				return null;
			}
			return record.text(index, this.charset);
		}

		@Override
		public long line() {
			return this.locator.line(this.record);
		}

		/** {@code text} as a record of one field: null an unquoted empty field, text quoted. */
		RawRecord value(String text) {
			if (text == null) {
				return new RawRecord(new byte[0], new int[] { 0 }, this.record.offset(), this.record.line(), 0, 0, null);
			}
			byte[] bytes = text.getBytes(this.charset);
			return new RawRecord(bytes, new int[] { RawRecord.quotedEnd(bytes.length) }, this.record.offset(),
					this.record.line(), 0, 0, null);
		}

	}

	/** A row the database refused. */
	Rejection refused(RawRecord record, SQLException ex) {
		return new Rejection(this.locator.where(record, -1),
				"the database refused the row: " + ex.getMessage().strip() + "; fix or remove the row");
	}

}
