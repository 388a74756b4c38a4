package io.rowlift.source;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamException;
import org.springframework.batch.infrastructure.item.ItemStreamReader;

import io.rowlift.model.RawRecord;

/**
 * Parses a partition ahead of its writer, on a thread of its own, so that reading and parsing the
 * next records overlaps the database writing the current chunk (and, on SQLite, happens outside the
 * write lock the chunk transaction holds).
 *
 * <p><b>Restart:</b> the state it saves is that of the records handed out, never of those parsed
 * ahead: the position after the last record {@link #read} returned ({@link UnitReader#saveAfter}) and the count. A record
 * parsed ahead but not yet committed is simply parsed again by the resume. A failure of the parsing
 * thread surfaces at the {@link #read} that reaches it, as if read directly.
 *
 * <p>One instance per partition; {@link #read} and {@link #update} are called from the step's thread.
 */
public final class ReadAheadReader implements ItemStreamReader<RawRecord> {

	/** Records handed to the writer at a time. */
	static final int BATCH = 256;

	/**
	 * Bytes of input the records parsed ahead may hold at most, whatever the record count asked: the
	 * records waiting here are alive through the collector's young collections, which copy them (first to
	 * a survivor space, then to the old generation), so their volume sets the length of those pauses,
	 * and with the JVM's default heap G1 grows the heap after pauses that take more than about 1 % of
	 * the time. Two 10,000-record chunks of 1 KB records were 20 MB ahead; 8 MB still hands the writer
	 * thousands of records per chunk ahead.
	 */
	public static final long MAX_BYTES_AHEAD = 8L << 20;

	/**
	 * The records to parse ahead: {@code records}, but no more than {@link #MAX_BYTES_AHEAD} at
	 * {@code averageBytes} a record (unknown, 0 or less: {@code records}), and at least two batches.
	 */
	public static int capacity(int records, long averageBytes) {
		if (averageBytes <= 0) {
			return records;
		}
		long byBytes = MAX_BYTES_AHEAD / averageBytes;
		return (int) Math.max(Math.min(2L * BATCH, records), Math.min(records, byBytes));
	}

	private final UnitReader delegate;

	private final int capacity;

	private Handoff<RawRecord> queue;

	private Thread parser;

	private long count;

	/** The last record handed out, or null: none yet in this run. */
	private RawRecord last;

	/** Whether the delegate returned its end (not a failure). */
	private boolean atEnd;

	private boolean ended;

	/**
	 * @param delegate the partition's reader
	 * @param capacity records parsed ahead at most
	 */
	public ReadAheadReader(UnitReader delegate, int capacity) {
		this.delegate = delegate;
		this.capacity = Math.max(1, capacity);
	}

	@Override
	public void open(ExecutionContext context) {
		this.delegate.open(context);
		this.count = this.delegate.readAtOpen();
		this.queue = new Handoff<>(this.capacity, BATCH);
		this.parser = new Thread(this::parse, Thread.currentThread().getName() + "-parse");
		this.parser.setDaemon(true);
		this.parser.start();
	}

	private void parse() {
		// the hand-off's end publishes the delegate's final state to the reading thread
		this.queue.fill(this.delegate::read);
	}

	@Override
	public RawRecord read() throws Exception {
		if (this.ended) {
			return null;
		}
		RawRecord record;
		try {
			record = this.queue.take();
		}
		catch (Exception | Error failure) {
			this.ended = true;
			throw failure;
		}
		if (record == null) {
			this.ended = true;
			this.atEnd = true;
			return null;
		}
		this.last = record;
		this.count++;
		return record;
	}

	@Override
	public void update(ExecutionContext context) {
		if (this.atEnd) {
			this.delegate.saveReached(context, this.count); // the parsing thread has stopped: its end is the unit's
		}
		else {
			this.delegate.saveAfter(context, this.last, this.count);
		}
	}

	@Override
	public void close() throws ItemStreamException {
		if (this.parser != null) {
			this.parser.interrupt();
			try {
				this.parser.join(10_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.parser = null;
		}
		this.delegate.close();
	}

}
