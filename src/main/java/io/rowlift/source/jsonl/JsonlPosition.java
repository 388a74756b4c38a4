package io.rowlift.source.jsonl;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * A JSON Lines unit's saved position: the byte offset of the next unread line and its line relative to the
 * range's first line. The format's own part of a unit's step context; the keys are persisted in Spring
 * Batch's tables and must not change (the same words as CSV's). Absent keys mean the range's start.
 *
 * @param offset byte offset of the next unread line ({@value #OFFSET})
 * @param line its line, relative to the range's first line ({@value #LINE})
 */
record JsonlPosition(long offset, long line) {

	static final String OFFSET = "reader.offset";

	static final String LINE = "reader.line";

	static JsonlPosition readFrom(ExecutionContext context, JsonlRange range) {
		return new JsonlPosition(context.getLong(OFFSET, range.start()), context.getLong(LINE, 0L));
	}

	static void save(ExecutionContext context, long offset, long line) {
		context.putLong(OFFSET, offset);
		context.putLong(LINE, line);
	}

}
