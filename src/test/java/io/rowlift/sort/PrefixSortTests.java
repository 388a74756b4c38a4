package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Tests for {@link PrefixSort}: the radix order must be exactly a stable sort by whole key. */
class PrefixSortTests {

	@Property(tries = 300)
	void ordersLikeAStableSortByWholeKey(@ForAll("keys") List<byte[]> keys) {
		byte[][] k = keys.toArray(byte[][]::new);
		long[] prefixes = Arrays.stream(k).mapToLong(PrefixSort::prefix).toArray();
		int[] got = PrefixSort.order(prefixes, k.length, i -> k[i]);
		int[] expected = IntStream.range(0, k.length)
			.boxed()
			.sorted(Comparator.<Integer, byte[]>comparing(i -> k[i], SortKey.ORDER).thenComparingInt(i -> i))
			.mapToInt(Integer::intValue)
			.toArray();
		assertThat(got).containsExactly(expected);
	}

	@Test
	void keysLongerThanThePrefixAndEqualInItAreComparedWhole() {
		byte[][] k = { bytes("prefix00-b"), bytes("prefix00-a"), bytes("prefix00"), bytes("prefix00-a"), bytes("prefix0") };
		long[] prefixes = Arrays.stream(k).mapToLong(PrefixSort::prefix).toArray();
		assertThat(PrefixSort.order(prefixes, k.length, i -> k[i])).containsExactly(4, 2, 1, 3, 0);
	}

	@Test
	void bytesAboveSevenBitsSortUnsigned() {
		byte[][] k = { { (byte) 0xff }, { 0x01 }, { (byte) 0x80, 0x00 }, {} };
		long[] prefixes = Arrays.stream(k).mapToLong(PrefixSort::prefix).toArray();
		assertThat(PrefixSort.order(prefixes, k.length, i -> k[i])).containsExactly(3, 1, 2, 0);
	}

	/** Few distinct bytes and long shared starts: many equal prefixes, equal keys and keys that are each other's start. */
	@Provide
	Arbitrary<List<byte[]>> keys() {
		Arbitrary<byte[]> tail = Arbitraries.bytes().between((byte) -2, (byte) 2).array(byte[].class).ofMaxSize(12);
		Arbitrary<byte[]> key = Arbitraries.integers().between(0, 10).flatMap(shared -> tail.map(t -> {
			byte[] b = new byte[shared + t.length];
			Arrays.fill(b, 0, shared, (byte) 'k');
			System.arraycopy(t, 0, b, shared, t.length);
			return b;
		}));
		return key.list().ofMaxSize(300);
	}

	private static byte[] bytes(String s) {
		return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
	}

}
