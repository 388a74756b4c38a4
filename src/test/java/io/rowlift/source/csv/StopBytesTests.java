package io.rowlift.source.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** The word-at-a-time search of {@link StopBytes} against a byte-by-byte one. */
class StopBytesTests {

	@Property(tries = 3000)
	void findsTheFirstStopByteLikeAByteByByteSearch(@ForAll("text") byte[] bytes, @ForAll("stops") int[] stops,
			@ForAll("fraction") double from, @ForAll("fraction") double to) {
		int start = (int) (Math.min(from, to) * bytes.length);
		int limit = (int) (Math.max(from, to) * bytes.length);
		int expected = start;
		while (expected < limit && !isAny(bytes[expected], stops)) {
			expected++;
		}
		assertThat(new StopBytes(stops).next(bytes, start, limit)).isEqualTo(expected);
	}

	@Test
	void takesOneToThreeStopsAndSkipsAMissingEscape() {
		byte[] line = "abc,def\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
		assertThat(new StopBytes(',', '\n', -1).next(line, 0, line.length)).isEqualTo(3);
		assertThat(new StopBytes('\n').next(line, 0, line.length)).isEqualTo(7);
		assertThatThrownBy(() -> new StopBytes(-1)).isInstanceOf(IllegalArgumentException.class);
	}

	private static boolean isAny(byte b, int[] stops) {
		for (int s : stops) {
			if (s >= 0 && (b & 0xff) == s) {
				return true;
			}
		}
		return false;
	}

	@Provide
	Arbitrary<byte[]> text() {
		Arbitrary<Byte> plain = Arbitraries.bytes();
		Arbitrary<Byte> usual = Arbitraries.of((byte) ',', (byte) '"', (byte) '\n', (byte) '\r', (byte) '\\', (byte) 0,
				(byte) 0x80, (byte) 0xff, (byte) 0x2b, (byte) 0x2d);
		return Arbitraries.frequencyOf(Tuple.of(12, plain), Tuple.of(1, usual)).array(byte[].class).ofMaxSize(90);
	}

	@Provide
	Arbitrary<int[]> stops() {
		Arbitrary<Integer> stop = Arbitraries.oneOf(Arbitraries.of(',', '"', '\n', '\r', '\\', '\t', ';', '|').map(c -> (int) c),
				Arbitraries.integers().between(0, 255));
		return Arbitraries.oneOf(stop.array(int[].class).ofMinSize(1).ofMaxSize(3),
				stop.array(int[].class).ofSize(2).map(s -> new int[] { s[0], s[1], -1 }));
	}

	@Provide
	Arbitrary<Double> fraction() {
		return Arbitraries.doubles().between(0, 1);
	}

}
