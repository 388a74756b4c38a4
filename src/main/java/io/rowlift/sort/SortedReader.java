package io.rowlift.sort;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;
import org.springframework.batch.infrastructure.item.ItemStreamReader;

import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.Handoff;

/**
 * The records of one key range of the file in key order (of the whole file when the load has one
 * stream): its parts of the sorted runs of an {@link ExternalSort}, merged (k-way, by key and then file
 * offset). One partition of the load step reads it ({@link SortedStreams}).
 *
 * <p><b>Restart:</b> {@link #update} saves how many records the merge has handed out and how many
 * its range holds (its part of the {@link PartitionProgress}: a sorted position, no position in the input),
 * committed with the chunk that wrote them. {@link #open} finds the runs of the interrupted run (or
 * sorts again, with the same key ranges: {@link KeySample}) and skips that many: the merge order is
 * total, so the records after them are exactly those not yet written. The accounting step checks that
 * the position reached the total. When every stream's merge has ended, closing deletes the runs.
 *
 * <p>The merge runs ahead of the writer on a thread of its own, {@value #AHEAD} records at most, so
 * the writing thread only converts and sends. Not thread-safe otherwise: one instance per step.
 */
public final class SortedReader implements ItemStreamReader<RawRecord> {

	/** Records merged ahead of the writer at most. */
	static final int AHEAD = 20_000;

	private Handoff<RawRecord> ahead;

	private Thread merger;

	private final SortedStreams streams;

	private final int stream;

	private final int streamCount;

	private final Path dir;

	private PriorityQueue<RunFile.Cursor> queue;

	private List<RunFile.Cursor> cursors = List.of();

	private long consumed;

	private long total;

	private boolean ended;

	/** Whether the merge handed out its last record: the runs can go. */
	private boolean drained;

	/** The blank lines the sort skipped, which the first stream saves (so they are counted once); 0 for the others. */
	private long blankLines;

	/**
	 * @param sort how to sort the file when its runs are not there yet
	 * @param dir the folder of this load's runs
	 */
	public SortedReader(ExternalSort sort, Path dir) {
		this(new SortedStreams(sort, dir), 0, 1);
	}

	/** The reader of key range {@code stream} of {@code streams}. */
	SortedReader(SortedStreams streams, int stream, int streamCount) {
		this.streams = streams;
		this.stream = stream;
		this.streamCount = streamCount;
		this.dir = streams.dir();
	}

	@Override
	public void open(ExecutionContext context) {
		PartitionProgress saved = PartitionProgress.readFrom(context);
		this.consumed = Math.max(0, saved.sortedPosition());
		try {
			ExternalSort.Runs runs = this.streams.runs(this.streamCount);
			ExternalSort.KeyRange range = runs.ranges().get(this.stream);
			this.total = range.records();
			this.blankLines = this.stream == 0 ? runs.blankLines() : 0;
			String which = this.streamCount == 1 ? "" : " (key range " + (this.stream + 1) + " of " + this.streamCount + ")";
			if (saved.sortedTotal() >= 0 && saved.sortedTotal() != this.total) {
				throw new ItemStreamException("the sorted runs in " + this.dir + which + " hold " + this.total
						+ " records, but this load's earlier runs counted " + saved.sortedTotal() + "; set rowlift.job.start-over=true");
			}
			long parts = range.parts().stream().filter(p -> p.records() > 0).count();
			int buffer = (int) Math.max(8 << 10, Math.min(1 << 20, (64L << 20) / Math.max(1, parts * this.streamCount)));
			List<RunFile.Cursor> opened = new ArrayList<>();
			this.queue = new PriorityQueue<>((int) Math.max(1, parts), RunFile.Cursor::compareTo);
			this.cursors = opened;
			for (RunFile.Part part : range.parts()) {
				if (part.records() == 0) {
					continue;
				}
				RunFile.Cursor cursor = new RunFile.Cursor(part.file(), buffer, part.offset(), part.records());
				opened.add(cursor);
				if (cursor.next()) {
					this.queue.add(cursor);
				}
			}
			for (long i = 0; i < this.consumed; i++) {
				if (next() == null) {
					throw new ItemStreamException("the sorted runs in " + this.dir + which + " hold " + this.total
							+ " records, but this load already wrote " + this.consumed + " of them; set rowlift.job.start-over=true");
				}
			}
			this.ahead = new Handoff<>(AHEAD, 256);
			this.merger = new Thread(this::merge, Thread.currentThread().getName() + "-merge");
			this.merger.setDaemon(true);
			this.merger.start();
		}
		catch (IOException ex) {
			throw new ItemStreamException("cannot sort or read the sorted runs in " + this.dir + ": " + ex.getMessage(), ex);
		}
	}

	/** Which key range this reader reads (0 first). */
	public int stream() {
		return this.stream;
	}

	private void merge() {
		this.ahead.fill(this::next);
	}

	@Override
	public RawRecord read() throws Exception {
		if (this.ended) {
			return null;
		}
		RawRecord next;
		try {
			next = this.ahead.take();
		}
		catch (IOException ex) {
			this.ended = true;
			throw new UncheckedIOException("cannot read the sorted runs in " + this.dir, ex);
		}
		catch (Exception | Error ex) {
			this.ended = true;
			throw ex;
		}
		if (next == null) {
			this.ended = true;
			this.drained = true;
			return null;
		}
		this.consumed++;
		return next;
	}

	/** The next record of the merge (on the merging thread once it runs). */
	private RawRecord next() throws IOException {
		RunFile.Cursor cursor = this.queue.poll();
		if (cursor == null) {
			return null;
		}
		RawRecord record = cursor.record();
		if (cursor.next()) {
			this.queue.add(cursor);
		}
		return record;
	}

	@Override
	public void update(ExecutionContext context) {
		PartitionProgress.saveSorted(context, this.consumed, this.total);
		PartitionProgress.saveBlankLines(context, this.blankLines);
	}

	@Override
	public void close() {
		if (this.merger != null) {
			this.merger.interrupt();
			try {
				this.merger.join(10_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.merger = null;
		}
		IOException failure = null;
		for (RunFile.Cursor cursor : this.cursors) {
			try {
				cursor.close();
			}
			catch (IOException ex) {
				failure = ex;
			}
		}
		this.cursors = List.of();
		try {
			if (this.drained) {
				this.streams.drained(this.stream, this.streamCount);
			}
		}
		catch (IOException ex) {
			failure = ex;
		}
		if (failure != null) {
			throw new UncheckedIOException("cannot close or delete the sorted runs in " + this.dir, failure);
		}
	}

}
