package io.rowlift.load;

import javax.sql.DataSource;

import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

import io.rowlift.database.TargetDialect;
import io.rowlift.job.LoadLauncher;
import io.rowlift.job.LoadMonitor;
import io.rowlift.job.LoadStatusReader;
import io.rowlift.model.Checkpoints;
import io.rowlift.schema.Migrations;

/**
 * The load layer's beans, the entry points' one way in: the load service, status, the index restore, the target
 * database's description. Each is made when a caller (a verb, the scheduled service, a health component) asks
 * for it.
 */
@Configuration(proxyBeanMethods = false)
public class LoadConfiguration {

	private static final String URL = "spring.datasource.url";

	@Bean
	LoadService loadService(LoadLauncher launcher, DataSource dataSource, JobRepository jobRepository, TargetDialect dialect,
			Checkpoints checkpoints, LoadMonitor monitor) {
		return new LoadService(launcher, dataSource, jobRepository, dialect, checkpoints, monitor);
	}

	@Bean
	TargetDatabase targetDatabase(TargetDialect dialect, Environment environment) {
		return new TargetDatabase(dialect, environment.getProperty(URL));
	}

	@Bean
	IndexRestore indexRestore(DataSource dataSource, TargetDialect dialect, Checkpoints checkpoints) {
		return new IndexRestore(dataSource, dialect, checkpoints);
	}

	/** @param reader made only once the database is known to exist, so that a missing SQLite file is not created */
	@Bean
	StatusService statusService(ObjectProvider<LoadStatusReader> reader, TargetDatabase database) {
		return new StatusService(reader, database);
	}

	/** @param dataSource made only once the database is known to exist (a missing SQLite file is not created) */
	@Bean
	RebuildIndexesService rebuildIndexesService(ObjectProvider<DataSource> dataSource, TargetDialect dialect,
			Environment environment, TargetDatabase database, StatusService status, ObjectProvider<IndexRestore> restore) {
		return new RebuildIndexesService(dataSource, dialect, environment.getProperty(URL), database, status, restore);
	}

	@Bean
	InboxTable inboxTable(DataSource dataSource, TargetDialect dialect, Migrations migrations) {
		return new InboxTable(dataSource, dialect, migrations);
	}

	/** With Flyway's history table as {@code spring.flyway.table} names it. */
	@Bean
	ReservedTargets reservedTargets(Environment environment) {
		return ReservedTargets.of(environment.getProperty("spring.flyway.table"));
	}

}
