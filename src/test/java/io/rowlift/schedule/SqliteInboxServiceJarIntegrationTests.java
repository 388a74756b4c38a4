package io.rowlift.schedule;

import static io.rowlift.schedule.InboxServiceJarSupport.answers;
import static io.rowlift.schedule.InboxServiceJarSupport.await;
import static io.rowlift.schedule.InboxServiceJarSupport.freePort;
import static io.rowlift.schedule.InboxServiceJarSupport.get;
import static io.rowlift.schedule.InboxServiceJarSupport.names;
import static io.rowlift.schedule.InboxServiceJarSupport.sample;
import static io.rowlift.schedule.InboxServiceJarSupport.send;
import static io.rowlift.schedule.InboxServiceJarSupport.signal;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;

/**
 * The service as the real jar, on a real SQLite file, with its management (Actuator) port on as in
 * production: SIGTERM after its start, its health answering, before its command runs, ends it with exit 0
 * (the JVM's own handling, exit 143, used to win there); SIGTERM in the middle of a file's load stops it at a chunk boundary (exit 1,
 * the file stays in the inbox); the next start resumes that run and loads the file exactly once, and
 * its health and Prometheus metrics say so.
 */
class SqliteInboxServiceJarIntegrationTests {

	private static final int ROWS = 400_000;

	@TempDir
	Path dir;

	private RowliftJar jar;

	@AfterEach
	void killLeftovers() {
		if (this.jar != null) {
			this.jar.killAll();
		}
	}

	@Test
	void sigtermEndsTheServiceWithTheContractsCodeAndTheNextStartResumesTheStoppedLoad() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		int port = freePort();
		this.jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("service.log"));
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=ints",
				"--rowlift.job.chunk-size=2000", "--rowlift.schedule.fixed-delay=500ms", "--management.server.port=" + port,
				"--rowlift.schedule.settle=0s"));

		// idle, stopped when it looks ready and its command has not run yet (held there by the test hook
		// rowlift.test.pause-at=started): the JVM's own handling, exit 143, used to win in that window
		Path resume = this.dir.resolve("resume");
		List<String> held = new ArrayList<>(args);
		held.addAll(List.of("--rowlift.test.pause-at=started", "--rowlift.test.resume-when=" + resume));
		RowliftJar.Attempt idle = this.jar.start("service on an empty inbox, SIGTERM after its start, before its command", held);
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 9); // meanwhile
		await(this.jar, "the service held after its start", () -> idle.output().contains("rowlift-test: paused at started"), idle);
		await(this.jar, "the health endpoint answering", () -> answers(port, "/actuator/health"), idle);
		send(idle, "TERM");
		await(this.jar, "the signal taken", () -> idle.output().contains("SIGTERM received while starting"), idle);
		Files.createFile(resume);
		assertThat(idle.waitFor(InboxServiceJarSupport.WAIT.toMillis())).as(this.jar.tail(20_000)).isTrue();
		assertThat(idle.exitCode()).as("stopped idle: exit 0\n" + this.jar.tail(20_000)).isZero();
		assertThat(idle.output()).contains("service stopped").doesNotContain("loading ").doesNotContain("Exception");
		Files.move(file, inbox.resolve("ints.csv"));

		RowliftJar.Attempt first = this.jar.start("service, to be stopped by SIGTERM during the load", args);
		await(this.jar, "the load started", () -> first.output().contains("dropped 3 index(es)"), first);
		Thread.sleep(300); // into the load
		assertThat(signal(this.jar, first, "TERM")).as(this.jar.tail(20_000)).isEqualTo(1);
		assertThat(first.output()).contains("SIGTERM received: stopping at the next chunk boundary")
			.contains("run 1 stopped")
			.contains("service stopped; the stopped load resumes at the next start");
		assertThat(names(inbox)).as("the file stays in the inbox").contains("ints.csv").doesNotContain("loaded");
		long committed = count(target, "SELECT COUNT(*) FROM ints");
		assertThat(committed).as("stopped before the end").isLessThan(ROWS);
		assertThat(count(target, "SELECT ATTEMPTS FROM ROWLIFT_INBOX")).as("a stop is not a failed attempt").isZero();

		RowliftJar.Attempt second = this.jar.start("service, started again", args);
		await(this.jar, "ints.csv in loaded/ and its tick in the metrics", () -> names(inbox.resolve("loaded")).contains("ints.csv")
				&& metric(port, "rowlift_tick_duration_seconds_count{outcome=\"ok\"}") >= 1, second);
		long bytes = Files.size(inbox.resolve("loaded/ints.csv"));
		HttpResponse<String> health = get(port, "/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat(health.body()).contains("\"status\":\"UP\"");
		String metrics = get(port, "/actuator/prometheus").body();
		assertThat(sample(metrics, "rowlift_files_total{outcome=\"loaded\"}")).as(metrics).isEqualTo(1.0);
		assertThat(sample(metrics, "rowlift_loaded_rows_total")).as("the rows of this run").isEqualTo((double) (ROWS - committed));
		assertThat(sample(metrics, "rowlift_loaded_bytes_total")).isEqualTo((double) bytes);
		assertThat(sample(metrics, "rowlift_inbox_files{state=\"waiting\"}")).isZero();
		assertThat(sample(metrics, "rowlift_inbox_files{state=\"failed\"}")).isZero();
		assertThat(sample(metrics, "rowlift_load_duration_seconds_count")).isEqualTo(1.0);
		assertThat(metrics).containsPattern(
				"spring_batch_job_seconds_count\\{[^}]*spring_batch_job_name=\"rowliftLoad\"[^}]*spring_batch_job_status=\"COMPLETED\"[^}]*} 1");
		assertThat(signal(this.jar, second, "TERM")).as("stopped between loads: exit 0\n" + this.jar.tail(20_000)).isZero();
		assertThat(second.output()).contains("run 1 resumed and completed").contains("loaded ints.csv into ints (run 1)")
			.contains("rowlift: SIGTERM received between loads: no further tick starts, the service ends");
		assertThat(count(target, "SELECT COUNT(*) FROM ints")).isEqualTo(ROWS);
		assertThat(count(target, "SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(ROWS);
		assertThat(count(target, "SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(target.indexes("ints")).as("every index back").containsExactlyInAnyOrder("ints_value_1", "ints_value_2",
				"ints_value_1_value_2");
		assertThat(names(inbox.resolve("loaded"))).containsExactly("ints.csv");
		assertThat(this.jar.tail(1_000_000)).as("no warning at any stop").doesNotContain("WARN").doesNotContain("ERROR");
	}

	/**
	 * A service started with SIGINT ignored (a script's {@code rowlift ... &}) cannot be stopped by
	 * Ctrl-C or {@code kill -INT}: it says so at its start, with the ways that work, and the first of
	 * them (SIGTERM) ends it.
	 */
	@Test
	void aServiceStartedWithSigintIgnoredSaysSoAtItsStartAndSigtermStopsIt() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		this.jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("service.log"))
			.ignoringSignal("INT");
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=ints",
				"--rowlift.schedule.fixed-delay=500ms", "--management.server.port=-1", "--rowlift.schedule.settle=0s"));
		RowliftJar.Attempt service = this.jar.start("service with SIGINT ignored", args);
		await(this.jar, "the service watching", () -> service.output().contains("service mode: watching"), service);

		assertThat(service.output()).contains("rowlift: SIGINT is ignored in this process (it was started with it ignored, as a"
				+ " shell starts a script's background job 'rowlift ... &' with SIGINT ignored): Ctrl-C and kill -INT do not stop"
				+ " the service; stop it with kill -TERM PID, or start it with its default: env --default-signal=INT rowlift ...");
		send(service, "INT");
		Thread.sleep(1_000);
		assertThat(service.waitFor(0)).as("SIGINT ignored, as said").isFalse();
		assertThat(signal(this.jar, service, "TERM")).as("the advice, followed\n" + this.jar.tail(20_000)).isZero();
		assertThat(service.output()).contains("service stopped");

		RowliftJar.Attempt plain = new RowliftJar(this.dir.resolve("work"), this.dir.resolve("plain.log")).start("service as usual",
				args);
		await(this.jar, "the service watching", () -> plain.output().contains("service mode: watching"), plain);
		assertThat(plain.output()).doesNotContain("is ignored in this process");
		assertThat(signal(this.jar, plain, "INT")).as("SIGINT at its default stops it").isZero();
	}

	/** The sample {@code series} of the service's Prometheus endpoint, or -1 while absent or unreachable. */
	private static double metric(int port, String series) {
		try {
			HttpResponse<String> response = get(port, "/actuator/prometheus");
			Double value = response == null || response.statusCode() != 200 ? null : sample(response.body(), series);
			return value == null ? -1 : value;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return -1;
		}
	}

	static long count(SqliteTestTarget target, String sql) throws Exception {
		try (Connection c = target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
