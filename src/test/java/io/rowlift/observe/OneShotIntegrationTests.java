package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import io.rowlift.RowliftApplication;

/**
 * A one-shot load keeps its quick start although Actuator is on the classpath: the real application,
 * loading a 10-row file into SQLite, has no web server and no listening port, no meter or observation
 * registry, no health contributor, and no bean from Actuator, Micrometer, health or the web server.
 */
class OneShotIntegrationTests {

	@TempDir
	Path dir;

	@Test
	void aOneShotLoadStartsNoActuatorNoServerAndNoMeterRegistry() throws Exception {
		Files.createDirectories(this.dir.resolve("db/sqlite"));
		Files.writeString(this.dir.resolve("db/sqlite/V1__ten.sql"), "CREATE TABLE ten (id INTEGER PRIMARY KEY, name TEXT);\n");
		Files.writeString(this.dir.resolve("ten.csv"), "id,name\n1,a\n2,b\n3,c\n4,d\n5,e\n6,f\n7,g\n8,h\n9,i\n10,j\n");
		ConfigurableApplicationContext context = new SpringApplicationBuilder(RowliftApplication.class).run("load",
				"--spring.datasource.url=jdbc:sqlite:" + this.dir.resolve("rowlift.db"),
				"--spring.flyway.locations=filesystem:" + this.dir.resolve("db") + "/{vendor}",
				"--rowlift.source.path=" + this.dir.resolve("ten.csv"), "--rowlift.target.table=ten");
		try {
			assertThat(context).isNotInstanceOf(WebServerApplicationContext.class);
			assertThat(context.getEnvironment().getProperty("local.management.port")).isNull();
			assertThat(context.getEnvironment().getProperty("local.server.port")).isNull();
			for (Class<?> type : List.of(MeterRegistry.class, ObservationRegistry.class, HealthContributor.class,
					InboxActivity.class)) {
				assertThat(context.getBeanNamesForType(type, true, false)).as(type.getSimpleName()).isEmpty();
			}
			List<String> serviceOnly = Arrays.stream(context.getBeanDefinitionNames())
				.map(name -> context.getBeanFactory().getType(name, false))
				.filter(type -> type != null && ServiceModeFilter.serviceOnly(type.getName()))
				.map(Class::getName)
				.toList();
			assertThat(serviceOnly).isEmpty();
		}
		finally {
			assertThat(SpringApplication.exit(context)).as("the load's exit code").isZero();
		}
	}

}
