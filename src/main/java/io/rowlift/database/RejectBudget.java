package io.rowlift.database;

/**
 * The bad records one run of a load may still reject ({@code rowlift.job.skip-limit}), shared by its
 * partitions. Counts start from the rejects earlier runs of the load committed, so the limit holds over
 * the whole load, resumes included; a chunk that rolls back gives its rejects back. Two kinds: one per
 * process for a local run ({@link MemoryRejectBudget}), and one over a counter row in the target database
 * for a cluster's workers ({@link SharedRejectBudget}), so that the limit holds over every process of the
 * run exactly as in a local run.
 *
 * <p>{@link #take} is called on the chunk's thread, inside its transaction. Implementations are thread-safe.
 */
public interface RejectBudget {

	/**
	 * Takes one bad record of the current chunk from the budget; returns its number in the load (the
	 * committed rejects, those of chunks still open, and this one), which may exceed the limit.
	 */
	long take();

	/** Whether a bad record with this number is within the limit. */
	default boolean allows(long number) {
		return number <= limit();
	}

	/** Returns {@code n} bad records of a chunk that rolled back. */
	void giveBack(long n);

	/** Bad records tolerated in the whole load. */
	long limit();

}
