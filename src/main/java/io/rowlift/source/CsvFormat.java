package io.rowlift.source;

import io.rowlift.RowliftException;

/**
 * The CSV dialect a file is read with: RFC 4180 records ended by LF or CRLF, fields separated by
 * {@link #delimiter()}, optionally enclosed in {@link #quote()} with the quote doubled inside.
 * Immutable and thread-safe.
 *
 * @param delimiter field separator byte (ASCII)
 * @param quote quote byte (ASCII)
 * @param header whether the first record is a header
 */
public record CsvFormat(byte delimiter, byte quote, boolean header) {

	/** RFC 4180 with a header: comma, double quote. */
	public static final CsvFormat RFC4180 = new CsvFormat((byte) ',', (byte) '"', true);

	/**
	 * Checks and builds a format from configured characters.
	 * @throws RowliftException (exit 2) for characters that are not usable single ASCII bytes
	 */
	public static CsvFormat of(char delimiter, char quote, boolean header) {
		check("rowlift.source.delimiter", delimiter);
		check("rowlift.source.quote", quote);
		if (delimiter == quote) {
			throw RowliftException.badInput("rowlift.source.delimiter and rowlift.source.quote are both '" + delimiter
					+ "'; they must differ");
		}
		return new CsvFormat((byte) delimiter, (byte) quote, header);
	}

	private static void check(String key, char c) {
		if (c == 0 || c > 127 || c == '\n' || c == '\r') {
			throw RowliftException.badInput(key + " is " + (c > 127 ? "'" + c + "'" : "code " + (int) c)
					+ "; it must be one printable ASCII character such as ',' ';' '|' or a tab");
		}
	}

}
