package io.rowlift.load;

import javax.sql.DataSource;

import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import io.rowlift.database.DataSourceSettings;
import io.rowlift.database.TargetDialect;
import io.rowlift.job.LoadLauncher;
import io.rowlift.job.LoadMonitor;
import io.rowlift.job.LoadStatusReader;
import io.rowlift.model.Checkpoints;
import io.rowlift.schema.FlywaySettings;
import io.rowlift.schema.Migrations;

/**
 * The load layer's beans, the entry points' one way in: the load service, status, the index restore, the target
 * database's description. Each is made when a caller (a verb, the scheduled service, a health component) asks
 * for it. The settings they need come as typed records ({@link DataSourceSettings}, {@link FlywaySettings}): nothing
 * here reads the {@code Environment} (issue #35).
 */
@Configuration(proxyBeanMethods = false)
public class LoadConfiguration {

	@Bean
	LoadService loadService(LoadLauncher launcher, DataSource dataSource, JobRepository jobRepository, TargetDialect dialect,
			Checkpoints checkpoints, LoadMonitor monitor) {
		return new LoadService(launcher, dataSource, jobRepository, dialect, checkpoints, monitor);
	}

	@Bean
	TargetDatabase targetDatabase(TargetDialect dialect, DataSourceSettings connection) {
		return new TargetDatabase(dialect, connection.url());
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
			DataSourceSettings connection, TargetDatabase database, StatusService status, ObjectProvider<IndexRestore> restore) {
		return new RebuildIndexesService(dataSource, dialect, connection.url(), database, status, restore);
	}

	@Bean
	InboxTable inboxTable(DataSource dataSource, TargetDialect dialect, Migrations migrations) {
		return new InboxTable(dataSource, dialect, migrations);
	}

	/** With Flyway's history table as {@code spring.flyway.table} names it. */
	@Bean
	ReservedTargets reservedTargets(FlywaySettings flyway) {
		return ReservedTargets.of(flyway.table());
	}

	/** {@code spring.flyway.locations} as written, where {@code rowlift infer} writes its migration. */
	@Bean
	MigrationLocations migrationLocations(FlywaySettings flyway) {
		return new MigrationLocations(flyway.locations());
	}

}
