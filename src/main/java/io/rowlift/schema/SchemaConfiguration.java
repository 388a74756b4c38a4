package io.rowlift.schema;

import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.core.env.Environment;

import io.rowlift.SettingOrigins;

import javax.sql.DataSource;

import io.rowlift.database.TargetDialect;
import io.rowlift.infer.InferProperties;
import io.rowlift.source.SourceProperties;

/**
 * Migrations run by the load command, not at start-up. The settings come as typed records ({@link FlywaySettings},
 * {@link SchemaProperties}); the one read of the {@code Environment} left is where the operator set
 * {@code spring.flyway.locations}, which no record holds ({@link #migrations}): it is kept here, in a
 * {@code @Configuration} class (issue #35, an {@code ArchitectureTests} rule), and passed on as a value.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ SchemaProperties.class, InferProperties.class, SourceProperties.class, FlywaySettings.class })
public class SchemaConfiguration {

	/** Keeps Boot from migrating while the context starts: {@link Migrations} does it when a load runs. */
	@Bean
	FlywayMigrationStrategy deferredMigrations() {
		return flyway -> {
		};
	}

	/**
	 * @param environment read only for where {@code spring.flyway.locations} was set (Rowlift's default or the
	 * operator's file, option or variable), which a missing folder's warning names
	 */
	@Bean
	Migrations migrations(ObjectProvider<Flyway> flyway, ObjectProvider<TableCreation> creation, Environment environment) {
		String locations = "spring.flyway.locations";
		return new Migrations(flyway, creation,
				SettingOrigins.isBuiltIn(environment, locations) ? null : SettingOrigins.of(environment, locations));
	}

	/** {@code rowlift.schema.create=infer}: made when a load first migrates; the load's settings come with each load. */
	@Bean
	TableCreation tableCreation(InferProperties infer, DataSource dataSource, TargetDialect dialect, FlywaySettings flyway) {
		return new TableCreation(infer, dataSource, dialect, flyway.locations());
	}

}
