package io.rowlift.schema;

import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Migrations run by the load command, not at start-up. */
@Configuration(proxyBeanMethods = false)
public class SchemaConfiguration {

	/** Keeps Boot from migrating while the context starts: {@link Migrations} does it when a load runs. */
	@Bean
	FlywayMigrationStrategy deferredMigrations() {
		return flyway -> {
		};
	}

	@Bean
	Migrations migrations(ObjectProvider<Flyway> flyway) {
		return new Migrations(flyway);
	}

}
