package io.rowlift.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.batch.core.partition.PartitionNameProvider;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * Splits the data part of one file into {@code gridSize} byte ranges whose bounds are record
 * starts, named {@code partition0..N-1}.
 *
 * <p>Cuts are spread evenly over the bytes and then moved forward to the next record start, so
 * ranges may be empty when there are more partitions than records. The ranges are computed once,
 * by the first run of a load: on a restart Spring Batch reuses each partition's saved context and
 * only asks this class for the names ({@link PartitionNameProvider}), so nothing is scanned again.
 * Thread-safe (stateless after construction).
 */
public final class ByteRangePartitioner implements Partitioner, PartitionNameProvider {

	/** Name prefix of the partitions' contexts (and so of the worker step executions). */
	public static final String PARTITION = "partition";

	private final Path file;

	private final long dataStart;

	private final long dataStartLine;

	/**
	 * @param file the input
	 * @param dataStart offset of the first data record (after the header and a BOM)
	 * @param dataStartLine physical line of the first data record
	 */
	public ByteRangePartitioner(Path file, long dataStart, long dataStartLine) {
		this.file = file;
		this.dataStart = dataStart;
		this.dataStartLine = dataStartLine;
	}

	@Override
	public Map<String, ExecutionContext> partition(int gridSize) {
		Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
		for (ByteRange range : ranges(gridSize)) {
			ExecutionContext context = new ExecutionContext();
			range.writeTo(context);
			contexts.put(PARTITION + range.index(), context);
		}
		return contexts;
	}

	@Override
	public Collection<String> getPartitionNames(int gridSize) {
		List<String> names = new ArrayList<>(gridSize);
		for (int i = 0; i < gridSize; i++) {
			names.add(PARTITION + i);
		}
		return names;
	}

	/** The {@code count} ranges, in file order, covering {@code [dataStart, size)} exactly once. */
	public List<ByteRange> ranges(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("partitions must be at least 1, was " + count);
		}
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ)) {
			long size = channel.size();
			RecordStartFinder finder = new RecordStartFinder(channel, size);
			long[] cuts = new long[count + 1];
			cuts[0] = this.dataStart;
			cuts[count] = Math.max(size, this.dataStart);
			long span = cuts[count] - this.dataStart;
			for (int i = 1; i < count; i++) {
				long target = this.dataStart + (long) ((double) span * i / count);
				cuts[i] = Math.max(cuts[i - 1], finder.nextRecordStart(Math.max(target, this.dataStart)));
			}
			List<ByteRange> ranges = new ArrayList<>(count);
			for (int i = 0; i < count; i++) {
				ranges.add(new ByteRange(i, cuts[i], cuts[i + 1], i == 0 ? this.dataStartLine : -1));
			}
			return ranges;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.file + " to split it: " + ex.getMessage(), ex);
		}
	}

}
