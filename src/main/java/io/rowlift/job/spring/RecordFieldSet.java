package io.rowlift.job.spring;

import java.nio.charset.Charset;

import org.springframework.batch.infrastructure.item.file.transform.DefaultFieldSet;

import io.rowlift.model.RawRecord;

/**
 * A {@link org.springframework.batch.infrastructure.item.file.transform.FieldSet} that also knows the
 * record it came from: where it is in the file, and for each field whether it was quoted. A user's
 * {@code FieldSetMapper} reads it as any field set (by index, or by the header's names when the
 * record has as many fields as the header); {@link #wasQuoted(int)} and {@link #record()} are there
 * for a mapper that wants the contract's empty-field rules. Immutable.
 */
public final class RecordFieldSet extends DefaultFieldSet {

	private final RawRecord record;

	private RecordFieldSet(RawRecord record, String[] values) {
		super(values);
		this.record = record;
	}

	private RecordFieldSet(RawRecord record, String[] values, String[] names) {
		super(values, names);
		this.record = record;
	}

	/** The field set of {@code record}, named by {@code names} when the record has as many fields. */
	static RecordFieldSet of(RawRecord record, Charset charset, String[] names) {
		String[] values = values(record, charset);
		return names != null && names.length == values.length ? new RecordFieldSet(record, values, names)
				: new RecordFieldSet(record, values);
	}

	private static String[] values(RawRecord record, Charset charset) {
		String[] values = new String[record.fieldCount()];
		for (int i = 0; i < values.length; i++) {
			values[i] = record.text(i, charset);
		}
		return values;
	}

	/** Whether field {@code index} (0-based) was quoted in the file. */
	public boolean wasQuoted(int index) {
		return this.record.quoted(index);
	}

	/** The record as the fast path reads it: its fields' bytes, offset and line. */
	public RawRecord record() {
		return this.record;
	}

}
