package io.rowlift.database.mysql;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * A {@code jdbc:mariadb://HOST:PORT/DB} URL, what MariaDB users write, loads through MySQL Connector/J
 * and {@link MySqlDialect}, as {@code jdbc:mysql://HOST:PORT/DB}. Connector/J, not MariaDB
 * Connector/J, because everything the MySQL dialect promises is built and tested on it (and on a
 * MariaDB 10.11 server): the LOAD DATA stream set through {@code com.mysql.cj.jdbc.JdbcStatement},
 * {@code rewriteBatchedStatements}, the failure classification of {@link MySqlFailures}; MariaDB
 * Connector/J has other names for all three, so a second driver would be a second dialect to test.
 * The URL's parameters are then read by Connector/J (its names, not MariaDB Connector/J's).
 *
 * <p>As an {@link EnvironmentPostProcessor} it names Connector/J's driver when the URL is
 * {@code jdbc:mariadb:} and no driver is set, because Boot would otherwise ask the pool for MariaDB's
 * driver class, which Rowlift does not ship; {@link MySqlConnectionSetup#configure} rewrites the URL itself
 * before the pool opens. Stateless.
 */
public final class MariaDbUrls implements EnvironmentPostProcessor {

	static final String MARIADB = "jdbc:mariadb:";

	static final String MYSQL = "jdbc:mysql:";

	static final String DRIVER = "com.mysql.cj.jdbc.Driver";

	/** {@code jdbc:mariadb:...} as {@code jdbc:mysql:...}; any other URL as it is. */
	static String toMySql(String url) {
		return url != null && url.startsWith(MARIADB) ? MYSQL + url.substring(MARIADB.length()) : url;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		String url = environment.getProperty("spring.datasource.url");
		if (url != null && url.startsWith(MARIADB) && environment.getProperty("spring.datasource.driver-class-name") == null) {
			environment.getPropertySources()
				.addLast(new MapPropertySource("rowlift-mariadb-url", Map.of("spring.datasource.driver-class-name", DRIVER)));
		}
	}

}
