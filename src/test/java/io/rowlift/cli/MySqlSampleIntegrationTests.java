package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftJar;

/**
 * docs/mysql.md's commands, run as written in the project folder (as on a fresh clone), against the
 * server here: the sample loads into MySQL/MariaDB by profile. The server's URL and credentials reach
 * the commands only through the environment variables the sample's application-mysql.yml reads
 * ({@code MYSQL_URL}, {@code MYSQL_USER}, {@code MYSQL_PASSWORD}), as a user with a password, which no
 * output may show. Also: a {@code jdbc:mariadb://} URL loads (through Connector/J).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MySqlSampleIntegrationTests {

	static final String PASSWORD = "Sample-S3cret-Pa55";

	private final MySqlTestTarget server = new MySqlTestTarget("sample");

	private final String user = "rowlift_sample_" + System.getenv().getOrDefault("ROWLIFT_TEST_DB_PREFIX", "");

	@TempDir
	Path dir;

	@BeforeAll
	void user() throws Exception {
		this.server.requireServer();
		try (Connection c = DriverManager.getConnection(this.server.url().substring(0, this.server.url().lastIndexOf('/') + 1),
				this.server.user(), this.server.password()); Statement st = c.createStatement()) {
			for (String host : List.of("%", "localhost")) {
				st.execute("DROP USER IF EXISTS '" + this.user + "'@'" + host + "'");
				st.execute("CREATE USER '" + this.user + "'@'" + host + "' IDENTIFIED BY '" + PASSWORD + "'");
				st.execute("GRANT ALL ON " + this.server.database() + ".* TO '" + this.user + "'@'" + host + "'");
			}
		}
	}

	@BeforeEach
	void reset() throws Exception {
		this.server.reset();
	}

	@AfterAll
	void drop() throws Exception {
		try (Connection c = DriverManager.getConnection(this.server.url().substring(0, this.server.url().lastIndexOf('/') + 1),
				this.server.user(), this.server.password()); Statement st = c.createStatement()) {
			for (String host : List.of("%", "localhost")) {
				st.execute("DROP USER IF EXISTS '" + this.user + "'@'" + host + "'");
			}
		}
		this.server.dispose();
	}

	/** The lines between {@code <!-- NAME -->} and {@code <!-- /NAME -->} of a page, without the fences. */
	static String commands(Path page, String name) throws Exception {
		List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
		int start = lines.indexOf("<!-- " + name + " -->");
		int end = lines.indexOf("<!-- /" + name + " -->");
		assertThat(start).as(page + " has <!-- " + name + " -->").isNotNegative();
		assertThat(end).as(page + " has <!-- /" + name + " -->").isGreaterThan(start);
		return String.join("\n", lines.subList(start + 1, end).stream().filter(l -> !l.startsWith("```")).toList());
	}

	@Test
	void theDocumentedCommandsLoadTheSampleIntoMySqlByProfile() throws Exception {
		String commands = commands(Path.of("docs", "mysql.md"), "mysql-load");
		assertThat(commands).contains("--spring.profiles.active=mysql").doesNotContain("127.0.0.1").doesNotContain(PASSWORD);
		Result run = bash(commands, this.server.url());
		assertThat(run.exit).as(run.output).isZero();
		assertThat(run.output).contains("5,000 rows from examples/people/people.csv into people (mysql)")
			.doesNotContain(PASSWORD);
		assertThat(count("people")).isEqualTo(5_000);
		assertThat(Path.of("examples/people/people.db")).as("nothing went to the sample's SQLite file").doesNotExist();
	}

	@Test
	void aMariaDbUrlLoadsThroughConnectorJ() throws Exception {
		String commands = commands(Path.of("docs", "mysql.md"), "mysql-load");
		String url = this.server.url().replace("jdbc:mysql:", "jdbc:mariadb:");
		Result run = bash(commands, url);
		assertThat(run.exit).as(run.output).isZero();
		assertThat(run.output).contains("5,000 rows from examples/people/people.csv into people (mysql)")
			.contains("LOAD DATA LOCAL streams").doesNotContain(PASSWORD);
		assertThat(count("people")).isEqualTo(5_000);
	}

	private long count(String table) throws Exception {
		try (Connection c = DriverManager.getConnection(this.server.url(), this.server.user(), this.server.password());
				Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
			rs.next();
			return rs.getLong(1);
		}
	}

	record Result(int exit, String output) {
	}

	/** {@code bash -c commands} in the project folder, with the server named only by MYSQL_URL, MYSQL_USER, MYSQL_PASSWORD. */
	private Result bash(String commands, String url) throws Exception {
		Path log = this.dir.resolve("out-" + System.nanoTime() + ".log");
		List<String> command = new ArrayList<>(List.of("bash", "-euo", "pipefail", "-c", commands));
		ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
		builder.environment().put("MYSQL_URL", url);
		builder.environment().put("MYSQL_USER", this.user);
		builder.environment().put("MYSQL_PASSWORD", PASSWORD);
		// the jar the build made, as the commands name it (target/rowlift.jar)
		assertThat(RowliftJar.jar()).exists();
		Path java = Path.of(System.getProperty("java.home"), "bin");
		builder.environment().put("PATH", java + ":" + System.getenv("PATH"));
		Process process = builder.start();
		if (!process.waitFor(180, TimeUnit.SECONDS)) {
			process.destroyForcibly();
			throw new AssertionError("the commands did not end in 180 s:\n" + Files.readString(log));
		}
		return new Result(process.exitValue(), Files.readString(log));
	}

}
