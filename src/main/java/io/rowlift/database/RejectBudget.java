package io.rowlift.database;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bad records one load may still reject ({@code rowlift.job.skip-limit}), shared by its
 * partitions. Counts start from the rejects earlier runs of the load committed, so the limit holds
 * over the whole load, resumes included; a chunk that rolls back gives its rejects back.
 * Thread-safe.
 */
public final class RejectBudget {

	private final long limit;

	private final AtomicLong used;

	/**
	 * @param limit bad records tolerated in the whole load
	 * @param committed bad records earlier runs of the load committed
	 */
	public RejectBudget(long limit, long committed) {
		this.limit = limit;
		this.used = new AtomicLong(committed);
	}

	/** Takes one bad record from the budget; returns its number, which may exceed the limit. */
	public long take() {
		return this.used.incrementAndGet();
	}

	/** Whether a bad record with this number is within the limit. */
	public boolean allows(long number) {
		return number <= this.limit;
	}

	/** Returns {@code n} bad records of a chunk that rolled back. */
	public void giveBack(long n) {
		this.used.addAndGet(-n);
	}

	public long limit() {
		return this.limit;
	}

}
