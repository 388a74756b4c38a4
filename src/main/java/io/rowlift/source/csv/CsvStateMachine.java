package io.rowlift.source.csv;

/**
 * The CSV grammar as a table of states, shared by the split-point scanner and the record parser, so
 * that a split point the scanner finds is a record start for the parser, provably: both follow
 * these transitions byte by byte.
 *
 * <p>States: {@link #RECORD_START} (a record starts at the next byte), field start, unquoted field,
 * quoted field, a quote seen inside a quoted field (closing, or the first of a doubled pair), an
 * escape seen outside or inside quotes, a comment line, the rest of a field after garbage following
 * a closing quote, and a carriage return seen after a closing quote. A record boundary is exactly a
 * transition into {@link #RECORD_START}, which only a record-end byte makes.
 *
 * <p>Rules: a quote opens a quoted field only at a field's start (elsewhere it is data); inside
 * quotes, a doubled quote is one quote, and delimiters and line breaks are data; after a closing
 * quote only a delimiter or a record end may follow (else the record is bad, and continues to the
 * next delimiter or record end); the escape byte, if any, makes the next byte data; a comment byte
 * at a record's start makes the line a comment. In LF mode a CR before the LF is not data.
 * Immutable and thread-safe.
 */
public final class CsvStateMachine {

	public static final int RECORD_START = 0;

	static final int FIELD_START = 1;

	static final int UNQUOTED = 2;

	static final int QUOTED = 3;

	static final int QUOTE_SEEN = 4;

	static final int ESC_UNQUOTED = 5;

	static final int ESC_QUOTED = 6;

	static final int COMMENT = 7;

	static final int BAD = 8;

	static final int QUOTE_CR = 9;

	/** Number of states. */
	public static final int STATES = 10;

	private static final int OTHER = 0;

	private static final int DELIM = 1;

	private static final int QUOTE = 2;

	private static final int ESC = 3;

	private static final int END = 4;

	private static final int CR = 5;

	private static final int COMMENT_BYTE = 6;

	/** {@code next[state << 8 | byte]}. */
	private final byte[] next = new byte[STATES << 8];

	/** Bytes that are not ordinary data: delimiter, quote, escape, record end, CR, comment. */
	private final boolean[] special = new boolean[256];

	/** States that an ordinary data byte leaves unchanged (inside an unquoted or quoted field, a comment, garbage). */
	private final boolean[] absorbing = new boolean[STATES];

	private final byte endByte;

	public CsvStateMachine(CsvFormat format) {
		int[] classes = new int[256];
		classes[format.delimiter() & 0xff] = DELIM;
		classes[format.quote() & 0xff] = QUOTE;
		if (format.escape() >= 0) {
			classes[format.escape()] = ESC;
		}
		if (format.comment() >= 0) {
			classes[format.comment()] = COMMENT_BYTE;
		}
		this.endByte = format.endByte();
		classes[this.endByte & 0xff] = END;
		if (this.endByte == '\n') {
			classes['\r'] = CR;
		}
		for (int s = 0; s < STATES; s++) {
			for (int b = 0; b < 256; b++) {
				this.next[s << 8 | b] = (byte) step(s, classes[b]);
			}
			this.absorbing[s] = step(s, OTHER) == s;
		}
		for (int b = 0; b < 256; b++) {
			this.special[b] = classes[b] != OTHER;
		}
	}

	/** Whether ordinary data bytes leave {@code state} unchanged, so a scan may skip to the next special byte. */
	boolean absorbing(int state) {
		return this.absorbing[state];
	}

	/** The first index {@code >= from} and {@code < to} of a byte that is not ordinary data, or {@code to}. */
	int skipData(byte[] bytes, int from, int to) {
		final boolean[] table = this.special;
		int i = from;
		while (i < to && !table[bytes[i] & 0xff]) {
			i++;
		}
		return i;
	}

	private static int step(int state, int c) {
		return switch (state) {
			case RECORD_START -> c == COMMENT_BYTE ? COMMENT : fieldStart(c);
			case FIELD_START -> fieldStart(c);
			case UNQUOTED -> switch (c) {
				case DELIM -> FIELD_START;
				case ESC -> ESC_UNQUOTED;
				case END -> RECORD_START;
				default -> UNQUOTED;
			};
			case QUOTED -> switch (c) {
				case QUOTE -> QUOTE_SEEN;
				case ESC -> ESC_QUOTED;
				default -> QUOTED;
			};
			case QUOTE_SEEN -> switch (c) {
				case QUOTE -> QUOTED;
				case DELIM -> FIELD_START;
				case END -> RECORD_START;
				case CR -> QUOTE_CR;
				default -> BAD;
			};
			case ESC_UNQUOTED -> UNQUOTED;
			case ESC_QUOTED -> QUOTED;
			case COMMENT -> c == END ? RECORD_START : COMMENT;
			case BAD -> c == DELIM ? FIELD_START : c == END ? RECORD_START : BAD;
			case QUOTE_CR -> c == END ? RECORD_START : c == DELIM ? FIELD_START : BAD;
			default -> throw new IllegalArgumentException("state " + state);
		};
	}

	private static int fieldStart(int c) {
		return switch (c) {
			case DELIM -> FIELD_START;
			case QUOTE -> QUOTED;
			case ESC -> ESC_UNQUOTED;
			case END -> RECORD_START;
			default -> UNQUOTED;
		};
	}

	/** The state after reading {@code b} in {@code state}. */
	public int next(int state, byte b) {
		return this.next[state << 8 | (b & 0xff)];
	}

	/**
	 * Runs {@code bytes[from, to)} from {@code state} and returns the first record start
	 * {@code p >= minStart} (an index whose previous byte made the transition into
	 * {@link #RECORD_START}); when there is none before {@code to}, returns {@code ~s} where {@code s}
	 * is the state after the last byte.
	 */
	int findRecordStart(int state, byte[] bytes, int from, int to, int minStart) {
		final byte[] table = this.next;
		int s = state;
		int i = from;
		while (i < to) {
			if (this.absorbing[s]) {
				i = skipData(bytes, i, to); // data bytes cannot end a record here
				if (i >= to) {
					break;
				}
			}
			s = table[s << 8 | (bytes[i] & 0xff)];
			i++;
			if (s == RECORD_START && i >= minStart) {
				return i;
			}
		}
		return ~s;
	}

	/** The record-end byte. */
	public byte endByte() {
		return this.endByte;
	}

}
