package io.rowlift.model;

/**
 * Where something is in the input, as the contract's messages and the reject reasons file give it.
 *
 * @param file the file as the operator named it
 * @param line 1-based physical line of the place
 * @param recordLine 1-based physical line where the record starts
 * @param column 1-based field, or 0 for the record as a whole
 * @param offset 0-based byte offset of the field (or of the record)
 * @param uncompressed whether the offset counts the bytes of a compressed file's decompressed data
 */
public record Location(String file, long line, long recordLine, int column, long offset, boolean uncompressed) {

	/** A place in a file that is not compressed. */
	public Location(String file, long line, long recordLine, int column, long offset) {
		this(file, line, recordLine, column, offset, false);
	}

	/**
	 * {@code file:line:column (byte offset)}, {@code (uncompressed byte offset)} in a compressed file, with the
	 * record's first line when it differs; the file as {@link PrintableName} prints it.
	 */
	@Override
	public String toString() {
		String where = PrintableName.of(this.file) + ":" + this.line + (this.column > 0 ? ":" + this.column : "") + " (" + bytePrefix(this.uncompressed)
				+ this.offset + ")";
		return this.line == this.recordLine ? where : where + " in a record that starts at line " + this.recordLine;
	}

	/** {@code "byte "}, or {@code "uncompressed byte "} for an offset in a compressed file's decompressed data. */
	public static String bytePrefix(boolean uncompressed) {
		return uncompressed ? "uncompressed byte " : "byte ";
	}

}
