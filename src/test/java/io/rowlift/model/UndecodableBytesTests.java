package io.rowlift.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** {@link UndecodableBytes}: the file's own bytes, where they start, what decodes before them. */
class UndecodableBytesTests {

	@Test
	void namesALatin1LetterReadAsUtf8ByItsOwnByte() {
		byte[] b = { 'x', 'A', 'n', 'd', 'r', (byte) 0xE9, 'y' };
		assertThat(UndecodableBytes.find(StandardCharsets.UTF_8, b, 1, 6))
			.isEqualTo(new UndecodableBytes(4, 1, 4, "byte 0xE9 is not valid UTF-8"));
	}

	@Test
	void namesEveryByteOfACharacterCutShortAndAStrayContinuationByte() {
		byte[] cut = { 'a', (byte) 0xC3, (byte) 0xA9, (byte) 0xF0, (byte) 0x9F, (byte) 0x98 };
		assertThat(UndecodableBytes.find(StandardCharsets.UTF_8, cut, 0, cut.length))
			.isEqualTo(new UndecodableBytes(3, 3, 2, "bytes 0xF0 0x9F 0x98 are not valid UTF-8"));
		byte[] stray = { 'x', (byte) 0x80, 'y' };
		assertThat(UndecodableBytes.find(StandardCharsets.UTF_8, stray, 0, stray.length))
			.isEqualTo(new UndecodableBytes(1, 1, 1, "byte 0x80 is not valid UTF-8"));
	}

	@Test
	void usesTheCharsetsOwnRulesAndFindsNothingInWhatDecodes() {
		byte[] b = { 'a', (byte) 0x81, 'b' }; // undefined in windows-1252
		assertThat(UndecodableBytes.find(Charset.forName("windows-1252"), b, 0, b.length).description())
			.isEqualTo("byte 0x81 is not valid windows-1252");
		byte[] fine = "Zürich \uFFFD 😀".getBytes(StandardCharsets.UTF_8);
		assertThat(UndecodableBytes.find(StandardCharsets.UTF_8, fine, 0, fine.length)).isNull();
		assertThat(UndecodableBytes.find(StandardCharsets.ISO_8859_1, b, 0, b.length)).isNull();
	}

}
