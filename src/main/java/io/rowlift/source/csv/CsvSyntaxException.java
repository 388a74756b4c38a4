package io.rowlift.source.csv;

/**
 * The bytes at {@link #offset()} do not form a valid record. Thrown by {@link CsvRecordParser} with
 * the raw position; {@link SourceLocator} turns it into a message with file, line and column.
 */
final class CsvSyntaxException extends RuntimeException {

	private final long offset;

	private final long recordOffset;

	private final int field;

	CsvSyntaxException(String problem, long offset, long recordOffset, int field) {
		super(problem, null, false, false);
		this.offset = offset;
		this.recordOffset = recordOffset;
		this.field = field;
	}

	/** Byte offset of the offending byte (or of the end of file). */
	long offset() {
		return this.offset;
	}

	/** Byte offset where the record containing the problem starts. */
	long recordOffset() {
		return this.recordOffset;
	}

	/** 0-based index of the field being read when the problem was found. */
	int field() {
		return this.field;
	}

}
