package io.rowlift.job;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.RejectBudget;
import io.rowlift.database.RejectTable;

/**
 * One {@link RejectBudget} per job execution, shared by its partitions, started from the rejects
 * the load's earlier runs committed. The limit is the current {@code rowlift.job.skip-limit}, so a
 * resume may raise it. Thread-safe.
 */
public final class RejectBudgets {

	private final JdbcTemplate jdbc;

	private final JobProperties settings;

	private final Map<Long, RejectBudget> budgets = new ConcurrentHashMap<>();

	public RejectBudgets(JdbcTemplate jdbc, JobProperties settings) {
		this.jdbc = jdbc;
		this.settings = settings;
	}

	/** The budget of job execution {@code execution} of run {@code run}. */
	public RejectBudget of(long execution, long run) {
		return this.budgets.computeIfAbsent(execution, e -> {
			return new RejectBudget(this.settings.skipLimit(), new RejectTable(run).count(this.jdbc));
		});
	}

}
