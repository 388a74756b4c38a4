package io.rowlift.database;

import java.nio.charset.Charset;

import io.rowlift.expr.Input;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * One record as an expression sees it ({@link Input}): a field decoded only when the expression asks
 * for it, an unquoted empty field as null, {@code line()} the record's first line in the file. The one
 * view of a record that the computed columns ({@link RecordBinder}) and the row filter
 * ({@link RecordFilter}) evaluate, on both pipelines. Reused for every record of its owner; not
 * thread-safe (one per partition).
 */
final class RecordInput implements Input {

	private final Charset charset;

	private final RecordLocator locator;

	private RawRecord record;

	RecordInput(Charset charset, RecordLocator locator) {
		this.charset = charset;
		this.locator = locator;
	}

	/** Makes {@code record} the one the next evaluations see. */
	RecordInput of(RawRecord record) {
		this.record = record;
		return this;
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

	/** {@code text} as a record of one field, as a column's binder takes it: null an unquoted empty field, text quoted. */
	RawRecord value(String text) {
		if (text == null) {
			return new RawRecord(new byte[0], new int[] { 0 }, this.record.offset(), this.record.line(), 0, 0, null);
		}
		byte[] bytes = text.getBytes(this.charset);
		return new RawRecord(bytes, new int[] { RawRecord.quotedEnd(bytes.length) }, this.record.offset(),
				this.record.line(), 0, 0, null);
	}

}
