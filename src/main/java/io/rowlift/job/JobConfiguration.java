package io.rowlift.job;

import javax.sql.DataSource;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.schema.Migrations;
import io.rowlift.database.InputRecordLength;
import io.rowlift.database.TargetDialect;
import io.rowlift.source.SourceProperties;

/** The launcher and what it needs to find earlier runs. */
@Configuration(proxyBeanMethods = false)
public class JobConfiguration {

	@Bean
	LoadHistory loadHistory(DataSource dataSource, JobRepository jobRepository, Environment environment) {
		return new LoadHistory(new JdbcTemplate(dataSource), jobRepository,
				environment.getProperty("spring.batch.jdbc.table-prefix", "BATCH_"));
	}

	@Bean
	LoadStatusReader loadStatusReader(DataSource dataSource, JobRepository jobRepository, TargetDialect dialect,
			LoadHistory history, Environment environment) {
		return new LoadStatusReader(dataSource, jobRepository, dialect, history, environment.getProperty("spring.datasource.url"),
				environment.getProperty("spring.batch.jdbc.table-prefix", "BATCH_"));
	}

	/** What a database Rowlift creates is sized for, sampled from the configured input. */
	@Bean
	InputRecordLength inputRecordLength(SourceProperties source) {
		return new SampledRecordLength(source);
	}

	@Bean
	LoadLauncher loadLauncher(DataSource dataSource, TargetDialect dialect, Environment environment, Migrations migrations,
			LoadPlanner planner, LoadHistory history, JobOperator jobOperator, Job loadJob, JobRepository jobRepository,
			RunningPartitions running, io.rowlift.sort.SortProperties sorting, io.rowlift.job.spring.SpringExtensions extensions) {
		return new LoadLauncher(dataSource, dialect, environment, migrations, planner, history, jobOperator, loadJob,
				jobRepository, running, sorting, extensions.selectsSpring());
	}

}
