package io.rowlift.infer;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;

/**
 * Whether one column's values are all different, checked exactly over the whole file: each reader's
 * {@link Collector} keeps the values (integers as {@code long}s, other values as bytes) until its share
 * of {@code rowlift.infer.key-memory} is full, then sorts them and writes them to a run file; at the end
 * every reader's sorted values and runs are merged and any two equal neighbours are a repeat. Values
 * that are equal as text are equal here, and integers are compared as numbers (a column whose integers
 * are written with a plus sign or as -0 is not offered as a key, see {@link Inference}). Collectors are
 * used by one thread each; {@link #result} after all of them finished.
 */
final class KeyCheck {

	/** Values longer than this make the column no key (no index takes them on MySQL). */
	static final int LONGEST = 1024;

	private final String column;

	private final long budget;

	private final Path spillDir;

	private final List<Collector> collectors = new ArrayList<>();

	private volatile String disqualified;

	/**
	 * @param budget bytes each collector may hold before it spills
	 * @param spillDir where runs go (created when needed, emptied by {@link #result})
	 */
	KeyCheck(String column, long budget, Path spillDir) {
		this.column = column;
		this.budget = Math.max(1024, budget);
		this.spillDir = spillDir;
	}

	synchronized Collector collector() {
		Collector c = new Collector(this.collectors.size());
		this.collectors.add(c);
		return c;
	}

	/** Stops collecting: the column cannot be a key, for {@code why}. */
	void disqualify(String why) {
		if (this.disqualified == null) {
			this.disqualified = why;
		}
	}

	boolean disqualified() {
		return this.disqualified != null;
	}

	/** What the check found. */
	record Result(boolean unique, String note) {
	}

	/** Merges what the collectors kept; deletes the runs. */
	Result result() throws IOException {
		try {
			if (this.disqualified != null) {
				return new Result(false, this.column + ": not a key, " + this.disqualified);
			}
			long values = 0;
			int runs = 0;
			for (Collector c : this.collectors) {
				c.finish();
				values += c.count;
				runs += c.longRuns.size() + c.byteRuns.size();
			}
			String repeat = repeatOfLongs();
			if (repeat == null) {
				repeat = repeatOfBytes();
			}
			String method = runs == 0
					? String.format(Locale.ROOT, "exact: all %,d values sorted in memory and compared", values)
					: String.format(Locale.ROOT, "exact: %,d values sorted in %d run(s) on disk (beyond rowlift.infer.key-memory) "
							+ "and memory, merged and compared", values, runs);
			return repeat == null ? new Result(true, this.column + ": unique, " + method)
					: new Result(false, this.column + ": not unique ('" + repeat + "' appears more than once; " + method + ")");
		}
		finally {
			for (Collector c : this.collectors) {
				for (Path p : c.longRuns) {
					Files.deleteIfExists(p);
				}
				for (Path p : c.byteRuns) {
					Files.deleteIfExists(p);
				}
			}
		}
	}

	private String repeatOfLongs() throws IOException {
		PriorityQueue<LongCursor> queue = new PriorityQueue<>((a, b) -> Long.compare(a.value, b.value));
		List<LongCursor> all = new ArrayList<>();
		try {
			for (Collector c : this.collectors) {
				all.add(new LongCursor(c.longs, c.longCount, null));
				for (Path run : c.longRuns) {
					all.add(new LongCursor(null, 0, run));
				}
			}
			for (LongCursor cursor : all) {
				if (cursor.next()) {
					queue.add(cursor);
				}
			}
			boolean first = true;
			long last = 0;
			while (!queue.isEmpty()) {
				LongCursor cursor = queue.poll();
				if (!first && cursor.value == last) {
					return Long.toString(last);
				}
				first = false;
				last = cursor.value;
				if (cursor.next()) {
					queue.add(cursor);
				}
			}
			return null;
		}
		finally {
			for (LongCursor cursor : all) {
				cursor.close();
			}
		}
	}

	private String repeatOfBytes() throws IOException {
		PriorityQueue<ByteCursor> queue = new PriorityQueue<>((a, b) -> Arrays.compareUnsigned(a.value, 0, a.length, b.value, 0,
				b.length));
		List<ByteCursor> all = new ArrayList<>();
		try {
			for (Collector c : this.collectors) {
				all.add(new ByteCursor(c, null));
				for (Path run : c.byteRuns) {
					all.add(new ByteCursor(null, run));
				}
			}
			for (ByteCursor cursor : all) {
				if (cursor.next()) {
					queue.add(cursor);
				}
			}
			byte[] last = null;
			while (!queue.isEmpty()) {
				ByteCursor cursor = queue.poll();
				if (last != null && Arrays.equals(last, 0, last.length, cursor.value, 0, cursor.length)) {
					return ColumnStats.shown(last, 0, last.length);
				}
				last = Arrays.copyOf(cursor.value, cursor.length);
				if (cursor.next()) {
					queue.add(cursor);
				}
			}
			return null;
		}
		finally {
			for (ByteCursor cursor : all) {
				cursor.close();
			}
		}
	}

	/** One reader's values. Not thread-safe. */
	final class Collector {

		private final int id;

		private long[] longs = new long[1024];

		private int longCount;

		private byte[] bytes = new byte[1 << 12];

		private int byteEnd;

		private int[] starts = new int[1025];

		private int byteCount;

		private long count;

		private final List<Path> longRuns = new ArrayList<>();

		private final List<Path> byteRuns = new ArrayList<>();

		private Collector(int id) {
			this.id = id;
		}

		/** One value, the bytes {@code [s, e)} of {@code b} (not empty). */
		void add(byte[] b, int s, int e) {
			if (KeyCheck.this.disqualified != null) {
				return;
			}
			this.count++;
			int n = e - s;
			if (n > LONGEST) {
				disqualify("values longer than " + LONGEST + " bytes");
				return;
			}
			long v = canonicalLong(b, s, e);
			if (v != Long.MIN_VALUE) {
				if (this.longCount == this.longs.length) {
					if (held() + 8L * this.longs.length > KeyCheck.this.budget) {
						spillLongs();
					}
					else {
						this.longs = Arrays.copyOf(this.longs, this.longs.length * 2);
					}
				}
				this.longs[this.longCount++] = v;
				return;
			}
			if (this.byteEnd + n > this.bytes.length || this.byteCount + 1 == this.starts.length) {
				long grown = held() + Math.max(this.bytes.length, n) + 4L * this.starts.length;
				if (grown > KeyCheck.this.budget && this.byteCount > 0) {
					spillBytes();
				}
				if (this.byteEnd + n > this.bytes.length) {
					this.bytes = Arrays.copyOf(this.bytes, Math.max(this.bytes.length * 2, this.byteEnd + n));
				}
				if (this.byteCount + 1 == this.starts.length) {
					this.starts = Arrays.copyOf(this.starts, this.starts.length * 2);
				}
			}
			System.arraycopy(b, s, this.bytes, this.byteEnd, n);
			this.byteEnd += n;
			this.starts[++this.byteCount] = this.byteEnd;
		}

		private long held() {
			return 8L * this.longs.length + this.bytes.length + 4L * this.starts.length;
		}

		/** Sorts what is held, for the merge. */
		void finish() {
			Arrays.sort(this.longs, 0, this.longCount);
		}

		private Path run(String kind) throws IOException {
			Files.createDirectories(KeyCheck.this.spillDir);
			return Files.createTempFile(KeyCheck.this.spillDir, "rowlift-infer-key-" + this.id + "-", "." + kind);
		}

		private void spillLongs() {
			Arrays.sort(this.longs, 0, this.longCount);
			try {
				Path path = run("longs");
				try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 16))) {
					for (int i = 0; i < this.longCount; i++) {
						out.writeLong(this.longs[i]);
					}
				}
				this.longRuns.add(path);
				this.longCount = 0;
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot write a run of key values to " + KeyCheck.this.spillDir + ": "
						+ ex.getMessage() + "; set rowlift.infer.spill-dir to a folder with room", ex);
			}
		}

		private void spillBytes() {
			int[] order = order();
			try {
				Path path = run("bytes");
				try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path), 1 << 16))) {
					for (int i : order) {
						out.writeInt(this.starts[i + 1] - this.starts[i]);
						out.write(this.bytes, this.starts[i], this.starts[i + 1] - this.starts[i]);
					}
				}
				this.byteRuns.add(path);
				this.byteCount = 0;
				this.byteEnd = 0;
			}
			catch (IOException ex) {
				throw new UncheckedIOException("cannot write a run of key values to " + KeyCheck.this.spillDir + ": "
						+ ex.getMessage() + "; set rowlift.infer.spill-dir to a folder with room", ex);
			}
		}

		/** The held byte values' indexes in unsigned byte order (a merge sort on ints: nothing per value). */
		int[] order() {
			int[] a = new int[this.byteCount];
			for (int i = 0; i < a.length; i++) {
				a[i] = i;
			}
			int[] tmp = new int[a.length];
			for (int width = 1; width < a.length; width *= 2) {
				for (int lo = 0; lo < a.length - width; lo += 2 * width) {
					int mid = lo + width;
					int hi = Math.min(lo + 2 * width, a.length);
					int i = lo;
					int j = mid;
					int k = lo;
					while (i < mid && j < hi) {
						tmp[k++] = compare(a[i], a[j]) <= 0 ? a[i++] : a[j++];
					}
					while (i < mid) {
						tmp[k++] = a[i++];
					}
					while (j < hi) {
						tmp[k++] = a[j++];
					}
					System.arraycopy(tmp, lo, a, lo, hi - lo);
				}
			}
			return a;
		}

		private int compare(int x, int y) {
			return Arrays.compareUnsigned(this.bytes, this.starts[x], this.starts[x + 1], this.bytes, this.starts[y],
					this.starts[y + 1]);
		}

	}

	/** An integer written plainly (optional minus, no leading zero, not -0, at most 18 digits), or {@code Long.MIN_VALUE}. */
	static long canonicalLong(byte[] b, int s, int e) {
		int i = s;
		boolean minus = b[i] == '-';
		if (minus) {
			i++;
		}
		int n = e - i;
		if (n < 1 || n > 18 || (b[i] == '0' && (n > 1 || minus))) {
			return Long.MIN_VALUE;
		}
		long v = 0;
		for (; i < e; i++) {
			int d = b[i] - '0';
			if (d < 0 || d > 9) {
				return Long.MIN_VALUE;
			}
			v = v * 10 + d;
		}
		return minus ? -v : v;
	}

	/** Sorted longs from an array or a run file. */
	private static final class LongCursor implements AutoCloseable {

		private final long[] array;

		private final int count;

		private final DataInputStream in;

		private int position;

		long value;

		LongCursor(long[] array, int count, Path run) throws IOException {
			this.array = array;
			this.count = count;
			this.in = run == null ? null : new DataInputStream(new BufferedInputStream(Files.newInputStream(run), 1 << 16));
		}

		boolean next() throws IOException {
			if (this.in == null) {
				if (this.position == this.count) {
					return false;
				}
				this.value = this.array[this.position++];
				return true;
			}
			try {
				this.value = this.in.readLong();
				return true;
			}
			catch (EOFException ex) {
				return false;
			}
		}

		@Override
		public void close() throws IOException {
			if (this.in != null) {
				this.in.close();
			}
		}

	}

	/** Sorted byte values from a collector's memory or a run file. */
	private static final class ByteCursor implements AutoCloseable {

		private final Collector memory;

		private final int[] order;

		private final DataInputStream in;

		private int position;

		byte[] value = new byte[64];

		int length;

		ByteCursor(Collector memory, Path run) throws IOException {
			this.memory = memory;
			this.order = memory == null ? null : memory.order();
			this.in = run == null ? null : new DataInputStream(new BufferedInputStream(Files.newInputStream(run), 1 << 16));
		}

		boolean next() throws IOException {
			if (this.in == null) {
				if (this.position == this.order.length) {
					return false;
				}
				int i = this.order[this.position++];
				this.length = this.memory.starts[i + 1] - this.memory.starts[i];
				if (this.length > this.value.length) {
					this.value = new byte[this.length];
				}
				System.arraycopy(this.memory.bytes, this.memory.starts[i], this.value, 0, this.length);
				return true;
			}
			int n;
			try {
				n = this.in.readInt();
			}
			catch (EOFException ex) {
				return false;
			}
			if (n > this.value.length) {
				this.value = new byte[n];
			}
			this.in.readFully(this.value, 0, n);
			this.length = n;
			return true;
		}

		@Override
		public void close() throws IOException {
			if (this.in != null) {
				this.in.close();
			}
		}

	}

}
