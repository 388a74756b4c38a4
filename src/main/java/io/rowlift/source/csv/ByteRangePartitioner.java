package io.rowlift.source.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Splits the data part of one file into {@code gridSize} byte ranges whose bounds are record
 * starts, named {@code partition0..N-1}.
 *
 * <p>Cuts are spread evenly over the bytes and moved forward to the next record start found by the
 * {@link RecordBoundaryScanner}, which follows the parser's grammar: a cut never lands inside a
 * quoted field, whatever line breaks it holds. Ranges may be empty when records are longer than the
 * spacing of the cuts (or there are more partitions than records): the file then gives no other
 * choice. On a restart Spring Batch asks again and keeps, for every partition that had started, the
 * context it saved, so a partition resumes from its own committed offset; the ranges come out the
 * same because the file is the same (the fingerprint checks that). A partition that never started
 * (a run killed between the partitioning and the partitions' first save) takes its range from this
 * new answer. Thread-safe.
 *
 * <p>Announces the checkpoint {@value #CHECKPOINT} once the ranges are computed, before Spring Batch
 * saves any partition.
 */
public final class ByteRangePartitioner implements Partitioner {

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory
		.getLog(ByteRangePartitioner.class);

	/** Name prefix of the partitions' contexts (and so of the worker step executions). */
	public static final String PARTITION = InputSource.PARTITION;

	/** The checkpoint announced with the ranges computed, no partition saved yet. */
	public static final String CHECKPOINT = "partition";

	private final Path file;

	private final CsvFormat format;

	private final long dataStart;

	private final long dataStartLine;

	private final int scanThreads;

	private final Checkpoints checkpoints;

	/**
	 * @param file the input
	 * @param format the dialect, line ending resolved
	 * @param dataStart offset of the first data record (after the header and a BOM)
	 * @param dataStartLine physical line of the first data record
	 * @param scanThreads threads for the split-point scan
	 * @param checkpoints told when the partitions are computed
	 */
	public ByteRangePartitioner(Path file, CsvFormat format, long dataStart, long dataStartLine, int scanThreads,
			Checkpoints checkpoints) {
		this.file = file;
		this.format = format;
		this.dataStart = dataStart;
		this.dataStartLine = dataStartLine;
		this.scanThreads = scanThreads;
		this.checkpoints = checkpoints;
	}

	/** A partitioner that announces nothing, for callers that only want its {@link #ranges}. */
	public ByteRangePartitioner(Path file, CsvFormat format, long dataStart, long dataStartLine, int scanThreads) {
		this(file, format, dataStart, dataStartLine, scanThreads, Checkpoints.NONE);
	}

	@Override
	public Map<String, ExecutionContext> partition(int gridSize) {
		Map<String, ExecutionContext> contexts = new LinkedHashMap<>();
		for (ByteRange range : ranges(gridSize)) {
			ExecutionContext context = new ExecutionContext();
			range.writeTo(context);
			contexts.put(PARTITION + range.index(), context);
		}
		this.checkpoints.reached(CHECKPOINT);
		return contexts;
	}

	/** The {@code count} ranges, in file order, covering {@code [dataStart, size)} exactly once. */
	public List<ByteRange> ranges(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("partitions must be at least 1, was " + count);
		}
		long size;
		try {
			size = Math.max(Files.size(this.file), this.dataStart);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot read " + this.file + " to split it: " + ex.getMessage(), ex);
		}
		long[] starts = new long[count + 1];
		long[] lines = new long[count + 1];
		starts[0] = this.dataStart;
		lines[0] = this.dataStartLine;
		starts[count] = size;
		lines[count] = -1;
		if (count > 1) {
			long span = size - this.dataStart;
			long[] cuts = new long[count - 1];
			for (int i = 1; i < count; i++) {
				cuts[i - 1] = this.dataStart + (long) ((double) span * i / count);
			}
			if (this.format.wide() != null) {
				// a UTF-16 or UTF-32 file: cuts at code unit boundaries, record starts found in its UTF-8 copy
				for (int i = 0; i < cuts.length; i++) {
					cuts[i] -= (cuts[i] - this.dataStart) % this.format.wide().unit();
				}
			}
			List<RecordBoundaryScanner.Boundary> found = this.format.wide() != null
					? TranscodedBoundaries.boundaries(this.file, this.format, this.dataStart, this.dataStartLine, cuts, size)
					: new RecordBoundaryScanner(this.format, this.scanThreads).boundaries(this.file, this.dataStart,
							this.dataStartLine, cuts);
			for (int i = 1; i < count; i++) {
				starts[i] = Math.max(starts[i - 1], found.get(i - 1).offset());
				lines[i] = found.get(i - 1).line();
			}
		}
		List<ByteRange> ranges = new ArrayList<>(count);
		int empty = 0;
		for (int i = 0; i < count; i++) {
			ranges.add(new ByteRange(i, starts[i], starts[i + 1], lines[i]));
			empty += starts[i] == starts[i + 1] ? 1 : 0;
		}
		if (empty > 0) {
			long share = (size - this.dataStart) / count;
			log.warn(empty + " of " + count + " partitions of " + this.file.getFileName() + " get no records: "
					+ (size == this.dataStart ? "the file holds no records, only a header or nothing"
							: "a partition takes the records that start in its share of the file (" + share + " bytes), and the file"
									+ " holds fewer records than partitions, or records longer than a share")
					+ "; the others load as usual");
		}
		return ranges;
	}

}
