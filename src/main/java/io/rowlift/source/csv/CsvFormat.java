package io.rowlift.source.csv;

import io.rowlift.source.LineEnding;
import io.rowlift.source.SourceProperties;
import io.rowlift.source.WideCharset;
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
		boolean wide = WideCharset.wide(charset);
		if (!wide && !CharsetSafety.asciiCompatible(charset)) {
			throw RowliftException.badInput("rowlift.source.encoding is " + charset.name()
					+ ", which is not ASCII-compatible: Rowlift reads CSV byte by byte (UTF-16 and UTF-32 through a UTF-8 copy)"
					+ " and reads no EBCDIC file; convert the file to UTF-8 (for example with iconv -f " + charset.name()
					+ " -t UTF-8 file.csv > file.utf8.csv) and load that");
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
		if (wide) {
			// read as UTF-8 (TranscodedBytes): every byte of the dialect means itself; the null token is compared in UTF-8
			byte[] nullValue = p.nullValue() == null || p.nullValue().isEmpty() ? null
					: p.nullValue().getBytes(StandardCharsets.UTF_8);
			return new CsvFormat(delimiter, quote, escape, comment, p.header(), p.lineEnding(), charset, nullValue);
		}
		safe(charset, "rowlift.source.delimiter", delimiter);
		safe(charset, "rowlift.source.quote", quote);
		safe(charset, "rowlift.source.escape", escape);
		safe(charset, "rowlift.source.comment", comment);
		safe(charset, "the line end", '\n');
		safe(charset, "the line end", '\r');
		byte[] nullValue = p.nullValue() == null || p.nullValue().isEmpty() ? null : p.nullValue().getBytes(charset);
		return new CsvFormat(delimiter, quote, escape, comment, p.header(), p.lineEnding(), charset, nullValue);
	}

	/**
	 * The file's charset when it is UTF-16 or UTF-32 with its byte order known (read through
	 * {@link io.rowlift.source.TranscodedBytes}, so the parser sees UTF-8), else null.
	 */
	public WideCharset wide() {
		return WideCharset.of(this.charset);
	}

	/** The charset of the values the parser cuts: UTF-8 for a {@link #wide()} file (transcoded), else the file's. */
	public Charset valueCharset() {
		return WideCharset.wide(this.charset) ? StandardCharsets.UTF_8 : this.charset;
	}

	/** This format reading a file in {@code charset} (a byte order mark said which). */
	public CsvFormat withCharset(Charset charset) {
		return new CsvFormat(this.delimiter, this.quote, this.escape, this.comment, this.header, this.lineEnding, charset,
				this.nullValue);
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

	/**
	 * Refuses a dialect byte that can be the second byte of one of {@code charset}'s characters: the
	 * parser would take it for the delimiter (quote, ...) and cut a record inside a character.
	 */
	private static void safe(Charset charset, String what, int b) {
		if (b < 0 || !CharsetSafety.trailingByte(charset, (byte) b)) {
			return;
		}
		StringBuilder safe = new StringBuilder();
		for (char c : new char[] { ',', ';', '\t' }) {
			if (!CharsetSafety.trailingByte(charset, (byte) c)) {
				safe.append(safe.isEmpty() ? "" : " or ").append(c == '\t' ? "\\t" : String.valueOf(c));
			}
		}
		throw RowliftException.badInput("rowlift.source.encoding is " + charset.name() + ", whose multi-byte characters can hold"
				+ " the byte of " + what + (b == '\n' || b == '\r' ? "" : " " + show(b)) + " (" + CharsetSafety.hex((byte) b) + ") after their first byte, so Rowlift,"
				+ " which splits records byte by byte, could cut a record inside a character; convert the file to UTF-8 (iconv -f "
				+ charset.name() + " -t UTF-8 file.csv > file.utf8.csv) and load that"
				+ (b == '\n' || b == '\r' || safe.isEmpty() ? "" : ", or write the file with a delimiter that is safe in "
						+ charset.name() + " (" + safe + ") and no escape"));
	}

}
