package io.rowlift.source.jsonl;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * The lines of one unit: those that start at a byte offset in {@code [start, end)}. Both bounds are
 * line starts (or the end of the file), so consecutive ranges cover the data exactly once. The context
 * keys are the ones CSV ranges use ({@code range.*}), so an operator reading the job tables sees the same
 * words; they are persisted and must not change.
 *
 * @param index the unit's number, from 0
 * @param start offset of the first line (inclusive)
 * @param end offset just past the last line (exclusive)
 * @param firstLine the physical line (1-based) of the first line, or -1 when not counted yet
 */
record JsonlRange(int index, long start, long end, long firstLine) {

	static final String INDEX = "range.index";

	static final String START = "range.start";

	static final String END = "range.end";

	static final String FIRST_LINE = "range.first-line";

	void writeTo(ExecutionContext context) {
		context.putInt(INDEX, this.index);
		context.putLong(START, this.start);
		context.putLong(END, this.end);
		context.putLong(FIRST_LINE, this.firstLine);
	}

	static boolean isIn(ExecutionContext context) {
		return context.containsKey(INDEX);
	}

	static JsonlRange readFrom(ExecutionContext context) {
		return new JsonlRange(context.getInt(INDEX), context.getLong(START), context.getLong(END),
				context.getLong(FIRST_LINE, -1L));
	}

	long length() {
		return this.end - this.start;
	}

}
