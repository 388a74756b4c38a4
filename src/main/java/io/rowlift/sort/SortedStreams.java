package io.rowlift.sort;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The sorted streams of one load: the file sorted once ({@link ExternalSort}), its records cut into as many
 * key ranges as the load has streams, each range read by a {@link SortedReader} of its own (a partition of
 * the load step, on a connection of its own), so that the database inserts one range while Rowlift merges
 * another. The ranges are disjoint and every record of a key falls into one, so equal keys keep their file
 * order within their stream.
 *
 * <p>Each stream's partition context says which range it reads ({@link #assign}); its position in the
 * range is its own, saved with each chunk it commits. The runs are deleted once every stream has
 * handed out its last record (each leaves a mark in the runs' folder, so streams of earlier executions
 * of the load count too).
 *
 * <p>Thread-safe: the partitions' readers share one instance; the first to open sorts, the others wait
 * for it.
 */
public final class SortedStreams {

	/** Context key: which key range of the sorted file a partition reads (0 first). */
	public static final String STREAM = "sort.stream";

	/** Context key: how many key ranges the sorted file is cut into. */
	public static final String STREAMS = "sort.streams";

	private static final String DRAINED = "drained-";

	private final ExternalSort sort;

	private final Path dir;

	private ExternalSort.Runs runs;

	private int ranges;

	private IOException failure;

	/**
	 * @param sort how to sort the file when its runs are not there yet
	 * @param dir the folder of this load's runs
	 */
	public SortedStreams(ExternalSort sort, Path dir) {
		this.sort = sort;
		this.dir = dir;
	}

	/** Says in a partition's context that it reads key range {@code stream} of {@code streams}. */
	public static void assign(ExecutionContext context, int stream, int streams) {
		context.putInt(STREAM, stream);
		context.putInt(STREAMS, streams);
	}

	/** The key range a partition reads (0 in a context of a version before the streams). */
	public static int streamOf(ExecutionContext context) {
		return context.containsKey(STREAM) ? context.getInt(STREAM) : 0;
	}

	/** The key ranges of the load (1 in a context of a version before the streams). */
	public static int streamsOf(ExecutionContext context) {
		return context.containsKey(STREAMS) ? context.getInt(STREAMS) : 1;
	}

	/** The reader of key range {@code stream} of {@code streams}. */
	public SortedReader reader(int stream, int streams) {
		return new SortedReader(this, stream, streams);
	}

	/** The folder of the runs. */
	Path dir() {
		return this.dir;
	}

	/** The runs cut into {@code streams} key ranges: sorted by the first caller, the others wait for it. */
	synchronized ExternalSort.Runs runs(int streams) throws IOException {
		if (this.runs == null && this.failure == null) {
			try {
				this.runs = this.sort.runs(this.dir, streams);
				this.ranges = streams;
			}
			catch (IOException ex) {
				this.failure = ex;
			}
		}
		if (this.failure != null) {
			throw new IOException(this.failure.getMessage(), this.failure);
		}
		if (this.ranges != streams) {
			throw new IllegalStateException("the sorted runs in " + this.dir + " are cut into " + this.ranges
					+ " key ranges, but a partition reads one of " + streams);
		}
		return this.runs;
	}

	/**
	 * Stream {@code stream} has handed out its last record: marks it, and deletes the runs when every stream
	 * of the load has.
	 */
	synchronized void drained(int stream, int streams) throws IOException {
		if (!Files.isDirectory(this.dir)) {
			return;
		}
		Path mark = this.dir.resolve(DRAINED + stream);
		if (!Files.exists(mark)) {
			Files.createFile(mark);
		}
		for (int s = 0; s < streams; s++) {
			if (!Files.exists(this.dir.resolve(DRAINED + s))) {
				return;
			}
		}
		ExternalSort.delete(this.dir);
		this.runs = null; // sorted again, should a stream open once more
	}

}
