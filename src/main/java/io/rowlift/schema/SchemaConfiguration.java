package io.rowlift.schema;

import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.env.Environment;

import javax.sql.DataSource;

import io.rowlift.database.TargetDialect;
import io.rowlift.infer.InferProperties;
import io.rowlift.source.SourceProperties;

/** Migrations run by the load command, not at start-up. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ SchemaProperties.class, InferProperties.class, SourceProperties.class })
public class SchemaConfiguration {

	/** Keeps Boot from migrating while the context starts: {@link Migrations} does it when a load runs. */
	@Bean
	FlywayMigrationStrategy deferredMigrations() {
		return flyway -> {
		};
	}

	@Bean
	Migrations migrations(ObjectProvider<Flyway> flyway, ObjectProvider<TableCreation> creation, Environment environment) {
		String locations = "spring.flyway.locations";
		return new Migrations(flyway, creation,
				io.rowlift.SettingOrigins.isBuiltIn(environment, locations) ? null : io.rowlift.SettingOrigins.of(environment, locations));
	}

	/** {@code rowlift.schema.create=infer}: made when a load first migrates; the load's settings come with each load. */
	@Bean
	TableCreation tableCreation(InferProperties infer, DataSource dataSource, TargetDialect dialect, Environment environment) {
		return new TableCreation(infer, dataSource, dialect, environment.getProperty("spring.flyway.locations"));
	}

}
