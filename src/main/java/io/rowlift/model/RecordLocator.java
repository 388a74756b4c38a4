package io.rowlift.model;

/**
 * Names where a record or one of its fields is in the input, as the contract's message prefix
 * {@code file:line:column (byte offset)}.
 */
public interface RecordLocator {

	/** {@code file:line:column (byte offset)} of field {@code field} (0-based) of {@code record}. */
	String at(RawRecord record, int field);

	/** {@code file:line (byte offset)} of the record. */
	String at(RawRecord record);

	/** {@code file:line:column (byte offset)} of a problem the parser found in the record. */
	String at(RawRecord record, RecordProblem problem);

	/** The absolute physical line where the record starts. */
	long line(RawRecord record);

}
