package io.rowlift.sort;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.rowlift.model.RawRecord;

/**
 * The records a sorting thread holds for its next run, already encoded as the run stores them, one
 * after the other in one byte array, with each record's start and its key's {@link PrefixSort#prefix}
 * in two primitive arrays. Its memory is what it says: the arrays, nothing per record (12 bytes of
 * index per record beyond its encoding), reused from run to run.
 *
 * <p>Why not the records themselves: measured on 3M and 10M keys, a buffer of {@code RawRecord}s (three
 * objects per record, 0.6-1.3M records live at a time) was what each young collection had to copy,
 * twice (to a survivor space, then to the old generation); the collector's time then made G1 grow a
 * default heap to 3.0-4.7 GB, and the pages it touched came back as system time and resident memory
 * (docs/heap.md). A few large arrays are never copied. Not thread-safe: one per sorting thread.
 */
final class RunBuffer {

	/** The smallest first size of the byte array. */
	private static final int FIRST = 1 << 20;

	/** The largest Java array we ask for. */
	private static final int LARGEST = Integer.MAX_VALUE - 16;

	/** Bytes of index per record: its start and its key's prefix. */
	static final int INDEX = 12;

	private final long budget;

	private byte[] bytes;

	/** Each record's start in {@link #bytes}; {@code starts[count]} is the end of the last. */
	private int[] starts = new int[1025];

	private long[] prefixes = new long[1024];

	private int count;

	/**
	 * @param budget bytes this buffer may hold (encoded records and index); one record larger than that
	 *     is still taken, alone
	 * @param expected bytes the records to come will probably take: the byte array starts at that size
	 *     (at least 1 MiB, at most the budget), so that a large range allocates its array once, not by
	 *     doubling (each step a copy and, in G1, a humongous object to reclaim), and a small one little
	 */
	RunBuffer(long budget, long expected) {
		this.budget = Math.max(1, budget);
		this.bytes = new byte[(int) Math.min(Math.max(FIRST, expected), Math.min(this.budget, LARGEST))];
	}

	/** Records held. */
	int count() {
		return this.count;
	}

	/** The memory the buffer holds at the moment: its arrays (what is allocated, used or not). */
	long allocated() {
		return this.bytes.length + 4L * this.starts.length + 8L * this.prefixes.length;
	}

	/**
	 * Whether a record with this key fits beside those held, within the budget; an empty buffer takes
	 * any record.
	 */
	boolean fits(byte[] key, RawRecord record, byte[] message) {
		return this.count == 0
				|| used() + RunFile.size(key, record, message) + INDEX <= Math.min(this.budget, LARGEST);
	}

	/** Encodes the record, with {@code line} as its line, after those held. */
	void add(byte[] key, RawRecord record, long line, byte[] message) {
		int size = RunFile.size(key, record, message);
		int end = this.starts[this.count];
		if ((long) end + size > this.bytes.length) {
			long want = Math.max((long) end + size, Math.min(Math.min(this.budget, LARGEST), 2L * this.bytes.length));
			if (want > LARGEST) {
				throw new IllegalStateException("a sort buffer cannot hold more than " + LARGEST + " bytes");
			}
			this.bytes = Arrays.copyOf(this.bytes, (int) want);
		}
		if (this.count + 1 == this.starts.length) {
			this.starts = Arrays.copyOf(this.starts, 2 * this.starts.length - 1);
			this.prefixes = Arrays.copyOf(this.prefixes, this.starts.length - 1);
		}
		this.prefixes[this.count] = PrefixSort.prefix(key);
		this.starts[++this.count] = RunFile.encode(this.bytes, end, key, record, line, message);
	}

	/**
	 * Writes the records held, in key order (ties in the order they were added), as the run {@code path},
	 * and empties the buffer.
	 * @return every {@value RunFile#MARK_EVERY}th record's key and place in the run, from the first: where a
	 *     reader of a key range starts ({@link ExternalSort})
	 */
	List<RunFile.Mark> spill(Path path) throws IOException {
		byte[] held = this.bytes;
		int[] at = this.starts;
		int[] order = PrefixSort.order(this.prefixes, this.count, i -> RunFile.key(held, at[i]));
		List<RunFile.Mark> marks = new ArrayList<>(this.count / RunFile.MARK_EVERY + 1);
		long offset = 0;
		for (int n = 0; n < this.count; n++) {
			int i = order[n];
			if (n % RunFile.MARK_EVERY == 0) {
				marks.add(new RunFile.Mark(RunFile.key(held, at[i]), offset, n));
			}
			offset += at[i + 1] - at[i];
		}
		RunFile.write(path, this.bytes, this.starts, order);
		this.count = 0;
		return marks;
	}

	private long used() {
		return this.starts[this.count] + (long) INDEX * this.count;
	}

}
