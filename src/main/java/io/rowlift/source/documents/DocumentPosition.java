package io.rowlift.source.documents;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * A unit's saved position: how many of the unit's documents were read, and their bytes. A reader opened
 * on it skips that many lines of the sorted listing from the unit's start (a scan of the listing, not of
 * the documents). The format's own part of the unit's context; persisted, the keys must not change.
 * Absent keys mean the unit's start.
 *
 * @param line documents of the unit read ({@value #LINE})
 * @param bytes their size ({@value #BYTES})
 */
record DocumentPosition(long line, long bytes) {

	static final String LINE = "reader.line";

	static final String BYTES = "reader.bytes";

	static DocumentPosition readFrom(ExecutionContext context) {
		return new DocumentPosition(context.getLong(LINE, 0L), context.getLong(BYTES, 0L));
	}

	static void save(ExecutionContext context, long line, long bytes) {
		context.putLong(LINE, line);
		context.putLong(BYTES, bytes);
	}

}
