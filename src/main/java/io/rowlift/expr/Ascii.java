package io.rowlift.expr;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The text functions' fast forms over ASCII bytes, each the exact equal of its String form for text
 * whose every character is below U+0080 (its caller checks that first, and takes the String form for
 * any other text): a byte is then a character and a code point, in every ASCII-compatible charset.
 * Stateless.
 */
final class Ascii {

	/** Eight bytes at a time (the byte order does not matter: every step is per byte). */
	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long ONES = 0x0101_0101_0101_0101L;

	private static final long HIGHS = 0x8080_8080_8080_8080L;

	private Ascii() {
	}

	/** Whether every byte of {@code b[start, end)} is ASCII (below 0x80). */
	static boolean plain(byte[] b, int start, int end) {
		long any = 0; // the bits of every byte together: one test at the end, no branch per word
		int i = start;
		for (; i + 8 <= end; i += 8) {
			any |= (long) LONGS.get(b, i);
		}
		for (; i < end; i++) {
			any |= b[i]; // a byte of 0x80 or above is negative: it sets the top bits
		}
		return (any & HIGHS) == 0;
	}

	/** {@code String.toUpperCase(Locale.ROOT)} of ASCII, in place: a-z only. */
	static void upper(byte[] b, int start, int end) {
		flipCase(b, start, end, 'a', 'z');
	}

	/** {@code String.toLowerCase(Locale.ROOT)} of ASCII, in place: A-Z only. */
	static void lower(byte[] b, int start, int end) {
		flipCase(b, start, end, 'A', 'Z');
	}

	/**
	 * Flips bit 0x20 (the case of a letter) of every byte in {@code [first, last]}, eight at a time without a
	 * branch: for bytes below 0x80, adding {@code 0x80 - first} sets a byte's top bit exactly when it is at least
	 * {@code first}, and no sum carries into the next byte.
	 */
	private static void flipCase(byte[] b, int start, int end, char first, char last) {
		long atLeastFirst = ONES * (0x80 - first);
		long aboveLast = ONES * (0x80 - last - 1);
		int i = start;
		for (; i + 8 <= end; i += 8) {
			long x = (long) LONGS.get(b, i);
			long letters = (x + atLeastFirst) & ~(x + aboveLast) & HIGHS;
			LONGS.set(b, i, x ^ (letters >>> 2));
		}
		for (; i < end; i++) {
			byte c = b[i];
			if (c >= first && c <= last) {
				b[i] = (byte) (c ^ 0x20);
			}
		}
	}

	/** {@code Character.isWhitespace} for an ASCII byte (what {@code String.strip} removes): tab to carriage return, the four separators, space. */
	static boolean blank(byte c) {
		return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
	}

	/**
	 * {@code b[start, end)} as a long when it is what {@link Node#numeric} accepts with no point and no
	 * exponent, in at most 18 digits (so it fits): {@code state} is then {@link Node#VALUE}; anything else
	 * (a point, an exponent, more digits, not a number) sets it to {@link Node#SLOW}, for the general path to
	 * read or to refuse with its own message.
	 */
	static long parse(byte[] b, int start, int end, TextBuffer out) {
		int i = start;
		boolean negative = false;
		if (i < end && (b[i] == '-' || b[i] == '+')) {
			negative = b[i] == '-';
			i++;
		}
		int digits = end - i;
		if (digits == 0 || digits > 18) {
			out.state = Node.SLOW;
			return 0;
		}
		long value = 0;
		for (; i < end; i++) {
			int d = b[i] - '0';
			if (d < 0 || d > 9) {
				out.state = Node.SLOW;
				return 0;
			}
			value = value * 10 + d;
		}
		out.state = Node.VALUE;
		return negative ? -value : value;
	}

	/** Writes {@code value}'s decimal digits (and a minus) at {@code b[at]}, which has room for 20, and returns their count. */
	static int digits(long value, byte[] b, int at) {
		if (value == 0) {
			b[at] = '0';
			return 1;
		}
		int n = 0;
		if (value < 0) {
			b[at + n++] = '-';
		}
		long v = value; // accumulated negative: Long.MIN_VALUE has no positive
		if (v > 0) {
			v = -v;
		}
		int count = 0;
		for (long t = v; t != 0; t /= 10) {
			count++;
		}
		for (int i = n + count - 1; i >= n; i--) {
			b[at + i] = (byte) ('0' - (v % 10));
			v /= 10;
		}
		return n + count;
	}

}
