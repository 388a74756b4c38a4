package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import io.rowlift.database.TargetDialects;

/** A jdbc:mariadb: URL is served by the MySQL dialect through Connector/J. */
class MariaDbUrlsTests {

	@Test
	void aMariaDbUrlIsReadAsTheMySqlUrlOfTheSameServer() {
		assertThat(MariaDbUrls.toMySql("jdbc:mariadb://db:3307/sales?sslMode=REQUIRED")).isEqualTo("jdbc:mysql://db:3307/sales?sslMode=REQUIRED");
		assertThat(MariaDbUrls.toMySql("jdbc:mariadb:replication://a,b/sales")).isEqualTo("jdbc:mysql:replication://a,b/sales");
		assertThat(MariaDbUrls.toMySql("jdbc:mysql://db/sales")).isEqualTo("jdbc:mysql://db/sales");
		assertThat(MariaDbUrls.toMySql("jdbc:sqlite:x.db")).isEqualTo("jdbc:sqlite:x.db");
		assertThat(TargetDialects.forUrl("jdbc:mariadb://db:3306/sales").id()).isEqualTo("mysql");
	}

	@Test
	void namesConnectorJsDriverOnlyForAMariaDbUrlWithoutADriver() {
		StandardEnvironment mariadb = environment(Map.of("spring.datasource.url", "jdbc:mariadb://db/sales"));
		new MariaDbUrls().postProcessEnvironment(mariadb, null);
		assertThat(mariadb.getProperty("spring.datasource.driver-class-name")).isEqualTo("com.mysql.cj.jdbc.Driver");

		StandardEnvironment chosen = environment(Map.of("spring.datasource.url", "jdbc:mariadb://db/sales",
				"spring.datasource.driver-class-name", "org.example.Driver"));
		new MariaDbUrls().postProcessEnvironment(chosen, null);
		assertThat(chosen.getProperty("spring.datasource.driver-class-name")).isEqualTo("org.example.Driver");

		StandardEnvironment mysql = environment(Map.of("spring.datasource.url", "jdbc:mysql://db/sales"));
		new MariaDbUrls().postProcessEnvironment(mysql, null);
		assertThat(mysql.getProperty("spring.datasource.driver-class-name")).isNull();
	}

	private static StandardEnvironment environment(Map<String, Object> properties) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
		return environment;
	}

}
