package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import io.rowlift.RowliftException;

/**
 * {@link TargetConfiguration}'s checks of where the URL came from: the default SQLite database is never used when the operator's settings clearly meant another database (issue #20 item 5).
 */
class TargetConfigurationTests {

	/** Boot's name of the property source of Rowlift's built-in application-sqlite.yml. */
	private static final String BUILT_IN = "Config resource 'class path resource [application-sqlite.yml]' via location "
			+ "'optional:classpath:/'";

	private static StandardEnvironment environment(String... args) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addLast(new MapPropertySource(BUILT_IN,
				Map.of("spring.datasource.url", "jdbc:sqlite:data/rowlift.db")));
		environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
		org.springframework.boot.context.properties.source.ConfigurationPropertySources.attach(environment); // as Boot does
		return environment;
	}

	/** The dialect as the context's bean is made: of the bound URL, checked against the environment. */
	private static TargetDialect dialectOf(StandardEnvironment environment) {
		return TargetConfiguration.dialectOf(org.springframework.boot.context.properties.bind.Binder.get(environment)
			.bindOrCreate("spring.datasource", DataSourceSettings.class).url(), environment);
	}

	@Test
	void aMySqlUrlUnderAnotherKeyRefusesTheDefaultDatabase() {
		StandardEnvironment environment = environment("--datasource.url=jdbc:mysql://db.example:3306/sales?password=secret",
				"--rowlift.target.table=people");
		assertThatThrownBy(() -> dialectOf(environment))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageStartingWith("spring.datasource.url is Rowlift's default, jdbc:sqlite:data/rowlift.db (a sqlite database, "
					+ "set by Rowlift's built-in defaults), but datasource.url (set by the command line (--datasource.url)) holds a "
					+ "mysql URL, jdbc:mysql://db.example:3306/sales")
			.hasMessageEndingWith(": to load into mysql, set it as spring.datasource.url (--spring.datasource.url=...); to load "
					+ "into the default database, remove datasource.url. Nothing was written")
			.message().doesNotContain("secret");
	}

	@Test
	void aConfigFileThatRepeatsTheDefaultIsTheDefaultToo() {
		StandardEnvironment environment = environment("--datasource.url=jdbc:mysql://db.example:3306/sales");
		environment.getPropertySources().addAfter("commandLineArgs", new MapPropertySource(
				"Config resource 'file [config/application-sqlite.yml]' via location 'optional:file:./config/'",
				Map.of("spring.datasource.url", "jdbc:sqlite:data/rowlift.db")));
		assertThatThrownBy(() -> dialectOf(environment)).hasMessageContaining("holds a mysql URL");
	}

	@Test
	void theDefaultDatabaseStaysTheDefaultOtherwise() {
		assertThat(dialectOf(environment("--rowlift.target.table=people")).id()).isEqualTo("sqlite");
		// a URL the operator set is what they meant, whatever else holds a URL
		assertThat(dialectOf(environment("--spring.datasource.url=jdbc:sqlite:mine.db",
				"--other.url=jdbc:mysql://h/db")).id()).isEqualTo("sqlite");
		// environment variables hold URLs for other programs; the test hooks their own
		StandardEnvironment withVariables = environment("--rowlift.test.mysql-url=jdbc:mysql://h/db");
		withVariables.getPropertySources().replace("systemEnvironment", new SystemEnvironmentPropertySource("systemEnvironment",
				Map.of("MYSQL_URL", "jdbc:mysql://h/db", "ROWLIFT_TEST_MYSQL_URL", "jdbc:mysql://h/db")));
		assertThat(dialectOf(withVariables).id()).isEqualTo("sqlite");
	}

}
