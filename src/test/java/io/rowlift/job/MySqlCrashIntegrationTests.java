package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.TestTarget;

/** Crash scenarios with the jar loading into a real MySQL-compatible server. */
class MySqlCrashIntegrationTests extends CrashScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("crash");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	/**
	 * A file sorted on disk and loaded by several ordered streams (rowlift.sort.streams), killed with every
	 * stream inside its second chunk (its first committed): the same command resumes each stream from its
	 * own saved position, so it writes exactly the rows not committed (all but one chunk per stream), and the
	 * table equals the file.
	 */
	@ParameterizedTest(name = "{0} sorted streams killed mid-load")
	@ValueSource(ints = { 2, 3 })
	void sortedStreamsKilledMidLoadResumeEachFromItsOwnPosition(int streams) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys-40000.csv"), "keys", 40_000, 29);
		Path spill = Files.createDirectories(this.dir.resolve("spill"));
		List<String> command = new ArrayList<>();
		for (String option : command(csv)) {
			command.add(option.equals("--rowlift.target.table=ints") ? "--rowlift.target.table=tokens" : option);
		}
		command.addAll(List.of("--rowlift.sort.key-order=sort", "--rowlift.sort.memory=256KB", "--rowlift.sort.spill-dir=" + spill,
				"--rowlift.sort.streams=" + streams));

		List<String> paused = new ArrayList<>(command);
		paused.add("--rowlift.test.pause-at=load-streams");
		RowliftJar.Attempt attempt = this.jar.start(streams + " streams, each paused in its second chunk", paused);
		for (int s = 0; s < streams; s++) {
			awaitOutput(attempt, "rowlift-test: paused at load-streams in partition" + s);
		}
		attempt.kill();
		assertThat(count("SELECT COUNT(*) FROM tokens")).as("one chunk committed per stream").isEqualTo(5_000L * streams);

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 mid-load", command, TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains(String.format(java.util.Locale.ROOT, "run 1 resumed and completed: %,d rows", 40_000 - 5_000 * streams))
			.contains("40,000 rows in all runs")
			.contains(streams + " partitions (" + streams + " streams merged in key order, one per key range (set by rowlift.sort.streams))")
			.contains("read 40,000 = written 40,000 + rejected 0");
		List<String> lines = Files.readAllLines(csv);
		List<String> expected = new ArrayList<>(lines.subList(1, lines.size()));
		expected.sort(null);
		assertThat(rows("SELECT id, data FROM tokens ORDER BY id").stream().map(r -> r.get(0) + "," + r.get(1)).toList())
			.isEqualTo(expected);
		try (var left = Files.list(spill)) {
			assertThat(left).as("sorted runs left behind").isEmpty();
		}
	}

	/**
	 * Issue #34 item 2 on MariaDB: the rebuild's ALTER TABLE waits for a metadata lock that another client's open
	 * transaction on the table holds (a report's query, say), and every later statement on the table queues
	 * behind it. The same command then is still refused at once as another run being active (the run lock is
	 * taken before anything touches the table), and status answers at once that the load runs.
	 */
	@Test
	void whileTheRebuildWaitsForAMetadataLockTheSameCommandIsRefusedAtOnceAndStatusSaysRunning() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-30000.csv"), "ints", 30_000, 41);
		Path go = this.dir.resolve("go");
		RowliftJar.Attempt first = this.jar.start("paused in the load",
				command(csv, "--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + go));
		awaitOutput(first, "rowlift-test: paused at load");
		try (Connection report = target().connect(); Statement st = report.createStatement()) {
			st.execute("START TRANSACTION");
			st.executeQuery("SELECT COUNT(*) FROM ints").close(); // a shared metadata lock until the transaction ends
			Files.createFile(go);
			long deadline = System.nanoTime() + TIMEOUT.toNanos();
			while (count("SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'Waiting for table metadata lock'"
					+ " AND INFO LIKE '%ALTER TABLE%'") == 0) {
				assertThat(System.nanoTime() < deadline).as("the rebuild waits for the metadata lock:\n" + this.jar.tail(20_000))
					.isTrue();
				Thread.sleep(100);
			}

			RowliftJar.Attempt second = this.jar.run("the same command during the rebuild", command(csv), Duration.ofSeconds(90));
			assertThat(second.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
			assertThat(second.output()).contains("rowlift: another run is active: a load into ints is running now (it holds the "
					+ "run lock); wait for it to end and run the same command, or set rowlift.job.lock-wait=10m to wait for the "
					+ "lock instead of being refused; nothing was written");
			assertThat(second.elapsedMillis()).as("refused at once").isLessThan(30_000);

			List<String> status = new ArrayList<>(List.of("status"));
			status.addAll(target().options());
			status.add("--rowlift.target.table=ints");
			RowliftJar.Attempt running = this.jar.run("status during the rebuild", status, Duration.ofSeconds(90));
			assertThat(running.exitCode()).as(this.jar.tail(20_000)).isZero();
			assertThat(running.output()).containsPattern(" *1 +running +[0-9,]+ .* - +ints +.*refuse \\(exit 3\\): another run is active");
			assertThat(running.elapsedMillis()).as("answered at once").isLessThan(30_000);
			st.execute("COMMIT");
		}
		assertThat(first.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(first.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertExactAndIntact(csv);
	}

}
