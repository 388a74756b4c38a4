package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * Fault injection with the real jar: the load command runs as a separate process and is killed
 * with SIGKILL at seeded random moments (during start-up, Rowlift's own tables, the index drop, the load, the
 * index rebuild or the final bookkeeping), then the same command is run again until it completes.
 * The contract ("Kill it, run the same command again, and it resumes exactly where the committed
 * data ends"): the table then equals the file exactly (no row lost, none twice), every index of the
 * migrations exists again with its definition, the index ledger is empty, the database is intact,
 * and one more run of the same command refuses with exit 3 (already loaded).
 *
 * <p>Kills come between 1.5 s and the time one whole load takes here and now (measured first, with a
 * load that is not killed and is checked too). A run that ends by itself before its kill is due has
 * completed the load: that load is checked against the contract at once and the next kills go to a
 * fresh, migrated database, so every test gets all of its kills. The seed, each delay and each
 * attempt's last output line are printed; the log of every
 * attempt goes to one file in the test's folder and is part of every failure message. Reproduce
 * (as far as timing allows) with {@code -Drowlift.test.kill.seed=N}; {@code rowlift.test.kill.count},
 * {@code rowlift.test.kill.min-delay-ms} and {@code rowlift.test.kill.max-delay-ms} change the number
 * of kills and the earliest and latest kill.
 */
class KillAndResumeIntegrationTests {

	/** The test migrations as files: the child process has no test classpath. */
	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	static final long MIN_DELAY_MS = 1_500;

	static final int KILLS = 10;

	static final long DIGEST_MODULUS = 1_000_003;

	/** The secondary indexes of ints in the test migrations: name to (UNIQUE) columns. */
	static final Map<String, String> INTS_INDEXES = Map.of("ints_value_1", "value_1", "ints_value_2", "value_2",
			"ints_value_1_value_2", "UNIQUE value_1,value_2");

	static final Duration RUN_TIMEOUT = Duration.ofMinutes(3);

	@TestInstance(TestInstance.Lifecycle.PER_CLASS)
	abstract static class Scenarios {

		@TempDir
		Path dir;

		/** The seed of the running test, named in every failure. */
		long seed;

		abstract TestTarget target();

		/** Rows of the file: one whole load, JVM start-up included, takes 7-10 s on a 2-core machine. */
		abstract long fileRows();

		abstract long seed();

		/** How many kills (rowlift.test.kill.count overrides it). */
		int kills() {
			return KILLS;
		}

		/** Secondary indexes of {@code table}: name to columns in order, {@code UNIQUE } first if unique. */
		abstract Map<String, String> indexShapes(Connection c, String table) throws SQLException;

		/** What the database's own check reports, when it is not clean; empty when intact. */
		abstract List<String> integrityProblems(Connection c) throws SQLException;

		@AfterAll
		void dropDatabase() {
			try {
				target().dispose();
			}
			catch (Exception ex) {
				say("cannot drop the test database: " + ex);
			}
		}

		/**
		 * A fresh database with the test migrations already applied: the kills here test the load,
		 * not the operator's own migrations (on MySQL DDL is not transactional, and a migration
		 * killed half-way is left for Flyway's repair; README says so).
		 */
		void freshMigratedDatabase() throws Exception {
			target().reset();
			try (java.sql.Connection connection = target().connect()) {
				org.flywaydb.core.Flyway.configure()
					.dataSource(new org.springframework.jdbc.datasource.SingleConnectionDataSource(connection, true))
					.locations("filesystem:" + MIGRATIONS.resolve(target().id()))
					.load()
					.migrate();
			}
		}

		@Test
		void killedAtRandomMomentsTheSameCommandStillLoadsTheFileExactly() throws Exception {
			long seed = Long.getLong("rowlift.test.kill.seed", seed());
			this.seed = seed;
			int kills = Integer.getInteger("rowlift.test.kill.count", kills());
			long minDelay = Long.getLong("rowlift.test.kill.min-delay-ms", MIN_DELAY_MS);
			Long maxDelaySetting = Long.getLong("rowlift.test.kill.max-delay-ms");
			Random random = new Random(seed);
			assertThat(MIGRATIONS.resolve(target().id())).as("the test migrations (failsafe runs in the project folder)")
				.isDirectory();
			Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", fileRows(), seed);
			Expected expected = Expected.of(csv);
			RowliftJar jar = new RowliftJar(this.dir, this.dir.resolve("rowlift.log"));
			long started = System.nanoTime();
			int load = 1;
			int attempt = 0;
			int killed = 0;
			boolean lastKilled = false;
			List<String> retryable = new ArrayList<>();
			List<Long> delays = new ArrayList<>();
			try {
				long maxDelay;
				if (maxDelaySetting != null) {
					maxDelay = maxDelaySetting;
				}
				else {
					// the latest kill is the time a whole load takes here and now (start-up included)
					freshMigratedDatabase();
					RowliftJar.Attempt full = jar.run("load 0: one whole load, not killed, to time it", args(csv), RUN_TIMEOUT);
					if (full.exitCode() != 0) {
						failure("a load without kills exited " + full.exitCode() + "\n" + state() + "\n" + jar.tail(100_000));
					}
					verify(expected, jar, String.format("load 0 (not killed, %,d ms)", full.elapsedMillis()));
					maxDelay = Math.max(minDelay + 1_000, full.elapsedMillis());
				}
				say(String.format("seed %d: %d kills between %,d and %,d ms into a run, %,d rows (reproduce with"
						+ " -Drowlift.test.kill.seed=%d)", seed, kills, minDelay, maxDelay, fileRows(), seed));
				freshMigratedDatabase();
				while (killed < kills) {
					long delay = minDelay + (long) (random.nextDouble() * (maxDelay - minDelay));
					attempt++;
					RowliftJar.Attempt run = jar.start(
							String.format("load %d, attempt %d: kill after %,d ms", load, attempt, delay), args(csv));
					if (run.waitFor(delay)) {
						int code = run.exitCode();
						say(String.format("load %d, attempt %d ended by itself with exit %d after %,d ms, before its kill at"
								+ " %,d ms: %s", load, attempt, code, run.elapsedMillis(), delay, run.lastLine()));
						if (code == 0 || (lastKilled && alreadyLoaded(run))) {
							verify(expected, jar, "load " + load + " (completed by attempt " + attempt + ")");
							freshMigratedDatabase();
							load++;
							attempt = 0;
							lastKilled = false;
							say("the next kills go to a fresh database (load " + load + ")");
							continue;
						}
						if (isRetryable(run) && retryable.isEmpty()) {
							retryable.add(run.label() + ": " + run.output());
							say("BUG? " + run.label() + " failed by itself with exit 1 (retryable), running it again:\n"
									+ run.output());
							lastKilled = false;
							continue;
						}
						failure(run.label() + " ended by itself with exit " + code + " after " + run.elapsedMillis()
								+ " ms; after a kill the same command must resume and complete (exit 0)\n" + state() + "\n"
								+ jar.tail(100_000));
					}
					run.kill();
					killed++;
					lastKilled = true;
					delays.add(delay);
					say(String.format("kill %d/%d: load %d, attempt %d killed at %,d ms (planned %,d); last output: %s",
							killed, kills, load, attempt, run.elapsedMillis(), delay, run.lastLine()));
				}

				RowliftJar.Attempt last = jar.runHere("load " + load + ": run to the end, not killed", args(csv), RUN_TIMEOUT);
				if (isRetryable(last) && retryable.isEmpty()) {
					retryable.add(last.label() + ": " + last.output());
					say("BUG? " + last.label() + " failed with exit 1 (retryable), running it once more:\n" + last.output());
					last = jar.runHere("load " + load + ": run to the end once more", args(csv), RUN_TIMEOUT);
				}
				boolean completed = last.exitCode() == 0 || (lastKilled && alreadyLoaded(last));
				if (!completed) {
					failure(last.label() + " exited " + last.exitCode() + "; after the kills the same command must complete"
							+ " the load (exit 0)\n" + state() + "\n" + jar.tail(100_000));
				}
				say(String.format("%s: exit %d after %,d ms: %s", last.label(), last.exitCode(), last.elapsedMillis(),
						last.lastLine()));
				verify(expected, jar, "load " + load);

				RowliftJar.Attempt again = jar.runHere("once more: the file is loaded, exit 3", args(csv), RUN_TIMEOUT);
				assertThat(again.exitCode()).as("[seed %d] a further run of the same command\n%s", seed, jar.tail(100_000))
					.isEqualTo(3);
				assertThat(again.output()).as("a further run of the same command").contains("already loaded");
			}
			finally {
				jar.killAll();
				keep(jar.log());
			}
			say(String.format("done in %,d s: %d kills, delays %s ms, %d load(s) completed and checked after kills%s",
					(System.nanoTime() - started) / 1_000_000_000, killed, delays, load,
					retryable.isEmpty() ? "" : "; RETRYABLE FAILURE after a kill (a bug): " + retryable));
		}

		List<String> args(Path csv) {
			List<String> args = new ArrayList<>();
			boolean replaced = false;
			for (String option : target().options()) {
				if (option.startsWith("--spring.flyway.locations=")) {
					args.add("--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}");
					replaced = true;
				}
				else {
					args.add(option);
				}
			}
			assertThat(replaced).as("TestTarget.options() names the migrations").isTrue();
			args.add("--rowlift.source.path=" + csv);
			args.add("--rowlift.target.table=ints");
			args.add("--rowlift.job.chunk-size=2000");
			args.add("--rowlift.job.partitions=3");
			return args;
		}

		static boolean alreadyLoaded(RowliftJar.Attempt run) {
			return run.exitCode() == 3 && run.output().contains("already loaded");
		}

		static boolean isRetryable(RowliftJar.Attempt run) {
			return run.exitCode() == 1 && run.output().contains("run the same command again");
		}

		/** Checks the contract on the completed load; fails with everything known when it does not hold. */
		void verify(Expected expected, RowliftJar jar, String what) throws Exception {
			List<String> problems = new ArrayList<>();
			try (Connection c = target().connect()) {
				long[] digest = longs(c, "SELECT COUNT(*), SUM(value_1 % " + DIGEST_MODULUS + "), SUM(value_2 % "
						+ DIGEST_MODULUS + ") FROM ints");
				if (!Arrays.equals(digest, expected.digest())) {
					problems.add("count and digest (count, sum of value_1 % 1000003, sum of value_2 % 1000003): table "
							+ Arrays.toString(digest) + ", file " + Arrays.toString(expected.digest()));
				}
				problems.addAll(expected.differences(Expected.read(c)));
				long distinct = longs(c, "SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")[0];
				if (distinct != digest[0]) {
					problems.add((digest[0] - distinct) + " duplicated rows: " + digest[0] + " rows, " + distinct
							+ " distinct (value_1, value_2)");
				}
				Map<String, String> indexes = indexShapes(c, "ints");
				if (!indexes.equals(new TreeMap<>(INTS_INDEXES))) {
					problems.add("indexes of ints: " + indexes + ", the migrations make " + new TreeMap<>(INTS_INDEXES));
				}
				long ledger = longs(c, "SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")[0];
				if (ledger != 0) {
					problems.add(ledger + " rows left in ROWLIFT_INDEX_LEDGER: " + rows(c, "SELECT * FROM ROWLIFT_INDEX_LEDGER"));
				}
				problems.addAll(integrityProblems(c));
			}
			if (!problems.isEmpty()) {
				failure(what + ": the contract does not hold after kills and re-runs:\n - " + String.join("\n - ", problems)
						+ "\n" + state() + "\n" + jar.tail(100_000));
			}
			say(String.format("%s: the table equals the file (%,d rows, digest %s), %d indexes as migrated, ledger empty,"
					+ " integrity ok", what, expected.digest()[0], Arrays.toString(expected.digest()), INTS_INDEXES.size()));
		}

		void failure(String message) {
			fail("[" + target().id() + ", seed " + this.seed + "; reproduce with -Drowlift.test.kill.seed=" + this.seed + "] "
					+ message);
		}

		/** The job repository, ledger and indexes as they are now, for failure messages. */
		String state() {
			StringBuilder state = new StringBuilder("--- database state\n");
			try (Connection c = target().connect()) {
				section(state, "rows in ints", () -> longs(c, "SELECT COUNT(*) FROM ints")[0]);
				section(state, "indexes of ints", () -> indexShapes(c, "ints"));
				section(state, "ROWLIFT_INDEX_LEDGER", () -> rows(c, "SELECT TABLE_NAME, INDEX_NAME FROM ROWLIFT_INDEX_LEDGER"));
				section(state, "executions (id, status, exit code)", () -> lines(rows(c, "SELECT JOB_EXECUTION_ID, STATUS,"
						+ " EXIT_CODE FROM BATCH_JOB_EXECUTION ORDER BY JOB_EXECUTION_ID")));
				section(state, "steps (execution, step, status, read, written, commits, rollbacks)", () -> lines(rows(c,
						"SELECT JOB_EXECUTION_ID, STEP_NAME, STATUS, READ_COUNT, WRITE_COUNT, COMMIT_COUNT, ROLLBACK_COUNT"
								+ " FROM BATCH_STEP_EXECUTION ORDER BY STEP_EXECUTION_ID")));
				section(state, "integrity", () -> integrityProblems(c).isEmpty() ? "ok" : integrityProblems(c));
			}
			catch (Exception ex) {
				state.append("(cannot connect: ").append(ex).append(")\n");
			}
			return state.toString();
		}

		interface Query {

			Object get() throws Exception;

		}

		static void section(StringBuilder state, String title, Query query) {
			state.append(title).append(": ");
			try {
				state.append(query.get());
			}
			catch (Exception ex) {
				state.append("(cannot read: ").append(ex).append(")");
			}
			state.append('\n');
		}

		static String lines(List<List<String>> rows) {
			StringBuilder text = new StringBuilder();
			for (List<String> row : rows) {
				text.append("\n  ").append(row);
			}
			return text.toString();
		}

		/** Keeps the log of all attempts as {@code target/kill-and-resume-VENDOR.log}, for a look after the run. */
		void keep(Path log) {
			try {
				Path target = Path.of("target");
				if (Files.isDirectory(target) && Files.exists(log)) {
					Path kept = target.resolve("kill-and-resume-" + target().id() + ".log");
					Files.copy(log, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
					say("the log of all attempts is " + kept.toAbsolutePath());
				}
			}
			catch (Exception ex) {
				say("cannot keep " + log + ": " + ex);
			}
		}

		void say(String line) {
			System.out.println("[kill-and-resume " + target().id() + "] " + line);
			System.out.flush();
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
		long fileRows() {
			return 300_000;
		}


		@Override
		long seed() {
			return 7_331;
		}

		@Override
		Map<String, String> indexShapes(Connection c, String table) throws SQLException {
			Map<String, String> shapes = new TreeMap<>();
			for (List<String> index : rows(c, "SELECT name, \"unique\" FROM pragma_index_list('" + table + "')"
					+ " WHERE origin = 'c'")) {
				List<String> columns = new ArrayList<>();
				for (List<String> column : rows(c, "SELECT name FROM pragma_index_info('" + index.get(0) + "') ORDER BY seqno")) {
					columns.add(column.get(0));
				}
				shapes.put(index.get(0), ("1".equals(index.get(1)) ? "UNIQUE " : "") + String.join(",", columns));
			}
			return shapes;
		}

		@Override
		List<String> integrityProblems(Connection c) throws SQLException {
			List<String> report = new ArrayList<>();
			for (List<String> row : rows(c, "PRAGMA integrity_check")) {
				report.add(row.get(0));
			}
			return report.equals(List.of("ok")) ? List.of() : List.of("PRAGMA integrity_check: " + report);
		}

	}

	@Nested
	class MySql extends Scenarios {

		private final MySqlTestTarget target = new MySqlTestTarget("kill_resume");

		@BeforeAll
		void server() {
			this.target.requireServer();
		}

		@Override
		TestTarget target() {
			return this.target;
		}

		@Override
		long fileRows() {
			return 200_000;
		}


		@Override
		long seed() {
			return 4_242;
		}

		@Override
		Map<String, String> indexShapes(Connection c, String table) throws SQLException {
			Map<String, String> shapes = new TreeMap<>();
			try (PreparedStatement ps = c.prepareStatement("SELECT INDEX_NAME, MAX(NON_UNIQUE),"
					+ " GROUP_CONCAT(COLUMN_NAME ORDER BY SEQ_IN_INDEX SEPARATOR ',') FROM information_schema.STATISTICS"
					+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME <> 'PRIMARY' GROUP BY INDEX_NAME")) {
				ps.setString(1, table);
				try (ResultSet rs = ps.executeQuery()) {
					while (rs.next()) {
						shapes.put(rs.getString(1), (rs.getInt(2) == 0 ? "UNIQUE " : "") + rs.getString(3));
					}
				}
			}
			return shapes;
		}

		@Override
		List<String> integrityProblems(Connection c) throws SQLException {
			List<List<String>> report = rows(c, "CHECK TABLE ints");
			boolean ok = !report.isEmpty() && report.stream()
				.allMatch(row -> row.get(2).equalsIgnoreCase("status") && row.get(3).equalsIgnoreCase("OK"));
			return ok ? List.of() : List.of("CHECK TABLE ints: " + report);
		}

	}

	// --- helpers

	/** The file's rows, sorted, and its digest. */
	record Expected(long[] first, long[] second, long[] digest) {

		static Expected of(Path csv) throws Exception {
			List<long[]> pairs = new ArrayList<>();
			try (Stream<String> lines = Files.lines(csv, StandardCharsets.US_ASCII)) {
				lines.skip(1).forEach(line -> {
					int comma = line.indexOf(',');
					pairs.add(new long[] { Long.parseLong(line.substring(0, comma)), Long.parseLong(line.substring(comma + 1)) });
				});
			}
			return of(pairs);
		}

		static Expected read(Connection c) throws SQLException {
			List<long[]> pairs = new ArrayList<>();
			try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT value_1, value_2 FROM ints")) {
				while (rs.next()) {
					pairs.add(new long[] { rs.getLong(1), rs.getLong(2) });
				}
			}
			return of(pairs);
		}

		private static Expected of(List<long[]> pairs) {
			pairs.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
			long[] first = new long[pairs.size()];
			long[] second = new long[pairs.size()];
			long sum1 = 0;
			long sum2 = 0;
			for (int i = 0; i < first.length; i++) {
				first[i] = pairs.get(i)[0];
				second[i] = pairs.get(i)[1];
				sum1 += first[i] % DIGEST_MODULUS;
				sum2 += second[i] % DIGEST_MODULUS;
			}
			return new Expected(first, second, new long[] { first.length, sum1, sum2 });
		}

		/** Rows of the file the table lacks and rows of the table the file lacks (with repeats), a few named. */
		List<String> differences(Expected table) {
			List<String> missing = new ArrayList<>();
			List<String> extra = new ArrayList<>();
			int i = 0;
			int j = 0;
			long missingCount = 0;
			long extraCount = 0;
			while (i < this.first.length || j < table.first.length) {
				int cmp;
				if (i == this.first.length) {
					cmp = 1;
				}
				else if (j == table.first.length) {
					cmp = -1;
				}
				else {
					cmp = this.first[i] != table.first[j] ? Long.compare(this.first[i], table.first[j])
							: Long.compare(this.second[i], table.second[j]);
				}
				if (cmp == 0) {
					i++;
					j++;
				}
				else if (cmp < 0) {
					if (missingCount++ < 5) {
						missing.add(this.first[i] + "," + this.second[i]);
					}
					i++;
				}
				else {
					if (extraCount++ < 5) {
						extra.add(table.first[j] + "," + table.second[j]);
					}
					j++;
				}
			}
			List<String> problems = new ArrayList<>();
			if (missingCount > 0) {
				problems.add(missingCount + " rows of the file are not in the table, for example " + missing);
			}
			if (extraCount > 0) {
				problems.add(extraCount + " rows of the table are not in the file (or are there more often), for example "
						+ extra);
			}
			return problems;
		}

	}

	static long[] longs(Connection c, String sql) throws SQLException {
		try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			ResultSetMetaData meta = rs.getMetaData();
			long[] values = new long[meta.getColumnCount()];
			if (rs.next()) {
				for (int i = 0; i < values.length; i++) {
					values[i] = rs.getLong(i + 1);
				}
			}
			return values;
		}
	}

	static List<List<String>> rows(Connection c, String sql) throws SQLException {
		List<List<String>> rows = new ArrayList<>();
		try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			ResultSetMetaData meta = rs.getMetaData();
			while (rs.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= meta.getColumnCount(); i++) {
					String value = rs.getString(i);
					row.add(value == null ? "<null>" : value);
				}
				rows.add(row);
			}
		}
		return rows;
	}

}
