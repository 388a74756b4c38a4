package io.rowlift.source.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Finds exact split points in a CSV file: for each wanted cut offset, the first record start at or
 * after it, and the physical line there. Exact for any file the parser reads, quoted line breaks,
 * escapes and comment lines included, because it runs the parser's own {@link CsvStateMachine}.
 *
 * <p>How: the data is cut into blocks, scanned in parallel. The state at a block's start is not
 * known yet, so each block is run from every possible state at once; runs that reach the same state
 * merge (after the first record end outside quotes there are usually two left: "inside quotes" and
 * "outside"). That gives each block's exit state for every entry state and its line count; one
 * sequential pass over the blocks then fixes the real state at every block start, and each cut is
 * found by scanning its block from that state. Cost: one parallel read of the file up to the last
 * cut, done once per load (a resume reuses the ranges).
 *
 * <p>Thread-safe: each call uses its own buffers and threads.
 */
public final class RecordBoundaryScanner {

	private static final int DEFAULT_BLOCK = 8 << 20;

	private final CsvStateMachine machine;

	private final int threads;

	private final int block;

	public RecordBoundaryScanner(CsvFormat format, int threads) {
		this(format, threads, DEFAULT_BLOCK);
	}

	/** With a block size of its own: tests use tiny blocks to cross block borders everywhere. */
	RecordBoundaryScanner(CsvFormat format, int threads, int block) {
		this.machine = new CsvStateMachine(format);
		this.threads = Math.max(1, threads);
		this.block = block;
	}

	/**
	 * A record start and its physical line.
	 *
	 * @param offset the record start (or the file size)
	 * @param line the physical line there, 1-based
	 */
	public record Boundary(long offset, long line) {
	}

	/**
	 * @param file the input
	 * @param dataStart a record start (the first data record), where the scan begins
	 * @param dataStartLine the physical line at {@code dataStart}
	 * @param cuts wanted cut offsets, ascending, each {@code >= dataStart}
	 * @return for each cut, the first record start at or after it (the file size if none)
	 */
	public List<Boundary> boundaries(Path file, long dataStart, long dataStartLine, long[] cuts) {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
			long size = channel.size();
			List<Boundary> result = new ArrayList<>(cuts.length);
			if (cuts.length == 0) {
				return result;
			}
			long last = Math.min(size, Math.max(dataStart, cuts[cuts.length - 1]));
			int blocks = (int) Math.max(1, (last - dataStart + this.block - 1) / this.block);
			BlockSummary[] summaries = summarize(channel, dataStart, last, blocks);
			// sequential pass: the real state and line at every block start
			int[] entry = new int[blocks + 1];
			long[] lineAt = new long[blocks + 1];
			entry[0] = CsvStateMachine.RECORD_START;
			lineAt[0] = dataStartLine;
			for (int b = 0; b < blocks; b++) {
				entry[b + 1] = summaries[b].exit[entry[b]];
				lineAt[b + 1] = lineAt[b] + summaries[b].lines;
			}
			byte[] buffer = new byte[this.block];
			for (long cut : cuts) {
				result.add(find(channel, size, dataStart, cut, entry, lineAt, buffer));
			}
			return result;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + file + " to find split points: " + ex.getMessage(), ex);
		}
	}

	private Boundary find(FileChannel channel, long size, long dataStart, long cut, int[] entry, long[] lineAt,
			byte[] buffer) throws IOException {
		if (cut <= dataStart) {
			return new Boundary(dataStart, lineAt[0]);
		}
		int block = (int) Math.min((cut - dataStart) / this.block, entry.length - 2);
		long at = dataStart + (long) block * this.block;
		int state = entry[block];
		long line = lineAt[block];
		if (at == cut && state == CsvStateMachine.RECORD_START) {
			return new Boundary(at, line); // the block starts with a record
		}
		byte end = this.machine.endByte();
		while (at < size) {
			int n = read(channel, buffer, at, (int) Math.min(buffer.length, size - at));
			int minStart = (int) Math.max(0, Math.min((long) n + 1, cut - at));
			int found = this.machine.findRecordStart(state, buffer, 0, n, minStart);
			if (found >= 0) {
				return new Boundary(at + found, line + count(buffer, 0, found, end));
			}
			state = ~found;
			line += count(buffer, 0, n, end);
			at += n;
		}
		return new Boundary(size, line);
	}

	/** Each block's exit state for every entry state, and its line count, scanned in parallel. */
	private BlockSummary[] summarize(FileChannel channel, long from, long to, int blocks) throws IOException {
		ExecutorService pool = Executors.newFixedThreadPool(Math.min(this.threads, blocks), r -> {
			Thread t = new Thread(r, "rowlift-split-scan");
			t.setDaemon(true);
			return t;
		});
		try {
			List<Future<BlockSummary>> futures = new ArrayList<>(blocks);
			ThreadLocal<byte[]> buffers = ThreadLocal.withInitial(() -> new byte[this.block]);
			for (int b = 0; b < blocks; b++) {
				long start = from + (long) b * this.block;
				int length = (int) Math.min(this.block, to - start);
				futures.add(pool.submit(() -> {
					byte[] buffer = buffers.get();
					int n = read(channel, buffer, start, length);
					return summarize(buffer, n);
				}));
			}
			BlockSummary[] summaries = new BlockSummary[blocks];
			for (int b = 0; b < blocks; b++) {
				try {
					summaries[b] = futures.get(b).get();
				}
				catch (java.util.concurrent.ExecutionException ex) {
					throw ex.getCause() instanceof IOException io ? io : new IOException(ex.getCause());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IOException("interrupted while finding split points", ex);
				}
			}
			return summaries;
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * Runs the block from every state at once, merging runs that meet. Ordinary data bytes are
	 * skipped whenever every run is in a state they cannot change (inside a field, quoted or not), so
	 * the state machine sees little more than the delimiters, quotes and record ends.
	 */
	BlockSummary summarize(byte[] bytes, int n) {
		int[] trackOf = new int[CsvStateMachine.STATES];
		int[] tracks = new int[CsvStateMachine.STATES];
		int count = CsvStateMachine.STATES;
		for (int s = 0; s < count; s++) {
			trackOf[s] = s;
			tracks[s] = s;
		}
		final CsvStateMachine m = this.machine;
		final byte end = m.endByte();
		long lines = 0;
		boolean absorbing = false;
		int sinceMerge = 0;
		int i = 0;
		while (i < n) {
			if (absorbing) {
				i = m.skipData(bytes, i, n);
				if (i >= n) {
					break;
				}
			}
			byte b = bytes[i++];
			absorbing = true;
			for (int t = 0; t < count; t++) {
				int s = m.next(tracks[t], b);
				tracks[t] = s;
				absorbing &= m.absorbing(s);
			}
			if (b == end) {
				lines++;
			}
			if (count > 1 && (b == end || ++sinceMerge >= 256)) {
				count = merge(tracks, trackOf, count);
				sinceMerge = 0;
			}
		}
		int[] exit = new int[CsvStateMachine.STATES];
		for (int s = 0; s < CsvStateMachine.STATES; s++) {
			exit[s] = tracks[trackOf[s]];
		}
		return new BlockSummary(exit, lines);
	}

	/** Merges tracks in the same state; returns the new track count. */
	private static int merge(int[] tracks, int[] trackOf, int count) {
		int[] renumber = new int[count];
		int kept = 0;
		for (int t = 0; t < count; t++) {
			int same = -1;
			for (int u = 0; u < kept; u++) {
				if (tracks[u] == tracks[t]) {
					same = u;
					break;
				}
			}
			if (same >= 0) {
				renumber[t] = same;
			}
			else {
				tracks[kept] = tracks[t];
				renumber[t] = kept++;
			}
		}
		for (int s = 0; s < trackOf.length; s++) {
			trackOf[s] = renumber[trackOf[s]];
		}
		return kept;
	}

	private static long count(byte[] bytes, int from, int to, byte b) {
		long n = 0;
		for (int i = from; i < to; i++) {
			if (bytes[i] == b) {
				n++;
			}
		}
		return n;
	}

	private static int read(FileChannel channel, byte[] buffer, long at, int length) throws IOException {
		ByteBuffer target = ByteBuffer.wrap(buffer, 0, length);
		while (target.hasRemaining()) {
			if (channel.read(target, at + target.position()) < 0) {
				break;
			}
		}
		return target.position();
	}

	record BlockSummary(int[] exit, long lines) {
	}

}
