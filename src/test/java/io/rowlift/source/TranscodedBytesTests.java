package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.rowlift.RowliftException;

class TranscodedBytesTests {

	/** ASCII, 2- and 3-byte UTF-8, a character outside the BMP, and U+2C0A, whose UTF-16LE bytes are LF and ','. */
	static final String TEXT = "id,body\n1,Zürich\n2,\"東京 😀, \u2C0A\n x\"\n3,end\n";

	@ParameterizedTest
	@EnumSource(WideCharset.class)
	void givesTheUtf8OfTheFileWithAndWithoutItsMarkThroughAnyBufferSize(WideCharset wide) throws IOException {
		byte[] plain = TEXT.getBytes(wide.charset());
		byte[] marked = concat("\uFEFF".getBytes(wide.charset()), plain);
		for (byte[] file : new byte[][] { plain, marked }) {
			for (int buffer : new int[] { 1, 2, 3, 5, 64, 4096 }) {
				assertThat(new String(readAll(file, wide, buffer), StandardCharsets.UTF_8)).as(wide + ", buffer " + buffer).isEqualTo(TEXT);
			}
		}
	}

	@ParameterizedTest
	@EnumSource(WideCharset.class)
	void mapsEveryCharactersPositionBackToItsFileOffset(WideCharset wide) throws IOException {
		byte[] mark = "\uFEFF".getBytes(wide.charset());
		byte[] file = concat(mark, TEXT.getBytes(wide.charset()));
		TranscodedBytes bytes = new TranscodedBytes(of(file), wide);
		byte[] utf8 = new byte[1 << 12];
		int n = 0;
		for (int r; (r = bytes.read(ByteBuffer.wrap(utf8, n, 7), n)) > 0;) {
			n += r;
		}
		int position = 0;
		long expected = mark.length;
		for (int i = 0; i < TEXT.length(); i = TEXT.offsetByCodePoints(i, 1)) {
			String c = new String(Character.toChars(TEXT.codePointAt(i)));
			assertThat(bytes.sourceOffset(position)).as("character %d (%s)", i, c).isEqualTo(expected);
			position += c.getBytes(StandardCharsets.UTF_8).length;
			expected += c.getBytes(wide.charset()).length;
		}
		assertThat(bytes.sourceOffset(position)).isEqualTo(file.length);
		assertThatThrownBy(() -> bytes.sourceOffset(0)).isInstanceOf(IllegalStateException.class);
	}

	@ParameterizedTest
	@EnumSource(WideCharset.class)
	void startsOverAtAFileOffsetAndRefusesOneInsideACodeUnit(WideCharset wide) throws IOException {
		byte[] file = TEXT.getBytes(wide.charset());
		long second = "id,body\n".getBytes(wide.charset()).length;
		TranscodedBytes bytes = new TranscodedBytes(of(file), wide);
		byte[] out = new byte[256];
		int n = bytes.read(ByteBuffer.wrap(out), second);
		assertThat(new String(out, 0, n, StandardCharsets.UTF_8)).isEqualTo(TEXT.substring("id,body\n".length()));
		assertThat(bytes.sourceOffset(second)).isEqualTo(second);
		assertThatThrownBy(() -> bytes.read(ByteBuffer.allocate(8), second + 1)).isInstanceOf(IOException.class)
			.hasMessageContaining("not at a code unit boundary");
		assertThat(new String(TranscodedBytes.utf8(of(file), wide, second, second + "1,Zürich\n".getBytes(wide.charset()).length),
				StandardCharsets.UTF_8)).isEqualTo("1,Zürich\n");
	}

	@ParameterizedTest
	@EnumSource(value = WideCharset.class, names = { "UTF_16LE", "UTF_16BE" })
	void anUnpairedSurrogateAndALastUnitCutShortAreReplacementCharactersThatKeepTheirBytes(WideCharset wide) throws IOException {
		byte[] a = "a".getBytes(wide.charset());
		byte[] lone = wide == WideCharset.UTF_16LE ? new byte[] { 0x00, (byte) 0xD8 } : new byte[] { (byte) 0xD8, 0x00 };
		byte[] file = concat(concat(a, lone), concat("b".getBytes(wide.charset()), new byte[] { 0x41 }));
		TranscodedBytes bytes = new TranscodedBytes(of(file), wide);
		byte[] out = new byte[64];
		int n = bytes.read(ByteBuffer.wrap(out), 0);
		assertThat(new String(out, 0, n, StandardCharsets.UTF_8)).isEqualTo("a\uFFFDb\uFFFD");
		assertThat(bytes.sourceOffset(4)).isEqualTo(4); // "b"
		assertThat(bytes.sourceOffset(n)).isEqualTo(file.length);
	}

	@ParameterizedTest
	@EnumSource(WideCharset.class)
	void aByteOrderMarkDecidesWhenTheSettingIsUtf8OrGenericAndAContradictionIsExit2(WideCharset wide) {
		byte[] head = Arrays.copyOf(concat("\uFEFF".getBytes(wide.charset()), "id".getBytes(wide.charset())), 4);
		assertThat(WideCharset.resolve(StandardCharsets.UTF_8, head, 4, "f.csv")).isEqualTo(wide);
		assertThat(WideCharset.resolve(wide.charset(), head, 4, "f.csv")).isEqualTo(wide);
		assertThat(WideCharset.resolve(wide.charset(), "id,x".getBytes(wide.charset()), 4, "f.csv")).isEqualTo(wide);
		assertThat(WideCharset.resolve(StandardCharsets.UTF_8, "id,x".getBytes(StandardCharsets.UTF_8), 4, "f.csv")).isNull();
		assertThatThrownBy(() -> WideCharset.resolve(StandardCharsets.ISO_8859_1, head, 4, "f.csv"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("f.csv starts with a " + wide.charset().name() + " byte order mark but rowlift.source.encoding is ISO-8859-1;"
					+ " leave the setting out (the mark decides) or set --rowlift.source.encoding=" + wide.charset().name());
		assertThat(WideCharset.resolve(Charset.forName("UTF-16"), "id".getBytes(StandardCharsets.UTF_16BE), 4, "f.csv"))
			.as("no mark: big-endian").isEqualTo(WideCharset.UTF_16BE);
	}

	private static byte[] readAll(byte[] file, WideCharset wide, int buffer) throws IOException {
		TranscodedBytes bytes = new TranscodedBytes(of(file), wide);
		byte[] out = new byte[file.length * 2 + 16];
		int n = 0;
		for (int r; (r = bytes.read(ByteBuffer.wrap(out, n, Math.min(buffer, out.length - n)), n)) > 0;) {
			n += r;
		}
		return Arrays.copyOf(out, n);
	}

	static InputBytes of(byte[] file) {
		return new InputBytes() {
			@Override
			public int read(ByteBuffer dst, long position) {
				if (position >= file.length) {
					return -1;
				}
				int n = (int) Math.min(dst.remaining(), file.length - position);
				dst.put(file, (int) position, n);
				return n;
			}

			@Override
			public void close() {
			}
		};
	}

	static byte[] concat(byte[] a, byte[] b) {
		byte[] out = Arrays.copyOf(a, a.length + b.length);
		System.arraycopy(b, 0, out, a.length, b.length);
		return out;
	}

}
