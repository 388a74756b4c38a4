package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.database.RejectBudget;
import io.rowlift.database.RejectTable;
import io.rowlift.database.Rejection;
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
public final class RejectHandling {

	private final RejectBudget budget;

	private final RejectTable table;

	private final RecordLocator locator;

	private long rejected;

	private long rejectedBeforeChunk;

	/** Rejects of the current chunk taken from the budget. */
	private long taken;

	/** The current chunk's bad records not staged yet ({@link #defer}), with their reasons. */
	private final List<RawRecord> deferred = new ArrayList<>();

	private final List<Rejection> deferredReasons = new ArrayList<>();

	public RejectHandling(RejectBudget budget, RejectTable table, RecordLocator locator) {
		this.budget = budget;
		this.table = table;
		this.locator = locator;
	}

	/** Starts counting from the rejects the partition committed in earlier runs. */
	public void open(long committed) {
		this.rejected = committed;
	}

	/** Records this partition rejected, over all runs, the current chunk included. */
	public long rejected() {
		return this.rejected;
	}

	public void chunkStarted() {
		this.rejectedBeforeChunk = this.rejected;
		this.taken = 0;
		this.deferred.clear();
		this.deferredReasons.clear();
	}

	/** The chunk rolled back: its rejects were not staged after all. */
	public void chunkFailed() {
		this.budget.giveBack(this.taken);
		this.taken = 0;
		this.rejected = this.rejectedBeforeChunk;
		this.deferred.clear();
		this.deferredReasons.clear();
	}

	/**
	 * Notes a bad record of the current chunk, to be {@link #reject rejected} by {@link #rejectDeferred}
	 * once the chunk's rows are written: a sink writes its rows under savepoints, and a reject staged
	 * inside one that is rolled back would be lost while counted.
	 */
	public void defer(RawRecord record, Rejection bad) {
		this.deferred.add(record);
		this.deferredReasons.add(bad);
	}

	/** Records of the current chunk {@link #defer deferred} and not staged yet. */
	public int deferred() {
		return this.deferred.size();
	}

	/**
	 * Rejects the records {@link #defer deferred} in this chunk, in file order (by offset), so that the
	 * first bad record of the file is the one that meets a spent budget, whether the binder or the
	 * database refused it.
	 */
	public void rejectDeferred(Connection connection) throws SQLException {
		Integer[] order = new Integer[this.deferred.size()];
		for (int i = 0; i < order.length; i++) {
			order[i] = i;
		}
		java.util.Arrays.sort(order, java.util.Comparator.comparingLong(i -> this.deferred.get(i).offset()));
		for (int i : order) {
			reject(connection, this.deferred.get(i), this.deferredReasons.get(i));
		}
		this.deferred.clear();
		this.deferredReasons.clear();
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
			throw new BadRecordException(message, bad.refusal());
		}
		this.table.stage(connection, record, this.locator.raw(record), bad.where(), bad.problem());
		this.taken++;
		this.rejected++;
	}

}
