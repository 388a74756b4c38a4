package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * Issue #11's "done when": a 300,000-row ints load with {@code --rowlift.job.pipeline=spring
 * --rowlift.job.partitions=4}, the jar killed with SIGKILL at random moments and the same command
 * run again until it completes, is exact on SQLite and on MariaDB: the table equals the file, the
 * indexes are back, the ledger is empty, the database is intact, a further run says "already
 * loaded". The kill machinery is {@link KillAndResumeIntegrationTests}'; fewer kills, because a
 * resumed spring partition re-reads its range up to its saved position.
 */
class SpringPipelineKillIntegrationTests {

	static List<String> spring(List<String> args) {
		List<String> spring = new ArrayList<>();
		for (String arg : args) {
			spring.add(arg.startsWith("--rowlift.job.partitions=") ? "--rowlift.job.partitions=4" : arg);
		}
		spring.add("--rowlift.job.pipeline=spring");
		return spring;
	}

	/**
	 * One kill that surely lands in the load step: the table is watched and the jar killed once 30,000
	 * of the 300,000 rows are committed; the same command then resumes (each partition re-reads its range
	 * up to its saved count and goes on) and the table equals the file.
	 */
	static void killMidLoadAndResume(KillAndResumeIntegrationTests.Scenarios scenarios) throws Exception {
		scenarios.freshMigratedDatabase();
		Path csv = GenCsv.write(scenarios.dir.resolve("mid.csv"), "ints", 300_000, 77);
		KillAndResumeIntegrationTests.Expected expected = KillAndResumeIntegrationTests.Expected.of(csv);
		RowliftJar jar = new RowliftJar(scenarios.dir, scenarios.dir.resolve("mid-load.log"));
		try {
			RowliftJar.Attempt first = jar.start("killed once 30,000 rows are in", scenarios.args(csv));
			long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
			long rows = 0;
			while (rows < 30_000 && !first.waitFor(100) && System.nanoTime() < deadline) {
				try (Connection c = scenarios.target().connect()) {
					rows = KillAndResumeIntegrationTests.longs(c, "SELECT COUNT(*) FROM ints")[0];
				}
				catch (SQLException ex) {
					// busy while the loader commits: look again
				}
			}
			first.kill();
			assertThat(rows).as("rows committed when the jar was killed\n" + jar.tail(20_000)).isBetween(30_000L, 299_999L);

			RowliftJar.Attempt second = jar.runHere("the same command again", scenarios.args(csv), Duration.ofMinutes(3));

			assertThat(second.exitCode()).as(jar.tail(50_000)).isZero();
			assertThat(second.output()).contains("resumed and completed").contains("300,000 rows in all runs")
				.contains("spring pipeline (set by rowlift.job.pipeline)");
			scenarios.verify(expected, jar, "killed mid-load, then resumed");
		}
		finally {
			jar.killAll();
		}
	}

	@Nested
	class Sqlite extends KillAndResumeIntegrationTests.Scenarios {

		@Test
		void killedMidLoadTheSameCommandResumesFromTheCommittedChunks() throws Exception {
			killMidLoadAndResume(this);
		}

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
			return 1_111;
		}

		@Override
		int kills() {
			return 4;
		}

		@Override
		List<String> args(Path csv) {
			return spring(super.args(csv));
		}

		@Override
		Map<String, String> indexShapes(Connection c, String table) throws SQLException {
			Map<String, String> shapes = new TreeMap<>();
			for (List<String> index : KillAndResumeIntegrationTests.rows(c, "SELECT name, \"unique\" FROM pragma_index_list('"
					+ table + "') WHERE origin = 'c'")) {
				List<String> columns = new ArrayList<>();
				for (List<String> column : KillAndResumeIntegrationTests.rows(c,
						"SELECT name FROM pragma_index_info('" + index.get(0) + "') ORDER BY seqno")) {
					columns.add(column.get(0));
				}
				shapes.put(index.get(0), ("1".equals(index.get(1)) ? "UNIQUE " : "") + String.join(",", columns));
			}
			return shapes;
		}

		@Override
		List<String> integrityProblems(Connection c) throws SQLException {
			List<String> report = new ArrayList<>();
			for (List<String> row : KillAndResumeIntegrationTests.rows(c, "PRAGMA integrity_check")) {
				report.add(row.get(0));
			}
			return report.equals(List.of("ok")) ? List.of() : List.of("PRAGMA integrity_check: " + report);
		}

	}

	@Nested
	class MySql extends KillAndResumeIntegrationTests.Scenarios {

		private final MySqlTestTarget target = new MySqlTestTarget("spring_kill");

		@Test
		void killedMidLoadTheSameCommandResumesFromTheCommittedChunks() throws Exception {
			killMidLoadAndResume(this);
		}

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
			return 300_000;
		}

		@Override
		long seed() {
			return 2_222;
		}

		@Override
		int kills() {
			return 4;
		}

		@Override
		List<String> args(Path csv) {
			return spring(super.args(csv));
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
			List<List<String>> report = KillAndResumeIntegrationTests.rows(c, "CHECK TABLE ints");
			boolean ok = !report.isEmpty() && report.stream()
				.allMatch(row -> row.get(2).equalsIgnoreCase("status") && row.get(3).equalsIgnoreCase("OK"));
			return ok ? List.of() : List.of("CHECK TABLE ints: " + report);
		}

	}

}
