package io.rowlift.sort;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * The order of a run's records: by key (unsigned bytes), ties in file order. A radix sort on each
 * key's first 8 bytes as a number does almost all the work on two primitive arrays; only records
 * whose first 8 bytes are equal get their whole keys compared.
 *
 * <p>Why not {@code Arrays.sort} of objects holding the keys: measured on 10M random 160-bit keys
 * (2 threads, 22 runs), that sort took 4.8-6.1 s of thread time and its per-record objects added to
 * garbage collection; the buffer here holds no object per record beyond the record itself.
 * Stateless and thread-safe.
 */
final class PrefixSort {

	private PrefixSort() {
	}

	/** A key's first 8 bytes, big-endian, zero-padded: unsigned order of prefixes is the keys' order. */
	static long prefix(byte[] key) {
		long p = 0;
		for (int i = 0; i < 8; i++) {
			p = p << 8 | (i < key.length ? key[i] & 0xff : 0);
		}
		return p;
	}

	/**
	 * The indices {@code 0..count-1} ordered by key, equal keys by index.
	 * @param prefixes each index's {@link #prefix}
	 * @param key each index's whole key; asked only for indices whose prefix another one shares
	 */
	static int[] order(long[] prefixes, int count, IntFunction<byte[]> key) {
		long[] values = Arrays.copyOf(prefixes, count);
		int[] order = new int[count];
		for (int i = 0; i < count; i++) {
			order[i] = i;
		}
		long[] valuesTo = new long[count];
		int[] orderTo = new int[count];
		int[] counts = new int[257];
		for (int shift = 0; shift < 64; shift += 8) { // least significant byte first; each pass is stable
			Arrays.fill(counts, 0);
			for (int i = 0; i < count; i++) {
				counts[(int) (values[i] >>> shift & 0xff) + 1]++;
			}
			if (count == 0 || counts[(int) (values[0] >>> shift & 0xff) + 1] == count) {
				continue; // every value has this byte: the pass would change nothing
			}
			for (int b = 0; b < 256; b++) {
				counts[b + 1] += counts[b];
			}
			for (int i = 0; i < count; i++) {
				int to = counts[(int) (values[i] >>> shift & 0xff)]++;
				valuesTo[to] = values[i];
				orderTo[to] = order[i];
			}
			long[] v = values;
			values = valuesTo;
			valuesTo = v;
			int[] o = order;
			order = orderTo;
			orderTo = o;
		}
		for (int start = 0; start < count;) {
			int end = start + 1;
			while (end < count && values[end] == values[start]) {
				end++;
			}
			if (end - start > 1) {
				breakTies(order, start, end, key);
			}
			start = end;
		}
		return order;
	}

	/** Sorts {@code order[start, end)}, whose prefixes are equal and indices ascending, by whole key, stably. */
	private static void breakTies(int[] order, int start, int end, IntFunction<byte[]> key) {
		Integer[] group = new Integer[end - start];
		byte[][] keys = new byte[end - start][];
		for (int i = start; i < end; i++) {
			group[i - start] = i - start;
			keys[i - start] = key.apply(order[i]);
		}
		Arrays.sort(group, (a, b) -> Arrays.compareUnsigned(keys[a], keys[b])); // stable: equal keys keep index order
		int[] sorted = new int[end - start];
		for (int i = 0; i < group.length; i++) {
			sorted[i] = order[start + group[i]];
		}
		System.arraycopy(sorted, 0, order, start, sorted.length);
	}

}
