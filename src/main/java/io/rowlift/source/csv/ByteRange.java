package io.rowlift.source.csv;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The records of one partition: those that start at a byte offset in {@code [start, end)}. Both
 * bounds are record starts (or the end of the file), so consecutive ranges cover the data exactly
 * once.
 *
 * @param index the partition's number, from 0
 * @param start offset of the first record (inclusive)
 * @param end offset just past the last record (exclusive)
 * @param firstLine the physical line of the first record, or -1 when not counted yet
 */
public record ByteRange(int index, long start, long end, long firstLine) {

	static final String INDEX = "range.index";

	static final String START = "range.start";

	static final String END = "range.end";

	static final String FIRST_LINE = "range.first-line";

	/** Writes this range into a partition's execution context. */
	public void writeTo(ExecutionContext context) {
		context.putInt(INDEX, this.index);
		context.putLong(START, this.start);
		context.putLong(END, this.end);
		context.putLong(FIRST_LINE, this.firstLine);
	}

	/** Reads the range a partitioner wrote into {@code context}. */
	/** Whether {@code context} holds a range (written by {@link #writeTo}). */
	public static boolean isIn(ExecutionContext context) {
		return context.containsKey(INDEX);
	}

	public static ByteRange readFrom(ExecutionContext context) {
		return new ByteRange(context.getInt(INDEX), context.getLong(START), context.getLong(END),
				context.getLong(FIRST_LINE, -1L));
	}

	public long length() {
		return this.end - this.start;
	}

}
