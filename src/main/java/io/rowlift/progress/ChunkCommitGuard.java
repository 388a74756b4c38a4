package io.rowlift.progress;

import org.springframework.batch.core.step.StepExecution;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import io.rowlift.RowliftException;

/**
 * Stops a partition whose chunk did not commit while its step went on, so that a rolled-back chunk is never
 * counted as written.
 *
 * <p>Why: a chunk's transaction can end rolled back without an exception: something in the chunk (a listener, a
 * participating transaction that failed and was caught) marks it rollback-only. Spring Batch 6.0.4 then rolls it
 * back silently, counts its items as written and goes on with the next chunk (spring-batch#5509); 6.0.6 notices
 * only a mark set during the writer's own write, not one set after it (an {@code afterWrite} listener). The reader
 * has moved past the chunk and the writer has counted its rows, so the next commit would save a position and
 * counts that skip rows never written: the load would end COMPLETED, exact by its own accounting, with the
 * chunk's rows missing. So the writer asks the guard before each write and each save of its context: once a chunk
 * it wrote has rolled back, the partition fails (exit 1), the repository keeps the last committed context, and the
 * same command resumes from there. A chunk that failed with an exception fails its step anyway: the guard is
 * asked nothing more.
 *
 * <p>One per partition and run, used on the partition's own thread (the transaction's completion runs there too).
 */
public final class ChunkCommitGuard {

	private final String partition;

	/** Records of the chunk that rolled back, or -1 while every chunk written committed. */
	private long rolledBack = -1;

	/** Whether {@link #check} stopped the partition; then Spring Batch's counts include the rolled-back chunk. */
	private boolean stopped;

	private boolean corrected;

	/** @param partition the partition's step name, for the message */
	public ChunkCommitGuard(String partition) {
		this.partition = partition;
	}

	/**
	 * Called once a chunk of {@code rows} records is written, inside its transaction: remembers them if that transaction
	 * does not commit. Nothing outside a transaction.
	 */
	public void written(long rows) {
		if (!TransactionSynchronizationManager.isSynchronizationActive()) {
			return;
		}
		TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
			@Override
			public void afterCompletion(int status) {
				if (status != STATUS_COMMITTED) {
					ChunkCommitGuard.this.rolledBack = rows;
				}
			}
		});
	}

	/**
	 * Called before a chunk is written and before the partition's context is saved.
	 * @throws RowliftException (exit 1) if a chunk written before was rolled back and the step went on
	 */
	public void check() {
		if (this.rolledBack >= 0) {
			this.stopped = true;
			throw new RowliftException(1, this.partition + ": a chunk of " + this.rolledBack + " records was rolled back "
					+ "without an error (something in the chunk's transaction, such as a listener, marked it rollback-only) "
					+ "and the step went on; the partition stops here so that its rows are not counted as written. Its "
					+ "last committed chunk is saved: run the same command again to resume from there");
		}
	}

	/**
	 * Takes the chunk that rolled back silently out of Spring Batch's counts of the partition's step (its write
	 * and commit counts, which it added before the rollback), once, if {@link #check} stopped the partition; the
	 * step's {@code afterStep}, before the step is saved. A chunk whose commit failed with an error is not
	 * touched here: Spring Batch 6.0.6 restores the step's counts itself, and the step is not saved on 6.0.4.
	 */
	public void correct(StepExecution step) {
		if (!this.stopped || this.corrected) {
			return;
		}
		this.corrected = true;
		step.setWriteCount(Math.max(0, step.getWriteCount() - this.rolledBack));
		step.setCommitCount(Math.max(0, step.getCommitCount() - 1));
		step.incrementRollbackCount();
	}

}
