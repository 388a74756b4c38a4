package io.rowlift.source;

import java.io.IOException;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;

import io.rowlift.model.RawRecord;

/**
 * The reader of one unit of work ({@link InputSource#reader}). Besides {@code update}, which saves the
 * position of the next record it would read, it saves the position after any record it returned, so
 * that a reader that hands its records on later ({@link ReadAheadReader}) saves what it handed out,
 * not what was parsed ahead. The position is the format's own: its keys and values mean nothing to
 * the rest of Rowlift.
 *
 * <p>Not thread-safe: {@link #read} on one thread; the save methods on another only once it has
 * stopped reading, or for records it returned (they read nothing the reader still changes).
 */
public interface UnitReader extends ItemStreamReader<RawRecord> {

	/** The next record of the unit, or null at its end; a record the format cannot read is a {@link io.rowlift.model.BadRecordException}. */
	@Override
	RawRecord read() throws IOException;

	/**
	 * Saves into {@code context} the position just after {@code record}, which this reader returned (null:
	 * the position the reader was opened at), and {@code read}, the unit's records read over all runs.
	 */
	void saveAfter(ExecutionContext context, RawRecord record, long read);

	/** Saves into {@code context} the position this reader has reached (its end once read returned null), and {@code read}. */
	void saveReached(ExecutionContext context, long read);

	/** The unit's records read over all runs when this reader was opened. */
	long readAtOpen();

}
