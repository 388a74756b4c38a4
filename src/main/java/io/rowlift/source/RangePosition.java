package io.rowlift.source;

import org.springframework.batch.infrastructure.item.ExecutionContext;

/**
 * A byte-range unit's saved position ({@link ByteRange}): the byte offset of the next unread record and its
 * line relative to the range's first record. CSV and JSON Lines save it alike (a compressed input's one unit
 * too, in uncompressed bytes); the rest of Rowlift does not read it.
 *
 * <p>The key names are persisted in Spring Batch's tables since the first versions and must not change:
 * a run started by an earlier version resumes from them. Absent keys mean the range's start.
 *
 * @param offset byte offset of the next unread record ({@value #OFFSET})
 * @param line its line, relative to the range's first record ({@value #LINE})
 */
public record RangePosition(long offset, long line) {

	/** Context key: byte offset of the next unread record. */
	public static final String OFFSET = "reader.offset";

	/** Context key: line of the next unread record, relative to the range's first record. */
	public static final String LINE = "reader.line";

	/** The position saved in {@code context}, or the start of {@code range} when none is. */
	public static RangePosition readFrom(ExecutionContext context, ByteRange range) {
		return new RangePosition(context.getLong(OFFSET, range.start()), context.getLong(LINE, 0L));
	}

	/** Saves a position. */
	public static void save(ExecutionContext context, long offset, long line) {
		context.putLong(OFFSET, offset);
		context.putLong(LINE, line);
	}

}
