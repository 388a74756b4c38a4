package io.rowlift.source.csv;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.util.BitSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which ASCII bytes a charset's multi-byte characters can contain after their first byte. The CSV
 * parser and the split look for the delimiter, quote, escape, comment and line-end bytes without
 * decoding, so in a charset where such a byte can be the second byte of a character (Shift_JIS, GBK
 * and Big5 use 0x40-0x7E there: {@code |}, {@code \}, {@code ^} ...) a record could be cut inside a
 * character. Such a dialect is refused; one whose bytes cannot occur there (a comma, a double quote
 * and LF in all of these; any byte in EUC-JP and EUC-KR, whose trailing bytes are 0xA1-0xFE) reads
 * correctly byte by byte.
 * <p>
 * Found by encoding every character of the Basic Multilingual Plane once per charset (about 10 ms),
 * then cached. Thread-safe.
 */
final class CharsetSafety {

	private static final Map<String, BitSet> TRAILING_ASCII = new ConcurrentHashMap<>();

	private CharsetSafety() {
	}

	/** Whether bytes 0-127 of {@code charset} are ASCII and no other character uses them as its first byte. */
	static boolean asciiCompatible(Charset charset) {
		if (!charset.canEncode()) {
			return false;
		}
		String ascii = ",;|\t\"'\\#\r\nazAZ09";
		byte[] encoded = ascii.getBytes(charset);
		return java.util.Arrays.equals(encoded, ascii.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
	}

	/**
	 * Whether {@code b} (an ASCII byte) occurs after the first byte of some multi-byte character of
	 * {@code charset} (ASCII-compatible).
	 */
	static boolean trailingByte(Charset charset, byte b) {
		return TRAILING_ASCII.computeIfAbsent(charset.name(), name -> scan(charset)).get(b & 0x7F);
	}

	private static BitSet scan(Charset charset) {
		BitSet seen = new BitSet(128);
		CharsetEncoder encoder = charset.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
			.onUnmappableCharacter(CodingErrorAction.REPORT);
		if (encoder.maxBytesPerChar() <= 1.0f) {
			return seen;
		}
		CharBuffer in = CharBuffer.allocate(1);
		ByteBuffer out = ByteBuffer.allocate(16);
		for (char c = 0x80; c < 0xFFFF; c++) {
			if (Character.isSurrogate(c) || !encoder.canEncode(c)) {
				continue;
			}
			in.clear();
			in.put(c).flip();
			out.clear();
			encoder.reset();
			if (encoder.encode(in, out, true).isError() || encoder.flush(out).isError()) {
				continue; // a charset that refuses a character it said it could encode: nothing learned
			}
			for (int i = 1; i < out.position(); i++) {
				byte b = out.get(i);
				if (b >= 0) {
					seen.set(b);
				}
			}
		}
		return seen;
	}

	/** For a message: the byte in hex. */
	static String hex(byte b) {
		return String.format("0x%02X", b & 0xFF);
	}

}
