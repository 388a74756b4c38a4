package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;

import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * A partition's rejects: each bad record is counted against the load's {@link RejectBudget} and
 * staged in {@link RejectTable} on the chunk's connection, or, beyond the budget, fails the chunk
 * with the record's location and the {@code rowlift.job.skip-limit} it exceeds. A chunk that fails
 * gives its rejects back ({@link #chunkFailed}), since its transaction rolls them back.
 *
 * <p>One instance per partition, used by its writer's thread: not thread-safe (the budget is).
 */
final class RejectHandling {

	private final RejectBudget budget;

	private final RejectTable table;

	private final RecordLocator locator;

	private long rejected;

	private long rejectedBeforeChunk;

	/** Rejects of the current chunk taken from the budget. */
	private long taken;

	RejectHandling(RejectBudget budget, RejectTable table, RecordLocator locator) {
		this.budget = budget;
		this.table = table;
		this.locator = locator;
	}

	/** Starts counting from the rejects the partition committed in earlier runs. */
	void open(long committed) {
		this.rejected = committed;
	}

	/** Records this partition rejected, over all runs, the current chunk included. */
	long rejected() {
		return this.rejected;
	}

	void chunkStarted() {
		this.rejectedBeforeChunk = this.rejected;
		this.taken = 0;
	}

	/** The chunk rolled back: its rejects were not staged after all. */
	void chunkFailed() {
		this.budget.giveBack(this.taken);
		this.taken = 0;
		this.rejected = this.rejectedBeforeChunk;
	}

	/** Stages the record as a reject, or throws if the load's budget is spent. */
	void reject(Connection connection, RawRecord record, Rejection bad) throws SQLException {
		long number = this.budget.take();
		if (!this.budget.allows(number)) {
			String message = bad.where() + ": " + bad.problem();
			if (this.budget.limit() > 0) {
				message += "\nThat is bad record number " + number + ", more than rowlift.job.skip-limit=" + this.budget.limit()
						+ " allows: fix the file, or raise the limit and run the same command again to resume";
			}
			throw new BadRecordException(message);
		}
		this.table.stage(connection, record, this.locator.raw(record), bad.where(), bad.problem());
		this.taken++;
		this.rejected++;
	}

}
