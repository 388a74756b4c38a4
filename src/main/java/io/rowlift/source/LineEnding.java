package io.rowlift.source;

/** How records end. {@link #AUTO} is resolved from the file before reading. */
public enum LineEnding {

	/** The first record end of the file decides. */
	AUTO,
	/** A line feed; a carriage return right before it is dropped (so CRLF files read too). */
	LF,
	/** Carriage return + line feed (read like {@link #LF}). */
	CRLF,
	/** A lone carriage return (classic Mac OS). */
	CR;

	/** The byte that ends a record (and a physical line) under this setting. */
	public byte endByte() {
		return this == CR ? (byte) '\r' : (byte) '\n';
	}

}
