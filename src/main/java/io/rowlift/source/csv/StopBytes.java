package io.rowlift.source.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Finds the next of up to three stop bytes (a field's delimiter, the record end, the escape; or the
 * quote, the record end, the escape), eight bytes at a time: most of a record's bytes are none of
 * them, and the parser thread looks at every byte of the file. Immutable, thread-safe.
 */
final class StopBytes {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long ONES = 0x0101_0101_0101_0101L;

	private static final long HIGHS = 0x8080_8080_8080_8080L;

	private final long first;

	private final long second;

	private final long third;

	private final boolean[] table = new boolean[256];

	/** @param stops one to three bytes (as 0-255); negative values are skipped (no escape) */
	StopBytes(int... stops) {
		long[] words = new long[3];
		int n = 0;
		for (int stop : stops) {
			if (stop >= 0) {
				this.table[stop & 0xff] = true;
				words[n++] = (stop & 0xffL) * ONES;
			}
		}
		if (n == 0 || n > 3) {
			throw new IllegalArgumentException("one to three stop bytes, not " + n);
		}
		this.first = words[0];
		this.second = n > 1 ? words[1] : words[0];
		this.third = n > 2 ? words[2] : words[0];
	}

	/**
	 * The index of the first stop byte in {@code [i, limit)}, or {@code limit}. A word is skipped when
	 * none of its bytes equals a stop byte: {@code x ^ stop} then has no zero byte, which
	 * {@code (y - ONES) & ~y & HIGHS} detects exactly.
	 */
	int next(byte[] b, int i, int limit) {
		for (; i + 8 <= limit; i += 8) {
			long x = (long) LONGS.get(b, i);
			long a = x ^ this.first;
			long c = x ^ this.second;
			long d = x ^ this.third;
			if ((((a - ONES) & ~a | (c - ONES) & ~c | (d - ONES) & ~d) & HIGHS) != 0) {
				break; // a stop byte in this word: the loop below finds it
			}
		}
		while (i < limit && !this.table[b[i] & 0xff]) {
			i++;
		}
		return i;
	}

}
