package io.rowlift.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Finds the last run of a load (contract: a load is identified by file and table), whatever its
 * fingerprint or start time, by its {@value LoadJobNames#LOAD_KEY} parameter, and the earlier
 * executions of a step. Thread-safe.
 */
public final class LoadHistory {

	private final JdbcTemplate jdbc;

	private final JobRepository jobRepository;

	private final String prefix;

	public LoadHistory(JdbcTemplate jdbc, JobRepository jobRepository, String tablePrefix) {
		this.jdbc = jdbc;
		this.jobRepository = jobRepository;
		this.prefix = tablePrefix;
	}

	/** The most recent execution of the load {@code key}, if any. */
	public Optional<JobExecution> lastExecution(String key) {
		Long id = this.jdbc.queryForObject("SELECT MAX(e.JOB_EXECUTION_ID) FROM " + this.prefix + "JOB_EXECUTION e"
				+ " JOIN " + this.prefix + "JOB_INSTANCE i ON i.JOB_INSTANCE_ID = e.JOB_INSTANCE_ID"
				+ " JOIN " + this.prefix + "JOB_EXECUTION_PARAMS p ON p.JOB_EXECUTION_ID = e.JOB_EXECUTION_ID"
				+ " WHERE i.JOB_NAME = ? AND p.PARAMETER_NAME = ? AND p.PARAMETER_VALUE = ?", Long.class, LoadJobNames.JOB,
				LoadJobNames.LOAD_KEY, key);
		return id == null ? Optional.empty() : Optional.ofNullable(this.jobRepository.getJobExecution(id));
	}

	/** The last execution of every load (file and table) that ever ran, newest first, by id. */
	public List<Long> recentLoads() {
		return this.jdbc.queryForList("SELECT MAX(e.JOB_EXECUTION_ID) AS LAST_ID FROM " + this.prefix + "JOB_EXECUTION e"
				+ " JOIN " + this.prefix + "JOB_INSTANCE i ON i.JOB_INSTANCE_ID = e.JOB_INSTANCE_ID"
				+ " JOIN " + this.prefix + "JOB_EXECUTION_PARAMS p ON p.JOB_EXECUTION_ID = e.JOB_EXECUTION_ID"
				+ " WHERE i.JOB_NAME = ? AND p.PARAMETER_NAME = ? GROUP BY p.PARAMETER_VALUE ORDER BY LAST_ID DESC", Long.class,
				LoadJobNames.JOB, LoadJobNames.LOAD_KEY);
	}

	/** The executions of {@code step}'s step in its job instance before it, newest first, each with its context. */
	public List<StepExecution> earlierExecutions(StepExecution step) {
		List<Long> ids = this.jdbc.queryForList("SELECT s.STEP_EXECUTION_ID FROM " + this.prefix + "STEP_EXECUTION s"
				+ " JOIN " + this.prefix + "JOB_EXECUTION j ON j.JOB_EXECUTION_ID = s.JOB_EXECUTION_ID"
				+ " WHERE j.JOB_INSTANCE_ID = ? AND s.STEP_NAME = ? AND s.STEP_EXECUTION_ID < ? ORDER BY s.STEP_EXECUTION_ID DESC",
				Long.class, step.getJobExecution().getJobInstance().getInstanceId(), step.getStepName(), step.getId());
		return stepExecutions(ids);
	}

	/**
	 * The partitions of {@code instance} (over all its executions) whose step executions are still running
	 * (starting, started or stopping), each with its context: on a run a process left unfinished, the
	 * ones it left behind. Oldest first.
	 */
	public List<StepExecution> runningPartitions(long instance) {
		return running("j.JOB_INSTANCE_ID = ?", instance);
	}

	/**
	 * The running partitions (as {@link #runningPartitions}) of every load into {@code table} (its key's
	 * table, compared as MySQL's default collation compares names: without case), or none when Spring
	 * Batch's tables are not there yet.
	 */
	public List<StepExecution> runningPartitionsInto(String table) {
		try {
			return running("j.JOB_EXECUTION_ID IN (SELECT p.JOB_EXECUTION_ID FROM " + this.prefix + "JOB_EXECUTION_PARAMS p"
					+ " WHERE p.PARAMETER_NAME = '" + LoadJobNames.LOAD_KEY + "' AND LOWER(p.PARAMETER_VALUE) LIKE ?)",
					table.toLowerCase(java.util.Locale.ROOT).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + " <- %");
		}
		catch (org.springframework.dao.DataAccessException ex) {
			return List.of(); // a first run: no repository tables, no partitions
		}
	}

	private List<StepExecution> running(String where, Object value) {
		List<Long> ids = this.jdbc.queryForList("SELECT s.STEP_EXECUTION_ID FROM " + this.prefix + "STEP_EXECUTION s"
				+ " JOIN " + this.prefix + "JOB_EXECUTION j ON j.JOB_EXECUTION_ID = s.JOB_EXECUTION_ID"
				+ " WHERE " + where + " AND s.STEP_NAME LIKE '" + LoadJobNames.WORKER + ":%'"
				+ " AND s.STATUS IN ('STARTING', 'STARTED', 'STOPPING') ORDER BY s.STEP_EXECUTION_ID", Long.class, value);
		return stepExecutions(ids);
	}

	/** The step executions of {@code ids} as the repository holds them, each with its context; ids gone meanwhile are left out. */
	private List<StepExecution> stepExecutions(List<Long> ids) {
		List<StepExecution> executions = new ArrayList<>(ids.size());
		for (long id : ids) {
			StepExecution execution = this.jobRepository.getStepExecution(id);
			if (execution != null) {
				executions.add(execution);
			}
		}
		return executions;
	}

}
