package io.rowlift.job;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.MemoryRejectBudget;
import io.rowlift.database.RejectBudget;
import io.rowlift.database.RejectTable;

/**
 * The reject budgets of runs whose partitions are all threads of this process: one
 * {@link MemoryRejectBudget} per job execution, made when its first partition opens, from the rejects the
 * load's earlier runs committed ({@link RejectTable#count}). The default when no other {@link RejectBudgets}
 * bean is there. Thread-safe.
 */
public final class LocalRejectBudgets implements RejectBudgets {

	private final JdbcTemplate jdbc;

	private final Map<Long, RejectBudget> budgets = new ConcurrentHashMap<>();

	public LocalRejectBudgets(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public RejectBudget of(long execution, long run, long limit) {
		return this.budgets.computeIfAbsent(execution, e -> new MemoryRejectBudget(limit, new RejectTable(run).count(this.jdbc)));
	}

	@Override
	public void release(long execution) {
		this.budgets.remove(execution);
	}

}
