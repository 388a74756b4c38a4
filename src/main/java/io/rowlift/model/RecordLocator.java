package io.rowlift.model;

/**
 * Locates records and fields in the input, for messages ({@code file:line:column (byte offset)}) and
 * for the reject files. Implementations read the file only when asked (errors are rare).
 */
public interface RecordLocator {

	/** Where field {@code field} (0-based) of {@code record} is; {@code field < 0} means the record itself. */
	Location where(RawRecord record, int field);

	/**
	 * Where byte {@code at} (0-based) of the value of field {@code field} is, as the input holds it; a negative
	 * {@code at} means the field itself. This default gives the field's place: a locator that can tell which byte
	 * of its input a value's byte came from gives that byte's.
	 */
	default Location where(RawRecord record, int field, int at) {
		return where(record, field);
	}

	/** Where a problem the parser found in {@code record} is. */
	Location where(RawRecord record, RecordProblem problem);

	/** {@code file:line:column (byte offset)} of field {@code field} (0-based) of {@code record}. */
	default String at(RawRecord record, int field) {
		return where(record, field).toString();
	}

	/** {@code file:line (byte offset)} of the record. */
	default String at(RawRecord record) {
		return where(record, -1).toString();
	}

	/** {@code file:line:column (byte offset)} of a problem the parser found in the record. */
	default String at(RawRecord record, RecordProblem problem) {
		return where(record, problem).toString();
	}

	/** The absolute physical line where the record starts. */
	long line(RawRecord record);

	/** The record's bytes as they are in the file, its record end included. */
	byte[] raw(RawRecord record);

}
