package io.rowlift.source;

import java.nio.charset.Charset;
import java.util.Locale;

import io.rowlift.RowliftException;

/**
 * A charset whose code units are wider than a byte: UTF-16 and UTF-32, in either byte order. A byte-oriented
 * parser cannot read them as they are (every ASCII character comes with NUL bytes, and a character's units can
 * hold the byte of a delimiter), so a format reads them through {@link TranscodedBytes}: the file's code units
 * as UTF-8, with positions mapped back to the file's byte offsets.
 *
 * <p>Which one a file is in ({@link #resolve}): a byte order mark decides when the setting
 * ({@code rowlift.source.encoding}) is UTF-8 (the default) or names UTF-16 or UTF-32; without a mark, the
 * setting ({@code UTF-16} and {@code UTF-32}, which do not say the order, are big-endian, as the Unicode
 * standard has it). Thread-safe.
 */
public enum WideCharset {

	/** UTF-16, little-endian (Excel's "Unicode Text", Windows' "Unicode"). */
	UTF_16LE("UTF-16LE", 2, false),

	/** UTF-16, big-endian. */
	UTF_16BE("UTF-16BE", 2, true),

	/** UTF-32, little-endian. */
	UTF_32LE("UTF-32LE", 4, false),

	/** UTF-32, big-endian. */
	UTF_32BE("UTF-32BE", 4, true);

	private final String charsetName;

	private final int unit;

	private final boolean bigEndian;

	WideCharset(String charsetName, int unit, boolean bigEndian) {
		this.charsetName = charsetName;
		this.unit = unit;
		this.bigEndian = bigEndian;
	}

	/** The charset, as a stored plan names it. */
	public Charset charset() {
		return Charset.forName(this.charsetName);
	}

	/** Bytes per code unit: 2 or 4; a byte order mark is one unit long. */
	public int unit() {
		return this.unit;
	}

	/** Whether {@code charset} is UTF-16 or UTF-32 (any byte order, or none said). */
	public static boolean wide(Charset charset) {
		String name = charset.name().toUpperCase(Locale.ROOT);
		return name.startsWith("UTF-16") || name.startsWith("UTF-32") || name.startsWith("X-UTF-16")
				|| name.startsWith("X-UTF-32");
	}

	/** The wide charset {@code charset} is, when it says its byte order; else null. */
	public static WideCharset of(Charset charset) {
		for (WideCharset w : values()) {
			if (w.charsetName.equalsIgnoreCase(charset.name())) {
				return w;
			}
		}
		return null;
	}

	/** The charset whose byte order mark {@code head} (the file's first {@code n} bytes) starts with, or null. */
	public static WideCharset byMark(byte[] head, int n) {
		int[] b = new int[4];
		for (int i = 0; i < Math.min(4, n); i++) {
			b[i] = head[i] & 0xFF;
		}
		if (n >= 4 && b[0] == 0x00 && b[1] == 0x00 && b[2] == 0xFE && b[3] == 0xFF) {
			return UTF_32BE;
		}
		if (n >= 4 && b[0] == 0xFF && b[1] == 0xFE && b[2] == 0x00 && b[3] == 0x00) {
			return UTF_32LE;
		}
		if (n >= 2 && b[0] == 0xFE && b[1] == 0xFF) {
			return UTF_16BE;
		}
		if (n >= 2 && b[0] == 0xFF && b[1] == 0xFE) {
			return UTF_16LE;
		}
		return null;
	}

	/**
	 * The wide charset a file is read in, from its first bytes and the setting, or null for a file to read byte
	 * by byte (no mark, and a setting that is not UTF-16 or UTF-32).
	 * @param setting {@code rowlift.source.encoding}
	 * @param head the file's first bytes (4 will do)
	 * @param n how many of them there are
	 * @param displayName the file, for messages
	 * @throws RowliftException (exit 2) for a mark the setting contradicts, naming both and the fix
	 */
	public static WideCharset resolve(Charset setting, byte[] head, int n, String displayName) {
		WideCharset marked = byMark(head, n);
		boolean settingWide = wide(setting);
		if (marked == null) {
			if (!settingWide) {
				return null;
			}
			WideCharset named = of(setting);
			if (named != null) {
				return named;
			}
			String name = setting.name().toUpperCase(Locale.ROOT);
			if (name.equals("UTF-16")) {
				return UTF_16BE;
			}
			if (name.equals("UTF-32")) {
				return UTF_32BE;
			}
			throw RowliftException.badInput("rowlift.source.encoding is " + setting.name() + ", which Rowlift does not read;"
					+ " name the byte order (UTF-16LE, UTF-16BE, UTF-32LE or UTF-32BE)");
		}
		String name = setting.name().toUpperCase(Locale.ROOT);
		boolean agrees = name.equals("UTF-8") || name.equals("UTF-16") || name.equals("UTF-32") && marked.unit == 4
				|| of(setting) == marked;
		if (!agrees) {
			throw RowliftException.badInput(displayName + " starts with a " + marked.charsetName + " byte order mark but"
					+ " rowlift.source.encoding is " + setting.name() + "; leave the setting out (the mark decides) or set"
					+ " --rowlift.source.encoding=" + marked.charsetName);
		}
		return marked;
	}

	/** Whether {@code bytes} hold this charset's byte order mark at {@code at}. */
	boolean markAt(byte[] bytes, int at, int limit) {
		if (limit - at < this.unit) {
			return false;
		}
		return unitAt(bytes, at) == 0xFEFF;
	}

	/** The code unit at {@code at} (two or four bytes in this byte order), as an int (a UTF-32 unit may be negative). */
	int unitAt(byte[] b, int at) {
		if (this.unit == 2) {
			return this.bigEndian ? (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF) : (b[at + 1] & 0xFF) << 8 | (b[at] & 0xFF);
		}
		return this.bigEndian
				? (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF)
				: (b[at + 3] & 0xFF) << 24 | (b[at + 2] & 0xFF) << 16 | (b[at + 1] & 0xFF) << 8 | (b[at] & 0xFF);
	}

	/**
	 * Bytes of the file that the UTF-8 bytes {@code utf8[from, to)} (whole characters, as {@link TranscodedBytes}
	 * gave them) take in this charset: a UTF-16 character two bytes, four above U+FFFF; a UTF-32 character four.
	 */
	public long fileLength(byte[] utf8, int from, int to) {
		long length = 0;
		for (int i = from; i < to; i++) {
			byte b = utf8[i];
			if ((b & 0xC0) != 0x80) {
				length += this.unit == 4 || (b & 0xF8) == 0xF0 ? 4 : 2;
			}
		}
		return length;
	}

}
