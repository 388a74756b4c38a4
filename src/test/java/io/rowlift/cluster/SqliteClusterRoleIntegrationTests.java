package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;

/** A cluster role with a SQLite target: exit 2 and why, before any broker or file is touched. */
class SqliteClusterRoleIntegrationTests {

	@TempDir
	Path dir;

	@ParameterizedTest
	@ValueSource(strings = { "manager", "worker" })
	void aRoleWithSqliteExitsTwoSayingWhy(String role) throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 100, 1);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("run.log"));
		RowliftJar.Attempt run = jar.run(role, List.of("--rowlift.cluster.role=" + role,
				"--spring.datasource.url=jdbc:sqlite:" + this.dir.resolve("t.db"), "--rowlift.source.path=" + file,
				"--rowlift.target.table=ints", "--spring.rabbitmq.port=1", "--management.server.port=-1"), Duration.ofMinutes(2));

		assertThat(run.exitCode()).as(jar.tail(20_000)).isEqualTo(2);
		assertThat(run.output()).contains("rowlift: rowlift.cluster.role=" + role + ": SQLite is one local file")
			.contains("remove rowlift.cluster.role to load it here, or load into MySQL or MariaDB");
		Path db = this.dir.resolve("t.db");
		if (Files.exists(db)) { // a worker is a service: its pool may open the file, but nothing is written to it
			try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
					java.sql.ResultSet tables = c.createStatement().executeQuery("SELECT COUNT(*) FROM sqlite_master")) {
				assertThat(tables.getLong(1)).as("no table created").isZero();
			}
		}
	}

}
