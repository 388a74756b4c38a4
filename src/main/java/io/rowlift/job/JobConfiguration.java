package io.rowlift.job;

import javax.sql.DataSource;

import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.ExecutionContextSerializer;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.JdbcJobRepositoryFactoryBean;
import org.springframework.batch.infrastructure.support.transaction.ResourcelessTransactionManager;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.schema.FlywaySettings;
import io.rowlift.schema.Migrations;
import io.rowlift.database.DataSourceSettings;
import io.rowlift.database.InputRecordLength;
import io.rowlift.database.TargetDialect;
import io.rowlift.source.SourceProperties;

/**
 * The launcher and what it needs to find earlier runs. The settings reach them as typed records (issue #35):
 * nothing here reads the {@code Environment}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ DataSourceSettings.class, BatchTables.class, FlywaySettings.class })
public class JobConfiguration {

	@Bean
	LoadHistory loadHistory(DataSource dataSource, JobRepository jobRepository, BatchTables batch) {
		return new LoadHistory(new JdbcTemplate(dataSource), jobRepository, batch.tablePrefix());
	}

	/**
	 * Status reads through a job repository of its own, on the same pool but without transactions: each
	 * read is a statement of its own in auto-commit mode. A transaction would begin as the target's
	 * pool begins them (SQLite: {@code BEGIN IMMEDIATE}, the write lock) and so wait for a running load's
	 * chunk to commit; a plain read does not (SQLite's WAL readers see the last commit).
	 */
	@Bean
	LoadStatusReader loadStatusReader(DataSource dataSource, TargetDialect dialect, DataSourceSettings connection,
			BatchTables batch, ObjectProvider<ExecutionContextSerializer> serializer) throws Exception {
		String prefix = batch.tablePrefix();
		JdbcJobRepositoryFactoryBean repository = new JdbcJobRepositoryFactoryBean();
		repository.setDataSource(dataSource);
		repository.setTransactionManager(new ResourcelessTransactionManager());
		repository.setTablePrefix(prefix);
		serializer.ifAvailable(repository::setSerializer);
		repository.afterPropertiesSet();
		JobRepository reads = repository.getObject();
		return new LoadStatusReader(dataSource, reads, dialect, new LoadHistory(new JdbcTemplate(dataSource), reads, prefix),
				connection.url(), prefix);
	}

	/** What a database Rowlift creates is sized for, sampled from the configured input. */
	@Bean
	InputRecordLength inputRecordLength(SourceProperties source) {
		return new SampledRecordLength(source);
	}

	@Bean
	LoadLauncher loadLauncher(DataSource dataSource, TargetDialect dialect, DataSourceSettings connection, FlywaySettings flyway,
			Migrations migrations,
			LoadPlanner planner, LoadHistory history, JobOperator jobOperator, Job loadJob, JobRepository jobRepository,
			RunningPartitions running, io.rowlift.job.spring.SpringExtensions extensions,
			io.rowlift.model.Checkpoints checkpoints, PlanHandover handover, ObjectProvider<RemotePartitions> remote) {
		return new LoadLauncher(dataSource, dialect, connection, flyway, migrations, planner, history, jobOperator, loadJob,
				jobRepository, running, extensions.selectsSpring(), checkpoints, handover, remote.getIfAvailable());
	}

}
