package io.rowlift.source.jsonl;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.source.ByteRange;
import io.rowlift.source.InputSource;

/**
 * Splits a JSON Lines file into {@code gridSize} byte ranges whose bounds are line starts: cuts spread
 * evenly over the bytes, each moved forward to just after the next line feed (a raw line feed never occurs
 * inside a JSON string, so no quote tracking is needed). A range's first line is left uncounted (-1) but
 * for the first; a message counts it when it needs it. On a restart the ranges come out the same (the
 * fingerprint proves the file is), and a unit that had started keeps its saved context. Announces the
 * checkpoint {@value #CHECKPOINT} once the ranges are computed. Thread-safe.
 */
final class JsonlPartitioner implements Partitioner {

	static final String CHECKPOINT = "partition";

	private final Path file;

	private final long dataStart;

	private final Checkpoints checkpoints;

	JsonlPartitioner(Path file, long dataStart, Checkpoints checkpoints) {
		this.file = file;
		this.dataStart = dataStart;
		this.checkpoints = checkpoints;
	}

	@Override
	public Map<String, ExecutionContext> partition(int gridSize) {
		Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
		for (ByteRange range : ranges(gridSize)) {
			contexts.put(InputSource.PARTITION + range.index(), range.context());
		}
		this.checkpoints.reached(CHECKPOINT);
		return contexts;
	}

	/** The {@code count} ranges, in file order, covering {@code [dataStart, size)} exactly once. */
	List<ByteRange> ranges(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("partitions must be at least 1, was " + count);
		}
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
			long size = Math.max(channel.size(), this.dataStart);
			long[] starts = new long[count + 1];
			starts[0] = this.dataStart;
			starts[count] = size;
			long span = size - this.dataStart;
			for (int i = 1; i < count; i++) {
				long cut = this.dataStart + (long) ((double) span * i / count);
				starts[i] = Math.max(starts[i - 1], lineStartFrom(channel, cut, size));
			}
			List<ByteRange> ranges = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				// the data starts on line 1 (only a byte order mark precedes it); the others are counted when asked
				ranges.add(new ByteRange(i, starts[i], starts[i + 1], i == 0 ? 1 : -1));
			}
			return ranges;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.file + " to split it: " + ex.getMessage(), ex);
		}
	}

	/** The first line start at or after {@code cut} (a line starts after a line feed), or {@code size}. */
	private long lineStartFrom(FileChannel channel, long cut, long size) throws IOException {
		if (cut <= this.dataStart) {
			return this.dataStart;
		}
		ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
		byte[] bytes = buffer.array();
		long at = cut - 1;
		while (at < size) {
			buffer.clear();
			int n = channel.read(buffer, at);
			if (n <= 0) {
				break;
			}
			for (int i = 0; i < n; i++) {
				if (bytes[i] == '\n') {
					return at + i + 1;
				}
			}
			at += n;
		}
		return size;
	}

}
