package io.rowlift.source.csv;

import io.rowlift.source.LineEnding;
import io.rowlift.source.SourceProperties;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import io.rowlift.RowliftException;

/**
 * The CSV dialect a file is read with. Immutable and thread-safe.
 *
 * @param delimiter field separator byte (ASCII)
 * @param quote quote byte (ASCII)
 * @param escape escape byte, or -1 for none
 * @param comment comment-line byte, or -1 for none
 * @param header whether the first record is a header
 * @param lineEnding how records end ({@link LineEnding#AUTO} until resolved against a file)
 * @param charset the file's character set (ASCII-compatible)
 * @param nullValue bytes of the null token, or null for none
 */
public record CsvFormat(byte delimiter, byte quote, int escape, int comment, boolean header, LineEnding lineEnding,
		Charset charset, byte[] nullValue) {

	/** RFC 4180 with a header: comma, double quote, LF or CRLF, UTF-8. */
	public static final CsvFormat RFC4180 = new CsvFormat((byte) ',', (byte) '"', -1, -1, true, LineEnding.LF,
			StandardCharsets.UTF_8, null);

	/**
	 * Checks and builds the format the settings describe.
	 * @throws RowliftException (exit 2) for a setting Rowlift cannot read with
	 */
	public static CsvFormat of(SourceProperties p) {
		Charset charset = p.encoding();
		if (!asciiCompatible(charset)) {
			throw RowliftException.badInput("rowlift.source.encoding is " + charset.name()
					+ ", which is not ASCII-compatible; convert the file to UTF-8 (for example with iconv -f "
					+ charset.name() + " -t UTF-8)");
		}
		byte delimiter = single("rowlift.source.delimiter", p.delimiter(), false);
		byte quote = single("rowlift.source.quote", p.quote(), false);
		int escape = p.escape().isEmpty() ? -1 : single("rowlift.source.escape", p.escape(), false);
		int comment = p.comment().isEmpty() ? -1 : single("rowlift.source.comment", p.comment(), false);
		if (delimiter == quote || delimiter == escape || delimiter == comment || quote == escape || quote == comment
				|| (escape >= 0 && escape == comment)) {
			throw RowliftException.badInput("rowlift.source.delimiter, quote, escape and comment must all differ (they are '"
					+ (char) delimiter + "', '" + (char) quote + "', " + show(escape) + ", " + show(comment) + ")");
		}
		byte[] nullValue = p.nullValue() == null || p.nullValue().isEmpty() ? null : p.nullValue().getBytes(charset);
		return new CsvFormat(delimiter, quote, escape, comment, p.header(), p.lineEnding(), charset, nullValue);
	}

	/** This format with {@code ending} in place of {@link LineEnding#AUTO}. */
	public CsvFormat withLineEnding(LineEnding ending) {
		return new CsvFormat(this.delimiter, this.quote, this.escape, this.comment, this.header, ending, this.charset,
				this.nullValue);
	}

	/** The byte that ends records. */
	public byte endByte() {
		return this.lineEnding.endByte();
	}

	private static byte single(String key, String value, boolean allowEmpty) {
		String v = value.equals("\\t") ? "\t" : value;
		if (v.length() != 1 || v.charAt(0) == 0 || v.charAt(0) > 127 || v.charAt(0) == '\n' || v.charAt(0) == '\r') {
			throw RowliftException.badInput(key + " is '" + value
					+ "'; it must be one ASCII character other than a line break, such as , ; | or \\t");
		}
		return (byte) v.charAt(0);
	}

	private static String show(int c) {
		return c < 0 ? "none" : "'" + (char) c + "'";
	}

	/** Whether bytes 0-127 of {@code charset} are ASCII and no other character uses them. */
	static boolean asciiCompatible(Charset charset) {
		if (!charset.canEncode()) {
			return false;
		}
		String ascii = ",;|\t\"'\\#\r\nazAZ09";
		byte[] encoded = ascii.getBytes(charset);
		return java.util.Arrays.equals(encoded, ascii.getBytes(StandardCharsets.US_ASCII));
	}

}
