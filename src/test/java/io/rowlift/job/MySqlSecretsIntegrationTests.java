package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftRun;

/**
 * Credentials never appear in what a run leaves behind: its output (log and summary), the JSON
 * summary, the reject reasons, or Spring Batch's job tables (parameters and execution contexts).
 * Loads as a MySQL user with a password, a good run, a failing one and one with a wrong password.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlSecretsIntegrationTests {

	static final String USER = "rowlift_secret_user";

	static final String PASSWORD = "S3cr3t-Pa55w0rd-4-Rowlift";

	private final MySqlTestTarget server = new MySqlTestTarget("secrets");

	private final String database = this.server.database();

	@TempDir
	Path dir;

	@BeforeAll
	void user() throws Exception {
		this.server.requireServer();
		this.server.reset();
		try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:3306/", "root", "");
				Statement st = c.createStatement()) {
			st.execute("DROP USER IF EXISTS '" + USER + "'@'%'");
			st.execute("DROP USER IF EXISTS '" + USER + "'@'localhost'");
			for (String host : List.of("%", "localhost")) {
				st.execute("CREATE USER '" + USER + "'@'" + host + "' IDENTIFIED BY '" + PASSWORD + "'");
				st.execute("GRANT ALL ON " + this.database + ".* TO '" + USER + "'@'" + host + "'");
			}
		}
	}

	@AfterAll
	void dropUser() throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:3306/", "root", "");
				Statement st = c.createStatement()) {
			st.execute("DROP USER IF EXISTS '" + USER + "'@'%'");
			st.execute("DROP USER IF EXISTS '" + USER + "'@'localhost'");
		}
		this.server.dispose();
	}

	@Test
	void noRunLeavesThePasswordAnywhere() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 5_000);
		Path bad = Files.writeString(this.dir.resolve("bad.csv"), "value_1,value_2\n1,2\n3,x\n");
		Path summary = this.dir.resolve("summary.json");
		List<RowliftRun> runs = new ArrayList<>();

		runs.add(run(csv, PASSWORD, "--rowlift.report.summary-file=" + summary, "--rowlift.job.partitions=2"));
		runs.add(run(bad, PASSWORD, "--rowlift.job.skip-limit=5"));
		runs.add(run(bad, PASSWORD, "--rowlift.job.reload=true"));
		runs.add(run(csv, "wrong-" + PASSWORD.substring(3)));

		assertThat(runs.get(0).exitCode()).as(runs.get(0).toString()).isZero();
		assertThat(runs.get(1).exitCode()).as(runs.get(1).toString()).isZero();
		assertThat(runs.get(2).exitCode()).isEqualTo(1);
		assertThat(runs.get(3).exitCode()).isNotZero();
		for (RowliftRun run : runs) {
			assertThat(run.out() + run.err()).doesNotContain(PASSWORD).doesNotContain(PASSWORD.substring(3));
		}
		assertThat(Files.readString(summary)).contains("\"status\":\"COMPLETED\"").doesNotContain(PASSWORD);
		assertThat(Files.readString(Path.of(bad + ".rejects.csv.reasons.csv"))).doesNotContain(PASSWORD);
		try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:3306/" + this.database, "root", "");
				Statement st = c.createStatement()) {
			for (String sql : List.of("SELECT PARAMETER_NAME, PARAMETER_VALUE FROM BATCH_JOB_EXECUTION_PARAMS",
					"SELECT SHORT_CONTEXT, SERIALIZED_CONTEXT FROM BATCH_STEP_EXECUTION_CONTEXT",
					"SELECT SHORT_CONTEXT, SERIALIZED_CONTEXT FROM BATCH_JOB_EXECUTION_CONTEXT",
					"SELECT EXIT_MESSAGE, EXIT_MESSAGE FROM BATCH_JOB_EXECUTION",
					"SELECT EXIT_MESSAGE, EXIT_MESSAGE FROM BATCH_STEP_EXECUTION", "SELECT REASON, REASON FROM ROWLIFT_REJECT")) {
				try (var rs = st.executeQuery(sql)) {
					int rows = 0;
					while (rs.next()) {
						rows++;
						assertThat(String.valueOf(rs.getString(1)) + rs.getString(2)).as(sql).doesNotContain(PASSWORD);
					}
					assertThat(rows).as(sql).isPositive();
				}
			}
		}
	}

	RowliftRun run(Path csv, String password, String... more) {
		List<String> args = new ArrayList<>(List.of("--spring.profiles.active=mysql",
				"--spring.datasource.url=jdbc:mysql://127.0.0.1:3306/" + this.database, "--spring.datasource.username=" + USER,
				"--spring.datasource.password=" + password, "--spring.flyway.locations=classpath:db/migration/{vendor}",
				"--rowlift.source.path=" + csv, "--rowlift.target.table=ints"));
		args.addAll(List.of(more));
		return RowliftRun.of(args);
	}

}
