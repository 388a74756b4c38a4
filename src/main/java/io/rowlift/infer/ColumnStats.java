package io.rowlift.infer;

import java.nio.charset.StandardCharsets;

/**
 * What one column's values were, over the records one reader saw: which types every value still
 * fits, the ranges, lengths and empties that size the type. {@link #observe} runs once per field on
 * the hot path, straight on the bytes: no allocation (but for the first value that is text only, kept
 * for the comment), and a column that is text already costs only its length. Readers keep their own
 * and {@link #merge} them. Not thread-safe.
 */
public final class ColumnStats {

	/** Every value an integer that fits 64 bits. */
	static final int INT = 1;

	/** Every value an integer of any size (digits, optional sign). */
	static final int WHOLE = 2;

	/** Every value a plain decimal (no exponent). */
	static final int DECIMAL = 4;

	/** Every value a number the loader reads as a double (an exponent allowed). */
	static final int DOUBLE = 8;

	/** Every value one of the loader's boolean spellings. */
	static final int BOOLEAN = 16;

	/** Every value an ISO-8601 time. */
	static final int TIME = 32;

	private static final int NUMBERS = INT | WHOLE | DECIMAL | DOUBLE;

	private static final String UNSIGNED_64_MAX = "18446744073709551615";

	private final boolean utf8;

	private final int[] scratch = new int[2];

	/** A throwaway that types one value alone. */
	private boolean probe;

	int kinds = NUMBERS | BOOLEAN | TIME;

	int dates = ValueShapes.ALL_DATES;

	int timestamps = ValueShapes.ALL_TIMESTAMPS;

	/** Values that were not empty. */
	long values;

	/** Unquoted empty fields (and the null token): NULL. */
	long empties;

	/** Quoted empty fields {@code ""}: '' in text, empty (NULL) in other types. */
	long quotedEmpties;

	long min = Long.MAX_VALUE;

	long max = Long.MIN_VALUE;

	boolean negative;

	/** An integer above 2^64-1 or below -2^63. */
	boolean beyond64;

	/** An integer written with a plus sign or as -0, so that equal numbers may differ as text. */
	boolean unusualSign;

	boolean leadingZero;

	boolean booleanWord;

	/** Most digits before the point (as BigDecimal counts them) and after it. */
	int integerDigits;

	int scale;

	int timeFraction;

	int timestampFraction;

	boolean timestampOffset;

	int maxBytes;

	int maxChars;

	boolean trailingSpace;

	/** Dates that read as both dd/MM and MM/dd (every day 12 or less); set when the pattern is chosen. */
	boolean dayMonthAmbiguous;

	/** The first value that made the column text (nothing else fits), shortened; null while something else fits. */
	String firstText;

	/** Whether {@link #firstText} alone would have a type (it then only clashed with the values before it). */
	boolean firstTextHasAType;

	ColumnStats(boolean utf8) {
		this.utf8 = utf8;
	}

	/** One field: its bytes {@code [s, e)} of {@code b}, and whether it was quoted. */
	void observe(byte[] b, int s, int e, boolean quoted) {
		int n = e - s;
		if (n == 0) {
			if (quoted) {
				this.quotedEmpties++;
			}
			else {
				this.empties++;
			}
			return;
		}
		this.values++;
		if (n > this.maxBytes) {
			this.maxBytes = n;
		}
		if (n > this.maxChars) { // characters never outnumber bytes: count only a value that may be longer
			int chars = this.utf8 ? utf8Chars(b, s, e) : n;
			if (chars > this.maxChars) {
				this.maxChars = chars;
			}
		}
		if (b[e - 1] == ' ') {
			this.trailingSpace = true;
		}
		if ((this.kinds | this.dates | this.timestamps) == 0) {
			return;
		}
		if ((this.kinds & NUMBERS) != 0) {
			number(b, s, e);
		}
		if ((this.kinds & BOOLEAN) != 0) {
			if (!ValueShapes.bool(b, s, e)) {
				this.kinds &= ~BOOLEAN;
			}
			else if (!ValueShapes.digit(b[s])) {
				this.booleanWord = true;
			}
		}
		if ((this.kinds & TIME) != 0) {
			int fraction = ValueShapes.isoTime(b, s, e);
			if (fraction < 0) {
				this.kinds &= ~TIME;
			}
			else if (fraction > this.timeFraction) {
				this.timeFraction = fraction;
			}
		}
		if (this.dates != 0) {
			this.dates &= ValueShapes.dateBits(b, s, e);
		}
		if (this.timestamps != 0) {
			this.timestamps &= ValueShapes.timestampBits(b, s, e, this.scratch);
			if (this.timestamps != 0) {
				this.timestampFraction = Math.max(this.timestampFraction, this.scratch[0]);
				this.timestampOffset |= this.scratch[1] != 0;
			}
		}
		if ((this.kinds | this.dates | this.timestamps) == 0 && this.firstText == null) {
			this.firstText = shown(b, s, e); // once per column and reader: the words of the comment
			if (!this.probe) {
				ColumnStats alone = new ColumnStats(this.utf8);
				alone.probe = true;
				alone.observe(b, s, e, false);
				this.firstTextHasAType = alone.firstText == null;
			}
		}
	}

	/** Classifies a number; clears the number kinds it does not fit. */
	private void number(byte[] b, int s, int e) {
		int i = s;
		boolean minus = false;
		boolean plus = false;
		if (b[i] == '-' || b[i] == '+') {
			minus = b[i] == '-';
			plus = !minus;
			i++;
		}
		int intStart = i;
		while (i < e && ValueShapes.digit(b[i])) {
			i++;
		}
		int intLen = i - intStart;
		int fracLen = -1;
		if (i < e && b[i] == '.') {
			int f = ++i;
			while (i < e && ValueShapes.digit(b[i])) {
				i++;
			}
			fracLen = i - f;
		}
		if (intLen + Math.max(fracLen, 0) == 0) {
			this.kinds &= ~NUMBERS;
			return;
		}
		int exponent = Integer.MIN_VALUE;
		if (i < e && (b[i] | 0x20) == 'e') {
			i++;
			boolean expMinus = false;
			if (i < e && (b[i] == '-' || b[i] == '+')) {
				expMinus = b[i] == '-';
				i++;
			}
			int d = i;
			int x = 0;
			while (i < e && ValueShapes.digit(b[i])) {
				x = Math.min(100_000, x * 10 + (b[i] - '0'));
				i++;
			}
			if (i == d) {
				this.kinds &= ~NUMBERS;
				return;
			}
			exponent = expMinus ? -x : x;
		}
		if (i != e) {
			this.kinds &= ~NUMBERS;
			return;
		}
		if (intLen > 1 && b[intStart] == '0') { // 007, 00.5: a code that only looks numeric stays text
			this.leadingZero = true;
			this.kinds &= ~NUMBERS;
			return;
		}
		if (minus) {
			this.negative = true;
		}
		if (exponent != Integer.MIN_VALUE) {
			this.kinds &= ~(INT | WHOLE | DECIMAL);
			if (Math.abs(exponent + intLen) > 290 && Double.isInfinite(Double.parseDouble(shown(b, s, e)))) {
				this.kinds &= ~DOUBLE; // rare: only values near the double's range make a String
			}
			return;
		}
		if (fracLen >= 0) {
			this.kinds &= ~(INT | WHOLE);
			int digits = fracLen == 0 ? intLen : (intLen == 1 && b[intStart] == '0') ? 0 : intLen;
			this.integerDigits = Math.max(this.integerDigits, digits);
			this.scale = Math.max(this.scale, fracLen);
			return;
		}
		this.integerDigits = Math.max(this.integerDigits, intLen);
		if (plus || (minus && intLen == 1 && b[intStart] == '0')) {
			this.unusualSign = true;
		}
		if ((this.kinds & (INT | WHOLE)) == 0) {
			return;
		}
		// accumulated negatively, as the loader does: -2^63 has no positive counterpart
		long value = 0;
		boolean fits = intLen <= 19;
		for (int k = intStart; fits && k < e; k++) {
			int digit = b[k] - '0';
			if (value < (Long.MIN_VALUE + digit) / 10) {
				fits = false;
			}
			value = value * 10 - digit;
		}
		if (fits && !minus && value == Long.MIN_VALUE) {
			fits = false;
		}
		if (!fits) {
			this.kinds &= ~INT;
			if (minus || intLen > 20 || (intLen == 20 && !fitsUnsigned64(b, intStart))) {
				this.beyond64 = true;
			}
			return;
		}
		long v = minus ? value : -value;
		if (v < this.min) {
			this.min = v;
		}
		if (v > this.max) {
			this.max = v;
		}
	}

	/** Whether 20 digits at {@code s} are at most 2^64-1 (compared digit by digit: they overflow a long). */
	private static boolean fitsUnsigned64(byte[] b, int s) {
		for (int k = 0; k < 20; k++) {
			int d = b[s + k] - UNSIGNED_64_MAX.charAt(k);
			if (d != 0) {
				return d < 0;
			}
		}
		return true;
	}

	/** Characters of UTF-8 bytes: those that do not continue a character. */
	static int utf8Chars(byte[] b, int s, int e) {
		int chars = 0;
		for (int i = s; i < e; i++) {
			if ((b[i] & 0xC0) != 0x80) {
				chars++;
			}
		}
		return chars;
	}

	static String shown(byte[] b, int s, int e) {
		String text = new String(b, s, Math.min(e - s, 40), StandardCharsets.UTF_8);
		return e - s > 40 ? text + "..." : text;
	}

	/** The smallest integer seen (integer columns). */
	public long minimum() {
		return this.min;
	}

	/** The largest integer seen (integer columns). */
	public long maximum() {
		return this.max;
	}

	/** The longest value, in characters. */
	public int longest() {
		return this.maxChars;
	}

	/** Adds what {@code other} saw (a later part of the file) to this. */
	void merge(ColumnStats o) {
		this.kinds &= o.kinds;
		this.dates &= o.dates;
		this.timestamps &= o.timestamps;
		this.values += o.values;
		this.empties += o.empties;
		this.quotedEmpties += o.quotedEmpties;
		this.min = Math.min(this.min, o.min);
		this.max = Math.max(this.max, o.max);
		this.negative |= o.negative;
		this.beyond64 |= o.beyond64;
		this.unusualSign |= o.unusualSign;
		this.leadingZero |= o.leadingZero;
		this.booleanWord |= o.booleanWord;
		this.integerDigits = Math.max(this.integerDigits, o.integerDigits);
		this.scale = Math.max(this.scale, o.scale);
		this.timeFraction = Math.max(this.timeFraction, o.timeFraction);
		this.timestampFraction = Math.max(this.timestampFraction, o.timestampFraction);
		this.timestampOffset |= o.timestampOffset;
		this.maxBytes = Math.max(this.maxBytes, o.maxBytes);
		this.maxChars = Math.max(this.maxChars, o.maxChars);
		this.trailingSpace |= o.trailingSpace;
		if (this.firstText == null) {
			this.firstText = o.firstText;
			this.firstTextHasAType = o.firstTextHasAType;
		}
	}

}
