package io.rowlift.job;

import io.rowlift.database.RejectBudget;

/**
 * Where a partition finds its run's {@link RejectBudget}: one budget per job execution, shared by all its
 * partitions, started from the rejects the load's earlier runs committed. The strategy is the process's
 * role: a local run (and a manager, whose partitions run elsewhere) keeps it in memory
 * ({@link LocalRejectBudgets}); a cluster worker shares it with the run's other workers through the target
 * database ({@link SharedRejectBudgets}, the bean the cluster's worker configuration declares). Implementations
 * are thread-safe.
 */
public interface RejectBudgets {

	/**
	 * The budget of job execution {@code execution} of run {@code run}.
	 * @param limit the run's {@code rowlift.job.skip-limit} ({@link RunSettings#skipLimit}): each execution's
	 *        own, so a resume may raise it
	 */
	RejectBudget of(long execution, long run, long limit);

	/**
	 * Forgets execution {@code execution}'s budget once the execution has ended (its job's {@code afterJob}):
	 * a process that runs many loads (the scheduled service, one application serving several requests) would
	 * otherwise keep every budget, and an execution id the repository hands out again (a database emptied and
	 * made again under a running application) would find the old budget with the old run's count. A later
	 * {@link #of} for the same id makes a new budget from the committed rejects. The default does nothing: a cluster
	 * worker runs partitions, never the job, so nothing calls it there, and its {@link SharedRejectBudgets} keeps one
	 * small handle per execution it served for the life of the process.
	 */
	default void release(long execution) {
	}

}
