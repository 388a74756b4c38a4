package io.rowlift.model;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Locale;

/**
 * The first bytes of an input that its charset cannot decode, named as the file holds them ("byte 0xE9 is not
 * valid UTF-8"), never as a decoder's replacement character. Found with the charset's own decoder, so each
 * charset's rules apply (a UTF-8 sequence cut short, a stray continuation byte, an unmappable windows-1252
 * byte). For messages: callers look only once a value or a line is known not to decode.
 *
 * @param at where the sequence starts, counted from the start of the bytes looked at
 * @param length how many bytes the decoder refused there (1 to 4)
 * @param chars the characters decoded before it
 * @param description the bytes and the charset, for a message
 */
public record UndecodableBytes(int at, int length, int chars, String description) {

	/**
	 * The first sequence of {@code b[start, end)} that {@code charset} cannot decode, or null when all of it
	 * decodes.
	 */
	public static UndecodableBytes find(Charset charset, byte[] b, int start, int end) {
		CharsetDecoder decoder = charset.newDecoder()
			.onMalformedInput(CodingErrorAction.REPORT)
			.onUnmappableCharacter(CodingErrorAction.REPORT);
		ByteBuffer in = ByteBuffer.wrap(b, start, end - start);
		CharBuffer out = CharBuffer.allocate((int) Math.ceil((end - start) * (double) decoder.maxCharsPerByte()) + 4);
		CoderResult result = decoder.decode(in, out, true);
		if (result.isUnderflow()) {
			result = decoder.flush(out);
		}
		if (!result.isError()) {
			return null;
		}
		int at = in.position() - start;
		StringBuilder named = new StringBuilder(result.length() == 1 ? "byte" : "bytes");
		for (int i = 0; i < result.length(); i++) {
			named.append(String.format(Locale.ROOT, " 0x%02X", b[start + at + i] & 0xff));
		}
		named.append(result.length() == 1 ? " is" : " are").append(" not valid ").append(charset.name());
		return new UndecodableBytes(at, result.length(), out.position(), named.toString());
	}

}
