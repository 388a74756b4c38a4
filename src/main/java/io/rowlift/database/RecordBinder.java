package io.rowlift.database;

import java.sql.SQLException;

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

	RecordBinder(TargetDialect dialect, TableMapping mapping, ValueFormats formats, RecordLocator locator) {
		this.mapping = mapping;
		this.binders = mapping.columns()
			.stream()
			.map(column -> ColumnBinder.forColumn(column, dialect, formats))
			.toArray(ColumnBinder[]::new);
		this.fields = mapping.fields();
		this.locator = locator;
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
		for (int c = 0; c < this.binders.length; c++) {
			try {
				this.binders[c].bind(sink, base + c + 1, record, fields[c]);
			}
			catch (ValueException ex) {
				return new Rejection(this.locator.where(record, fields[c]), ex.getMessage());
			}
		}
		return null;
	}

	/** A row the database refused. */
	Rejection refused(RawRecord record, SQLException ex) {
		return new Rejection(this.locator.where(record, -1),
				"the database refused the row: " + ex.getMessage().strip() + "; fix or remove the row");
	}

}
