package io.rowlift.job;

import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Finds the last run of a load (contract: a load is identified by file and table), whatever its
 * fingerprint or start time, by its {@value LoadJobNames#LOAD_KEY} parameter. Thread-safe.
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

}
