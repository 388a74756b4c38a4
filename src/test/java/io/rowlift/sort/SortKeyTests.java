package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.model.RawRecord;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/** Keys compare, unsigned, as the database orders the key columns. */
class SortKeyTests {

	private static final SortKey INTEGER = new SortKey(new int[] { 0 }, new boolean[] { true });

	private static final SortKey TEXT = new SortKey(new int[] { 1 }, new boolean[] { false });

	private static final SortKey TEXT_THEN_INTEGER = new SortKey(new int[] { 1, 0 }, new boolean[] { false, true });

	@Property(tries = 500)
	void integersOrderNumerically(@ForAll long a, @ForAll long b) {
		a = a / 10; // at most 18 digits: longer ones sort first, checked by the writer
		b = b / 10;
		int keys = Integer.signum(SortKey.ORDER.compare(INTEGER.of(record(a + "", "x")), INTEGER.of(record(b + "", "x"))));
		assertThat(keys).isEqualTo(Integer.signum(Long.compare(a, b)));
	}

	@Property(tries = 500)
	void textOrdersByItsBytesUnsigned(@ForAll String a, @ForAll String b) {
		byte[] x = a.getBytes(StandardCharsets.UTF_8);
		byte[] y = b.getBytes(StandardCharsets.UTF_8);
		int keys = Integer.signum(SortKey.ORDER.compare(TEXT.of(record("1", a)), TEXT.of(record("1", b))));
		assertThat(keys).isEqualTo(Integer.signum(java.util.Arrays.compareUnsigned(x, y)));
	}

	@Test
	void aCompositeKeyOrdersByItsFirstColumnThenTheNextEvenWhenOneIsAPrefix() {
		List<byte[]> keys = new ArrayList<>();
		for (String[] r : new String[][] { { "2", "a" }, { "10", "a" }, { "1", "a\u0000" }, { "1", "ab" }, { "-5", "b" } }) {
			keys.add(TEXT_THEN_INTEGER.of(record(r[0], r[1])));
		}
		List<byte[]> sorted = new ArrayList<>(keys);
		sorted.sort(SortKey.ORDER);
		assertThat(sorted).containsExactly(keys.get(0), keys.get(1), keys.get(2), keys.get(3), keys.get(4));
	}

	@Test
	void emptyAndUnparsableKeysSortFirst() {
		byte[] empty = INTEGER.of(record("", "x"));
		byte[] bad = INTEGER.of(record("12a", "x"));
		byte[] min = INTEGER.of(record(String.valueOf(Long.MIN_VALUE / 10), "x"));
		assertThat(SortKey.ORDER.compare(empty, min)).isNegative();
		assertThat(SortKey.ORDER.compare(bad, min)).isNegative();
		assertThat(INTEGER.of(new RawRecord(new byte[0], new int[0], 0, 0, 1, 1, null))).isEmpty();
	}

	/** A two-field record, unquoted. */
	static RawRecord record(String first, String second) {
		byte[] a = first.getBytes(StandardCharsets.UTF_8);
		byte[] b = second.getBytes(StandardCharsets.UTF_8);
		byte[] data = new byte[a.length + b.length];
		System.arraycopy(a, 0, data, 0, a.length);
		System.arraycopy(b, 0, data, a.length, b.length);
		return new RawRecord(data, new int[] { a.length, a.length + b.length }, 0, 0, data.length + 2, 1, null);
	}

}
