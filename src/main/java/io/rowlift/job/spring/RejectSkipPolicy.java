package io.rowlift.job.spring;

import java.sql.SQLException;

import org.springframework.batch.core.step.skip.SkipLimitExceededException;
import org.springframework.batch.core.step.skip.SkipPolicy;

import io.rowlift.database.RejectBudget;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.BadRecordException;
import io.rowlift.model.Location;

/**
 * Spring Batch's skip decision, backed by Rowlift's reject budget ({@code rowlift.job.skip-limit},
 * counted over the whole load including resumes, shared by the partitions): a bad record
 * ({@link RejectedRecordException}) is skipped while the budget allows it; beyond it the partition
 * fails with the record's location and the fast path's message. Rows the database refuses are found
 * by {@link SpringRowWriter} inside the chunk's transaction, so a failed write never reaches Spring
 * Batch's scan (asked with skip count -1, the answer is no). Anything else is not skipped.
 * Thread-safe: the budget is the partition's, in a thread-local.
 */
final class RejectSkipPolicy implements SkipPolicy {

	private final SpringPartitions partitions;

	RejectSkipPolicy(SpringPartitions partitions) {
		this.partitions = partitions;
	}

	@Override
	public boolean shouldSkip(Throwable t, long skipCount) throws SkipLimitExceededException {
		if (skipCount < 0) {
			return false; // no scan: see SpringRowWriter
		}
		if (!(t instanceof RejectedRecordException rejected)) {
			return false;
		}
		try {
			take(this.partitions.current(), rejected);
		}
		catch (BadRecordException ex) {
			// SkipLimitExceededException so that Spring Batch fails the partition rather than trying again
			throw new SkipLimitExceededException(this.partitions.current().budget.limit(), ex);
		}
		return true;
	}

	/**
	 * Counts {@code rejected} against the load's budget.
	 * @throws BadRecordException beyond the budget, naming the record and the limit
	 */
	static void take(SpringPartition partition, RejectedRecordException rejected) {
		RejectBudget budget = partition.budget;
		long number = budget.take();
		if (budget.allows(number)) {
			return;
		}
		Location where = rejected.problem() != null ? partition.locator.where(rejected.record(), rejected.problem())
				: partition.locator.where(rejected.record(), rejected.field());
		String message = where + ": " + rejected.reason();
		if (budget.limit() > 0) {
			message += "\nThat is bad record number " + number + ", more than rowlift.job.skip-limit=" + budget.limit()
					+ " allows: fix the file, or raise the limit and run the same command again to resume";
		}
		throw new BadRecordException(message, rejected.getCause());
	}

	/** Whether the database refused a row (a constraint, a value it will not store), by the dialect's rules. */
	static boolean rowError(Throwable error, TargetDialect dialect) {
		for (Throwable t = error; t != null; t = t.getCause() != null ? t.getCause()
				: t instanceof SQLException sql ? sql.getNextException() : null) {
			if (t instanceof SQLException sql && dialect.faults().isRowError(sql)) {
				return true;
			}
		}
		return false;
	}

	/** The database's own words. */
	static String rootMessage(Throwable error) {
		Throwable root = error;
		while (root.getCause() != null && root.getCause() != root) {
			root = root.getCause();
		}
		return String.valueOf(root.getMessage()).strip();
	}

}
