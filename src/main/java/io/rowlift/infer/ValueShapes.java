package io.rowlift.infer;

/**
 * What one value (the bytes of a field, quotes removed) could be, checked straight on the bytes with
 * no allocation, and never more leniently than the load's column binders read it: a value accepted
 * here as a date in a pattern is one the loader parses with that pattern. The reverse need not hold
 * (a value refused here stays text, which always loads). Stateless.
 */
final class ValueShapes {

	/** The date patterns tried, as {@code rowlift.source.date-format} values; index = bit. ISO first (the default, no setting). */
	static final String[] DATE_PATTERNS = { "uuuu-MM-dd", "dd/MM/uuuu", "MM/dd/uuuu", "dd.MM.uuuu", "uuuu/MM/dd" };

	/** The timestamp patterns tried, as {@code rowlift.source.timestamp-format} values; index 0 is the ISO default. */
	static final String[] TIMESTAMP_PATTERNS = { "ISO-8601", "dd/MM/uuuu HH:mm:ss", "MM/dd/uuuu HH:mm:ss",
			"dd.MM.uuuu HH:mm:ss", "uuuu/MM/dd HH:mm:ss" };

	static final int ALL_DATES = (1 << DATE_PATTERNS.length) - 1;

	static final int ALL_TIMESTAMPS = (1 << TIMESTAMP_PATTERNS.length) - 1;

	private ValueShapes() {
	}

	static boolean digit(byte c) {
		return c >= '0' && c <= '9';
	}

	/** true/false, t/f, yes/no, y/n, 1/0 in any case: what the loader's boolean binder reads. */
	static boolean bool(byte[] b, int s, int e) {
		int n = e - s;
		switch (n) {
			case 1: {
				int c = b[s] | 0x20;
				return c == 't' || c == 'f' || c == 'y' || c == 'n' || b[s] == '1' || b[s] == '0';
			}
			case 2:
				return (b[s] | 0x20) == 'n' && (b[s + 1] | 0x20) == 'o';
			case 3:
				return (b[s] | 0x20) == 'y' && (b[s + 1] | 0x20) == 'e' && (b[s + 2] | 0x20) == 's';
			case 4:
				return (b[s] | 0x20) == 't' && (b[s + 1] | 0x20) == 'r' && (b[s + 2] | 0x20) == 'u' && (b[s + 3] | 0x20) == 'e';
			case 5:
				return (b[s] | 0x20) == 'f' && (b[s + 1] | 0x20) == 'a' && (b[s + 2] | 0x20) == 'l' && (b[s + 3] | 0x20) == 's'
						&& (b[s + 4] | 0x20) == 'e';
			default:
				return false;
		}
	}

	/** The number of {@code n} digits at {@code s}, or -1 when one is not a digit. */
	static int number(byte[] b, int s, int n) {
		int v = 0;
		for (int i = s; i < s + n; i++) {
			if (!digit(b[i])) {
				return -1;
			}
			v = v * 10 + (b[i] - '0');
		}
		return v;
	}

	static boolean validDate(int y, int m, int d) {
		if (y < 1000 || y > 9999 || m < 1 || m > 12 || d < 1) { // MySQL's DATE holds years 1000-9999
			return false;
		}
		int days = switch (m) {
			case 2 -> (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28;
			case 4, 6, 9, 11 -> 30;
			default -> 31;
		};
		return d <= days;
	}

	/** The bits of {@link #DATE_PATTERNS} that a 10-byte date at {@code s} matches (0 for none). */
	static int dateBits(byte[] b, int s, int e) {
		if (e - s != 10) {
			return 0;
		}
		byte c4 = b[s + 4];
		byte c2 = b[s + 2];
		if ((c4 == '-' || c4 == '/') && b[s + 7] == c4) {
			int y = number(b, s, 4);
			int m = number(b, s + 5, 2);
			int d = number(b, s + 8, 2);
			if (y < 0 || m < 0 || d < 0 || !validDate(y, m, d)) {
				return 0;
			}
			return c4 == '-' ? 1 : 1 << 4;
		}
		if ((c2 == '/' || c2 == '.') && b[s + 5] == c2) {
			int x = number(b, s, 2);
			int z = number(b, s + 3, 2);
			int y = number(b, s + 6, 4);
			if (x < 0 || z < 0 || y < 0) {
				return 0;
			}
			if (c2 == '.') {
				return validDate(y, z, x) ? 1 << 3 : 0;
			}
			return (validDate(y, z, x) ? 1 << 1 : 0) | (validDate(y, x, z) ? 1 << 2 : 0);
		}
		return 0;
	}

	/**
	 * An ISO-8601 time {@code HH:mm[:ss[.f]]} (1 to 9 fraction digits) in {@code [s, e)}: its fraction
	 * digits, or -1 when it is not one.
	 */
	static int isoTime(byte[] b, int s, int e) {
		int n = e - s;
		if (n != 5 && n < 8) {
			return -1;
		}
		int h = number(b, s, 2);
		int m = number(b, s + 3, 2);
		if (b[s + 2] != ':' || h < 0 || h > 23 || m < 0 || m > 59) {
			return -1;
		}
		if (n == 5) {
			return 0;
		}
		int sec = number(b, s + 6, 2);
		if (b[s + 5] != ':' || sec < 0 || sec > 59) {
			return -1;
		}
		if (n == 8) {
			return 0;
		}
		if (b[s + 8] != '.' || n == 9 || n > 18) {
			return -1;
		}
		for (int i = s + 9; i < e; i++) {
			if (!digit(b[i])) {
				return -1;
			}
		}
		return n - 9;
	}

	/** Length of an ISO offset ({@code Z}, {@code +HH:MM}, {@code +HH:MM:ss}) ending the value at {@code e}, or 0. */
	static int offsetLength(byte[] b, int s, int e) {
		if (e - s >= 1 && (b[e - 1] | 0x20) == 'z') {
			return 1;
		}
		for (int len : new int[] { 6, 9 }) {
			int o = e - len;
			if (o > s && (b[o] == '+' || b[o] == '-') && b[o + 3] == ':' && number(b, o + 1, 2) >= 0 && number(b, o + 4, 2) >= 0
					&& number(b, o + 1, 2) <= 18 && number(b, o + 4, 2) <= 59
					&& (len == 6 || (b[o + 6] == ':' && number(b, o + 7, 2) >= 0 && number(b, o + 7, 2) <= 59))) {
				return len;
			}
		}
		return 0;
	}

	/**
	 * The bits of {@link #TIMESTAMP_PATTERNS} that {@code [s, e)} matches; {@code out[0]} gets the
	 * fraction digits (ISO), {@code out[1]} 1 when the ISO value has an offset.
	 */
	static int timestampBits(byte[] b, int s, int e, int[] out) {
		int n = e - s;
		out[0] = 0;
		out[1] = 0;
		if (n < 10) {
			return 0;
		}
		int bits = 0;
		int date = dateBits(b, s, s + 10);
		if ((date & 1) != 0) { // ISO: a date alone, or date, T or space, ISO time, optional offset
			if (n == 10) {
				bits |= 1;
			}
			else if (n >= 16 && (b[s + 10] == ' ' || (b[s + 10] | 0x20) == 't')) {
				int offset = offsetLength(b, s + 16, e);
				int fraction = isoTime(b, s + 11, e - offset);
				if (fraction >= 0) {
					bits |= 1;
					out[0] = fraction;
					out[1] = offset > 0 ? 1 : 0;
				}
			}
		}
		if (n == 19 && b[s + 10] == ' ' && isoTime(b, s + 11, e) == 0) {
			bits |= (date & 0b11110); // the same date bits: dd/MM, MM/dd, dd.MM, uuuu/MM
		}
		return bits;
	}

}
