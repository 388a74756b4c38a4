package io.rowlift.database;

/**
 * How Rowlift converts a field for a column; the dialect decides from the column's metadata.
 *
 * @param type the conversion
 * @param min smallest integer accepted (integers)
 * @param max largest integer accepted (integers)
 * @param maxLength longest text in characters (text; 0 = no limit)
 * @param precision total digits (decimals; 0 = not checked)
 * @param scale digits after the point (decimals)
 */
public record ColumnKind(Type type, long min, long max, int maxLength, int precision, int scale) {

	/** The conversions. */
	public enum Type {

		/** A 64-bit (or narrower) integer, parsed from the bytes. */
		INTEGER,
		/** An exact decimal ({@code BigDecimal}). */
		DECIMAL,
		/** A double. */
		FLOAT,
		/** true/false, t/f, yes/no, y/n, 1/0. */
		BOOLEAN,
		/** A date. */
		DATE,
		/** A time of day. */
		TIME,
		/** A date and time. */
		TIMESTAMP,
		/** Bytes written in hex. */
		BLOB,
		/** Text, checked for the encoding, NUL bytes and length. */
		TEXT,
		/** Anything else: passed as text, the database converts it. */
		OTHER

	}

	public static ColumnKind of(Type type) {
		return new ColumnKind(type, Long.MIN_VALUE, Long.MAX_VALUE, 0, 0, 0);
	}

	public static ColumnKind integer(long min, long max) {
		return new ColumnKind(Type.INTEGER, min, max, 0, 0, 0);
	}

	public static ColumnKind text(int maxLength) {
		return new ColumnKind(Type.TEXT, 0, 0, maxLength, 0, 0);
	}

	public static ColumnKind decimal(int precision, int scale) {
		return new ColumnKind(Type.DECIMAL, 0, 0, 0, precision, scale);
	}

	/** Whether an empty field may be the empty string in this column. */
	public boolean textual() {
		return this.type == Type.TEXT || this.type == Type.OTHER;
	}

}
