package io.rowlift.job;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.sql.DataSource;

import io.rowlift.database.RejectBudget;
import io.rowlift.database.SharedRejectBudget;

/**
 * The reject budgets of a cluster worker: one {@link SharedRejectBudget} per job execution, a counter row
 * in the target database that every worker of the run counts against, so that {@code rowlift.job.skip-limit}
 * holds over the whole run as in a local run (without it each worker would count against a budget of its
 * own, and N workers could reject up to N times the limit). Its row is made by the first partition of the
 * execution that opens on any worker. Thread-safe.
 */
public final class SharedRejectBudgets implements RejectBudgets {

	private final DataSource dataSource;

	/** This process's handle of each execution's row: opened once per execution per process. */
	private final Map<Long, RejectBudget> budgets = new ConcurrentHashMap<>();

	public SharedRejectBudgets(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	@Override
	public RejectBudget of(long execution, long run, long limit) {
		return this.budgets.computeIfAbsent(execution, e -> SharedRejectBudget.open(this.dataSource, execution, run, limit));
	}

}
