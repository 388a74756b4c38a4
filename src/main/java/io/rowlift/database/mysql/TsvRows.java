package io.rowlift.database.mysql;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import io.rowlift.database.BulkRows;

/**
 * Rows in the text format of MySQL's {@code LOAD DATA} with its default field options: fields
 * separated by a tab, rows ended by {@code \n}, {@code \} as the escape ({@code \\ \t \n \r \0}),
 * {@code \N} for NULL, text in UTF-8, bytes as hex digits (the statement {@code UNHEX}es them).
 * A {@link BulkRows}: the column binders write converted, validated values into it, parameter 1
 * being the row's first column. Built in one growing buffer that is reused from chunk to chunk.
 *
 * <p>Use: {@link #clear}, then per row {@link #beginRow}, the binders' calls, and {@link #endRow}
 * or (when a value was refused) {@link #discardRow}; then send it (the bulk sink streams it to the loader with {@link #copy}). Not thread-safe.
 */
final class TsvRows implements BulkRows {

	private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

	private byte[] buffer = new byte[1 << 16];

	private int size;

	private int rowStart;

	private int rows;

	/** Empties the buffer for the next chunk. */
	@Override
	public void clear() {
		this.size = 0;
		this.rowStart = 0;
		this.rows = 0;
	}

	@Override
	public void beginRow() {
		this.rowStart = this.size;
	}

	@Override
	public void endRow() {
		put((byte) '\n');
		this.rows++;
	}

	/** Forgets the row begun last: one of its values was refused. */
	@Override
	public void discardRow() {
		this.size = this.rowStart;
	}

	/** Rows ended since {@link #clear}. */
	@Override
	public int rows() {
		return this.rows;
	}

	/** Bytes since {@link #clear}. */
	@Override
	public int size() {
		return this.size;
	}

	/** Copies up to {@code length} bytes from offset {@code from}; returns how many (none at the end). */
	@Override
	public int copy(int from, byte[] to, int offset, int length) {
		int n = Math.max(0, Math.min(length, this.size - from));
		System.arraycopy(this.buffer, from, to, offset, n);
		return n;
	}

	/**
	 * Appends to {@code into}, each after a tab, the fields {@code kept} (0-based, ascending) of the row that takes
	 * bytes {@code [start, end)} here (its ending {@code \n} included): a few columns of rows bound once. A tab or a
	 * line break inside a value is escaped, so the raw ones are the only separators.
	 */
	@Override
	public void appendFields(int start, int end, int[] kept, BulkRows rows) {
		TsvRows into = (TsvRows) rows; // the same loader's rows
		int field = 0;
		int k = 0;
		int from = start;
		for (int i = start; i < end && k < kept.length; i++) {
			byte b = this.buffer[i];
			if (b == '\t' || b == '\n') {
				if (field == kept[k]) {
					into.put((byte) '\t');
					into.ensure(i - from);
					System.arraycopy(this.buffer, from, into.buffer, into.size, i - from);
					into.size += i - from;
					k++;
				}
				field++;
				from = i + 1;
			}
		}
	}

	/** The rows as text, for tests and messages. */
	@Override
	public String toString() {
		return new String(this.buffer, 0, this.size, StandardCharsets.UTF_8);
	}

	@Override
	public void setNull(int parameter, int sqlType) {
		separate(parameter);
		put((byte) '\\');
		put((byte) 'N');
	}

	@Override
	public void setLong(int parameter, long value) {
		separate(parameter);
		if (value == Long.MIN_VALUE) {
			ascii("-9223372036854775808");
			return;
		}
		if (value < 0) {
			put((byte) '-');
			value = -value;
		}
		int digits = 1;
		for (long v = value; v >= 10; v /= 10) {
			digits++;
		}
		ensure(digits);
		for (int i = this.size + digits - 1; i >= this.size; i--) {
			this.buffer[i] = (byte) ('0' + value % 10);
			value /= 10;
		}
		this.size += digits;
	}

	@Override
	public void setInt(int parameter, int value) {
		setLong(parameter, value);
	}

	/** Java's shortest round-trip form ({@code 1.0E-5} included), which MySQL reads back to the same double. */
	@Override
	public void setDouble(int parameter, double value) {
		separate(parameter);
		ascii(Double.toString(value));
	}

	@Override
	public void setBigDecimal(int parameter, BigDecimal value) {
		separate(parameter);
		ascii(value.toPlainString());
	}

	@Override
	public void setBytes(int parameter, byte[] value) {
		separate(parameter);
		ensure(2 * value.length);
		for (byte b : value) {
			this.buffer[this.size++] = HEX[(b >> 4) & 0xf];
			this.buffer[this.size++] = HEX[b & 0xf];
		}
	}

	/** UTF-8 with the format's escapes; surrogate pairs become one 4-byte character. */
	@Override
	public void setString(int parameter, String value) {
		separate(parameter);
		int length = value.length();
		ensure(length);
		for (int i = 0; i < length; i++) {
			char c = value.charAt(i);
			if (c < 0x80) {
				switch (c) {
					case '\\' -> escape('\\');
					case '\t' -> escape('t');
					case '\n' -> escape('n');
					case '\r' -> escape('r');
					case '\0' -> escape('0');
					default -> put((byte) c);
				}
			}
			else if (c < 0x800) {
				ensure(2);
				this.buffer[this.size++] = (byte) (0xc0 | c >> 6);
				this.buffer[this.size++] = (byte) (0x80 | c & 0x3f);
			}
			else if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(value.charAt(i + 1))) {
				int cp = Character.toCodePoint(c, value.charAt(++i));
				ensure(4);
				this.buffer[this.size++] = (byte) (0xf0 | cp >> 18);
				this.buffer[this.size++] = (byte) (0x80 | cp >> 12 & 0x3f);
				this.buffer[this.size++] = (byte) (0x80 | cp >> 6 & 0x3f);
				this.buffer[this.size++] = (byte) (0x80 | cp & 0x3f);
			}
			else if (Character.isSurrogate(c)) {
				put((byte) '?'); // a lone surrogate cannot come from a decoded file; '?' as String.getBytes writes
			}
			else {
				ensure(3);
				this.buffer[this.size++] = (byte) (0xe0 | c >> 12);
				this.buffer[this.size++] = (byte) (0x80 | c >> 6 & 0x3f);
				this.buffer[this.size++] = (byte) (0x80 | c & 0x3f);
			}
		}
	}

	/** Copied as they are, but for the escapes. */
	@Override
	public void setAsciiText(int parameter, byte[] bytes, int start, int end) {
		separate(parameter);
		int i = start;
		while (i < end) {
			int special = nextSpecial(bytes, i, end);
			// room for this run of plain bytes only: each escape before it took two bytes for one, so a
			// reservation made once for the whole value would run short by the escapes already written
			ensure(special - i);
			System.arraycopy(bytes, i, this.buffer, this.size, special - i);
			this.size += special - i;
			if (special == end) {
				break;
			}
			switch (bytes[special]) {
				case '\\' -> escape('\\');
				case '\t' -> escape('t');
				case '\n' -> escape('n');
				case '\r' -> escape('r');
				default -> escape('0');
			}
			i = special + 1;
		}
	}

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long ONES = 0x0101_0101_0101_0101L;

	private static final long HIGHS = 0x8080_8080_8080_8080L;

	private static final long BELOW_ESCAPES = 0x0e0e_0e0e_0e0e_0e0eL; // bytes under 14: NUL, tab, LF and CR among them

	private static final long BACKSLASHES = 0x5c5c_5c5c_5c5c_5c5cL;

	/**
	 * The position of the first byte in {@code [i, end)} that needs an escape ({@code \ \t \n \r} or
	 * NUL), or {@code end}. ASCII only. Eight bytes at a time: a word with no byte under 14 and no
	 * backslash is skipped whole (the usual test for a byte under n: {@code (x - n*ONES) & ~x & HIGHS});
	 * a word that may hold one is looked at byte by byte.
	 */
	static int nextSpecial(byte[] b, int i, int end) {
		for (; i + 8 <= end; i += 8) {
			long x = (long) LONGS.get(b, i);
			long y = x ^ BACKSLASHES;
			if ((((x - BELOW_ESCAPES) & ~x | (y - ONES) & ~y) & HIGHS) == 0) {
				continue;
			}
			for (int j = i; j < i + 8; j++) {
				if (special(b[j])) {
					return j;
				}
			}
		}
		for (; i < end; i++) {
			if (special(b[i])) {
				return i;
			}
		}
		return end;
	}

	private static boolean special(byte c) {
		return c == '\\' || c == '\t' || c == '\n' || c == '\r' || c == 0;
	}

	private void separate(int parameter) {
		if (parameter > 1) {
			put((byte) '\t');
		}
	}

	private void escape(char c) {
		put((byte) '\\');
		put((byte) c);
	}

	private void ascii(String s) {
		ensure(s.length());
		for (int i = 0; i < s.length(); i++) {
			this.buffer[this.size++] = (byte) s.charAt(i);
		}
	}

	private void put(byte b) {
		if (this.size == this.buffer.length) {
			ensure(1);
		}
		this.buffer[this.size++] = b;
	}

	private void ensure(int more) {
		if (this.size + more > this.buffer.length) {
			this.buffer = Arrays.copyOf(this.buffer, Math.max(this.buffer.length * 2, this.size + more));
		}
	}

}
