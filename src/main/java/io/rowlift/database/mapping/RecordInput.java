package io.rowlift.database.mapping;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

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

	/** Whether a byte below 0x80 is that ASCII character in the charset: the fast forms may read the bytes ({@link #data}). */
	private final boolean asciiCompatible;

	private final RecordLocator locator;

	private RawRecord record;

	RecordInput(Charset charset, RecordLocator locator) {
		this.charset = charset;
		this.asciiCompatible = charset.equals(StandardCharsets.UTF_8) || charset.equals(StandardCharsets.US_ASCII)
				|| charset.equals(StandardCharsets.ISO_8859_1);
		this.locator = locator;
	}

	/** Makes {@code record} the one the next evaluations see. */
	RecordInput of(RawRecord record) {
		this.record = record;
		return this;
	}

	/** The record's bytes in an ASCII-compatible charset (UTF-8, US-ASCII, ISO-8859-1), else null: fields read as text only. */
	@Override
	public byte[] data() {
		return this.asciiCompatible ? this.record.data() : null;
	}

	@Override
	public int start(int index) {
		return this.record.start(index);
	}

	@Override
	public int end(int index) {
		return this.record.end(index);
	}

	@Override
	public boolean isNull(int index) {
		return this.record.length(index) == 0 && !this.record.quoted(index);
	}

	/** The charset of the record's bytes (what a computed text is encoded in for its column's binder). */
	Charset charset() {
		return this.charset;
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


}
