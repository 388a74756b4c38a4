package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The load modes {@code upsert} and {@code ignore} killed with SIGKILL at seeded random moments (the
 * real jar in a process of its own; a moment is a random number of rows committed, polled in the table,
 * or now and then a random time early in the load), then run again with the same command until it completes: the
 * table and the counts (written, updated or ignored, rejected) must be exactly those of one load
 * without kills. The file overlaps the table: {@value #RECORDS} records, odd ids new (every one
 * ending in 7 in its ten thousand refused by the CHECK), even ids in the table already (half of them
 * changed), and ids 1-50 once more at the end. At least one kill must leave the load half done. The seed is printed; {@code -Drowlift.test.kill.seed=N}
 * repeats it.
 */
class KeyModeKillIntegrationTests {

	static final Path MIGRATIONS = KillAndResumeIntegrationTests.MIGRATIONS;

	static final int RECORDS = 120_000;

	static final int REPEATED = 50;

	static final int KILLS = 3;

	static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

	@TestInstance(TestInstance.Lifecycle.PER_CLASS)
	abstract static class Scenarios {

		@TempDir
		Path dir;

		abstract TestTarget target();

		abstract long seed();

		@AfterAll
		void dropDatabase() throws Exception {
			target().dispose();
		}

		/** Rows of the table before the load: the even ids. */
		static final long BASE_ROWS = RECORDS / 2;

		/** Keys the file adds: the odd ids, less the refused ones. */
		static long newKeys() {
			return RECORDS / 2 - RECORDS / 10_000;
		}

		/** Rows in the table now. */
		long rows() throws Exception {
			try (Connection c = target().connect(); Statement st = c.createStatement();
					ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM accounts")) {
				rs.next();
				return rs.getLong(1);
			}
		}

		static boolean bad(long id) {
			return id % 10_000 == 7;
		}

		/** The line of {@code id} in the file. */
		static String line(long id) {
			if (id % 2 == 1) {
				return id + ",new" + id + "," + (bad(id) ? -1 : id);
			}
			return id % 4 == 0 ? id + ",c" + id + "," + (id + 1) : id + ",n" + id + "," + id;
		}

		@ParameterizedTest(name = "{0}")
		@ValueSource(strings = { "upsert", "ignore" })
		void killedAtRandomMomentsTheSameCommandStillMatchesAndCountsExactly(String mode) throws Exception {
			long seed = Long.getLong("rowlift.test.kill.seed", seed()) + mode.hashCode();
			Random random = new Random(seed);
			freshDatabaseWithBaseRows();
			StringBuilder csv = new StringBuilder("id,name,score\n");
			for (long id = 1; id <= RECORDS; id++) {
				csv.append(line(id)).append('\n');
			}
			for (long id = 1; id <= REPEATED; id++) {
				csv.append(line(id)).append('\n');
			}
			Path file = Files.writeString(this.dir.resolve("accounts-" + mode + ".csv"), csv, StandardCharsets.US_ASCII);
			RowliftJar jar = new RowliftJar(this.dir, this.dir.resolve("rowlift-" + mode + ".log"));
			say("seed " + seed + " (" + mode + "): " + KILLS + " kills");
			int attempt = 0;
			int midLoad = 0;
			Path completed = null;
			try {
				for (int kill = 0; kill < KILLS && completed == null; kill++) {
					// a random moment of the load: once the table holds a random number of the rows still to come (it
					// grows by a chunk at a time), or (with probability 1/4) in the 3 s after the load's first log line;
					// an early kill only while more than half of the new rows are still to come: a resume of the last
					// few chunks can finish within 3 s, and a kill after the run completed tests nothing
					long rows = rows();
					long killAt = rows + 1 + (long) (random.nextDouble() * 0.9 * (BASE_ROWS + newKeys() - rows));
					boolean early = random.nextInt(4) == 0 && rows < BASE_ROWS + newKeys() / 2;
					Path summary = this.dir.resolve("summary-" + mode + "-" + (++attempt) + ".json");
					RowliftJar.Attempt run = jar.start("attempt " + attempt + ": kill at " + (early ? "start" : killAt + " rows"),
							args(file, mode, summary));
					boolean ended = false;
					for (long waited = 0; waited < 120_000 && !ended && !(early ? loading(run.output()) : rows() >= killAt); waited += 50) {
						ended = run.waitFor(50);
					}
					if (ended || (early && run.waitFor((long) (random.nextDouble() * 3_000)))) {
						assertThat(run.exitCode()).as(jar.tail(20_000)).isZero();
						completed = summary;
						say("attempt " + attempt + " completed before its kill");
					}
					else {
						run.kill();
						if (Files.exists(summary)) {
							// the run completed and wrote its summary (atomically) before the kill reached it
							completed = summary;
							say("attempt " + attempt + " completed before its kill landed");
							continue;
						}
						long after = rows();
						midLoad += after > BASE_ROWS && after < BASE_ROWS + newKeys() ? 1 : 0;
						say("attempt " + attempt + " killed at " + run.elapsedMillis() + " ms with " + after + " rows in the table: "
								+ run.lastLine());
					}
				}
				if (completed == null) {
					Path summary = this.dir.resolve("summary-" + mode + "-last.json");
					RowliftJar.Attempt last = jar.runHere("the same command, to the end", args(file, mode, summary), RUN_TIMEOUT);
					assertThat(last.exitCode()).as(jar.tail(50_000)).isZero();
					completed = summary;
				}
			}
			finally {
				jar.killAll();
			}
			assertThat(midLoad).as("kills that left the load half done").isPositive();
			String json = Files.readString(completed);
			long newKeys = newKeys();
			long matched = RECORDS / 2 + REPEATED - 1;
			assertThat(KeyModeScenarios.jsonNumber(json, "read")).as(json).isEqualTo(RECORDS + REPEATED);
			assertThat(KeyModeScenarios.jsonNumber(json, "rowsTotal")).as(json).isEqualTo(newKeys);
			assertThat(KeyModeScenarios.jsonNumber(json, mode.equals("upsert") ? "updated" : "ignored")).as(json).isEqualTo(matched);
			assertThat(KeyModeScenarios.jsonNumber(json, mode.equals("upsert") ? "ignored" : "updated")).as(json).isZero();
			assertThat(KeyModeScenarios.jsonNumber(json, "rejected")).as(json).isEqualTo(RECORDS / 10_000 + 1);
			Map<Long, String> expected = new HashMap<>();
			for (long id = 1; id <= RECORDS; id++) {
				if (id % 2 == 0) {
					expected.put(id, mode.equals("upsert") ? line(id) : id + ",n" + id + "," + id);
				}
				else if (!bad(id)) {
					expected.put(id, line(id));
				}
			}
			assertThat(table()).isEqualTo(expected);
			assertThat(target().indexes("accounts")).containsExactly("accounts_name");
			try (Connection c = target().connect(); Statement st = c.createStatement();
					ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")) {
				rs.next();
				assertThat(rs.getLong(1)).isZero();
			}
		}

		/** Whether an attempt's output shows that it got to the load: the index drop, or a resume. */
		static boolean loading(String output) {
			return output.contains("index(es) of accounts for the load") || output.contains("resuming run");
		}

		List<String> args(Path csv, String mode, Path summary) {
			List<String> args = new ArrayList<>();
			for (String option : target().options()) {
				args.add(option.startsWith("--spring.flyway.locations=")
						? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}" : option);
			}
			args.addAll(List.of("--rowlift.source.path=" + csv, "--rowlift.target.table=accounts", "--rowlift.target.mode=" + mode,
					"--rowlift.job.chunk-size=2000", "--rowlift.job.partitions=3", "--rowlift.job.skip-limit=100",
					"--rowlift.report.summary-file=" + summary));
			return args;
		}

		/** A fresh, migrated database whose accounts hold the even ids, {@code n<id>} and score id. */
		void freshDatabaseWithBaseRows() throws Exception {
			target().reset();
			try (Connection connection = target().connect()) {
				org.flywaydb.core.Flyway.configure()
					.dataSource(new org.springframework.jdbc.datasource.SingleConnectionDataSource(connection, true))
					.locations("filesystem:" + MIGRATIONS.resolve(target().id()))
					.load()
					.migrate();
				connection.setAutoCommit(false);
				try (PreparedStatement ps = connection.prepareStatement("INSERT INTO accounts (id, name, score) VALUES (?, ?, ?)")) {
					for (long id = 2; id <= RECORDS; id += 2) {
						ps.setLong(1, id);
						ps.setString(2, "n" + id);
						ps.setLong(3, id);
						ps.addBatch();
					}
					ps.executeBatch();
				}
				connection.commit();
			}
		}

		Map<Long, String> table() throws Exception {
			Map<Long, String> rows = new HashMap<>();
			try (Connection c = target().connect(); Statement st = c.createStatement();
					ResultSet rs = st.executeQuery("SELECT id, name, score FROM accounts")) {
				while (rs.next()) {
					rows.put(rs.getLong(1), rs.getLong(1) + "," + rs.getString(2) + "," + rs.getString(3));
				}
			}
			return rows;
		}

		void say(String line) {
			System.out.println("[key-mode kills " + target().id() + "] " + line);
		}

	}

	@Nested
	class Sqlite extends Scenarios {

		@TempDir
		Path databases;

		private SqliteTestTarget target;

		@Override
		TestTarget target() {
			if (this.target == null) {
				this.target = new SqliteTestTarget(this.databases);
			}
			return this.target;
		}

		@Override
		long seed() {
			return 1_201;
		}

	}

	@Nested
	class MySql extends Scenarios {

		private final MySqlTestTarget target = new MySqlTestTarget("key_mode_kill");

		@BeforeAll
		void server() {
			this.target.requireServer();
		}

		@Override
		TestTarget target() {
			return this.target;
		}

		@Override
		long seed() {
			return 1_202;
		}

	}

}
