package io.rowlift.schedule;

import static io.rowlift.schedule.InboxServiceJarSupport.await;
import static io.rowlift.schedule.InboxServiceJarSupport.names;
import static io.rowlift.schedule.InboxServiceJarSupport.signal;
import static org.assertj.core.api.Assertions.assertThat;

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
 * The service as the real jar, on a real SQLite file: SIGTERM in the middle of a file's load stops it at
 * a chunk boundary (exit 1, the file stays in the inbox), and the next start resumes that run and
 * loads the file exactly once.
 */
class SqliteInboxServiceJarIntegrationTests {

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
	void sigtermStopsTheRunningLoadAtAChunkBoundaryAndTheNextStartResumesIt() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		GenCsv.write(inbox.resolve("ints.csv"), "ints", 400_000, 9);
		this.jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("service.log"));
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=ints",
				"--rowlift.job.chunk-size=2000", "--rowlift.schedule.fixed-delay=500ms", "--management.server.port=-1", "--rowlift.schedule.settle=0s"));

		RowliftJar.Attempt first = this.jar.start("service, to be stopped by SIGTERM", args);
		await(this.jar, "the load started", () -> first.output().contains("dropped 3 index(es)"), first);
		Thread.sleep(300); // into the load
		assertThat(signal(this.jar, first, "TERM")).as(this.jar.tail(20_000)).isEqualTo(1);
		assertThat(first.output()).contains("SIGTERM received: stopping at the next chunk boundary")
			.contains("run 1 stopped")
			.contains("service stopped; the stopped load resumes at the next start");
		assertThat(names(inbox)).as("the file stays in the inbox").contains("ints.csv").doesNotContain("loaded");
		long committed = count(target, "SELECT COUNT(*) FROM ints");
		assertThat(committed).as("stopped before the end").isLessThan(400_000L);
		assertThat(count(target, "SELECT ATTEMPTS FROM ROWLIFT_INBOX")).as("a stop is not a failed attempt").isZero();

		RowliftJar.Attempt second = this.jar.start("service, started again", args);
		await(this.jar, "ints.csv in loaded/", () -> names(inbox.resolve("loaded")).contains("ints.csv"), second);
		assertThat(signal(this.jar, second, "TERM")).as("stopped between loads: exit 0\n" + this.jar.tail(20_000)).isZero();
		assertThat(second.output()).contains("run 1 resumed and completed").contains("loaded ints.csv into ints (run 1)");
		assertThat(count(target, "SELECT COUNT(*) FROM ints")).isEqualTo(400_000L);
		assertThat(count(target, "SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(400_000L);
		assertThat(count(target, "SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(target.indexes("ints")).as("every index back").containsExactlyInAnyOrder("ints_value_1", "ints_value_2",
				"ints_value_1_value_2");
		assertThat(names(inbox.resolve("loaded"))).containsExactly("ints.csv");
	}

	static long count(SqliteTestTarget target, String sql) throws Exception {
		try (Connection c = target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
