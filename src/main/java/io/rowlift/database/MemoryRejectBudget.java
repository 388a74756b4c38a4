package io.rowlift.database;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link RejectBudget} in this process's memory: the budget of a local run, whose partitions are all
 * threads of this process. Counts the rejects of chunks still open too, so a partition meets a budget
 * the others are about to spend; a chunk that rolls back gives its rejects back ({@link #giveBack}).
 * Thread-safe.
 */
public final class MemoryRejectBudget implements RejectBudget {

	private final long limit;

	private final AtomicLong used;

	/**
	 * @param limit bad records tolerated in the whole load
	 * @param committed bad records earlier runs of the load committed
	 */
	public MemoryRejectBudget(long limit, long committed) {
		this.limit = limit;
		this.used = new AtomicLong(committed);
	}

	@Override
	public long take() {
		return this.used.incrementAndGet();
	}

	@Override
	public void giveBack(long n) {
		this.used.addAndGet(-n);
	}

	@Override
	public long limit() {
		return this.limit;
	}

}
