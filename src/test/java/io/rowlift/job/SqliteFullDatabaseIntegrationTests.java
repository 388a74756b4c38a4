package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * A SQLite target that fills up, then grows (issue #11, item 7). {@code PRAGMA max_page_count},
 * which sqlite-jdbc takes as a URL parameter and Rowlift keeps, fills the database without a small
 * disk: the load must fail with one line naming the cause, the file and the fix (exit 1), and the
 * same command without the limit must resume and end with the table equal to the file, the
 * accounting exact, every index back and the file intact. Run 1 of each database is the load that
 * creates the schema (into another table), so the load under test is run 2.
 */
class SqliteFullDatabaseIntegrationTests extends ScenarioSupport {

	static final Set<String> INTS_INDEXES = Set.of("ints_value_1", "ints_value_1_value_2", "ints_value_2");

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.dir);
		}
		return this.target;
	}

	@Test
	void aDatabaseThatFillsDuringTheLoadFailsInOneLineAndResumesExactlyOnceItCanGrow() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-200000.csv"), "ints", 200_000, 31);
		long pages = prepare();
		// room for about a third of the rows (id, two integers: ~16 bytes a row, with page overhead)
		long limit = pages + 200_000 / 3 * 20 / pageSize();

		RowliftRun full = rowlift(csv, limit, "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=5000");

		assertThat(full.exitCode()).as(full.toString()).isEqualTo(1);
		assertThat(full.problems()).as(full.toString())
			.isEqualTo("rowlift: database or disk is full: " + this.target.file() + "; free space, then run the same command\n"
					+ INTS_STILL_DROPPED);
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).as("more than one chunk committed before the database was full").isGreaterThan(10_000L)
			.isLessThan(200_000L);

		RowliftRun grown = rowlift(csv, 0, "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=5000");

		assertThat(grown.exitCode()).as(grown.toString()).isZero();
		assertThat(grown.out()).contains("run 2 resumed and completed")
			.contains(String.format(java.util.Locale.ROOT, "%,d rows from", 200_000 - committed))
			.contains("read 200,000 = written 200,000 + rejected 0");
		assertExactAndIntact(csv);
	}

	@Test
	void aDatabaseThatFillsDuringTheIndexRebuildFailsInOneLineAndResumesExactlyOnceItCanGrow() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-100000.csv"), "ints", 100_000, 37);
		long pages = prepare();
		// the rows fit (~16 bytes a row); the three indexes (another ~40 bytes a row) do not
		long limit = pages + 100_000L * 28 / pageSize();

		RowliftRun full = rowlift(csv, limit, "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=5000");

		assertThat(full.exitCode()).as(full.toString()).isEqualTo(1);
		assertThat(full.problems()).as(full.toString())
			.startsWith("rowlift: database or disk is full: " + this.target.file() + "; free space, then run the same command\n"
					+ "rowlift: the load dropped ")
			.endsWith("or put them back now with: rowlift rebuild-indexes --rowlift.target.table=ints (with the same database settings)");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("every row committed before the rebuild").isEqualTo(100_000L);
		assertThat(this.target.indexes("ints")).as("not all indexes built").isNotEqualTo(INTS_INDEXES);

		RowliftRun grown = rowlift(csv, 0, "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=5000");

		assertThat(grown.exitCode()).as(grown.toString()).isZero();
		assertThat(grown.out()).contains("run 2 resumed and completed").contains("read 100,000 = written 100,000 + rejected 0");
		assertExactAndIntact(csv);
	}

	/**
	 * What a failed commit leaves when Spring Batch cannot save the step execution afterwards either
	 * (the disk is still full): the failed partitions and the job UNKNOWN ("should not be restarted"),
	 * or a partition still STARTED. The rows and offsets committed before are in the database
	 * together, so the same command must recover the run and resume it exactly.
	 */
	@Test
	void aRunLeftUnknownByAFailedCommitIsRecoveredAndResumedExactly() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-120000.csv"), "ints", 120_000, 41);
		long pages = prepare();
		RowliftRun full = rowlift(csv, pages + 120_000 / 3 * 20 / pageSize(), "--rowlift.job.partitions=3",
				"--rowlift.job.chunk-size=5000");
		assertThat(full.exitCode()).as(full.toString()).isEqualTo(1);
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).isGreaterThan(0L).isLessThan(120_000L);
		execute("UPDATE BATCH_STEP_EXECUTION SET STATUS = 'UNKNOWN', EXIT_CODE = 'UNKNOWN' WHERE STATUS = 'FAILED'");
		execute("UPDATE BATCH_STEP_EXECUTION SET STATUS = 'STARTED', EXIT_CODE = 'EXECUTING', END_TIME = NULL"
				+ " WHERE STEP_NAME = 'loadWorker:partition2' AND STATUS = 'UNKNOWN'");
		execute("UPDATE BATCH_JOB_EXECUTION SET STATUS = 'UNKNOWN', EXIT_CODE = 'UNKNOWN' WHERE STATUS = 'FAILED'");
		assertThat(count("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STATUS IN ('UNKNOWN', 'STARTED')")).isGreaterThan(1L);

		RowliftRun again = rowlift(csv, 0, "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=5000");

		assertThat(again.exitCode()).as(again.toString()).isZero();
		assertThat(again.out()).contains("run 2 ended UNKNOWN after a failed commit")
			.contains("run 2 resumed and completed")
			.contains(String.format(java.util.Locale.ROOT, "%,d rows from", 120_000 - committed))
			.contains("read 120,000 = written 120,000 + rejected 0");
		assertExactAndIntact(csv);
		assertThat(count("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STATUS IN ('UNKNOWN', 'STARTED')")).isZero();
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_EXECUTION WHERE STATUS = 'FAILED'"
				+ " AND EXIT_MESSAGE LIKE '%recovered by Rowlift after a failed commit%'")).isEqualTo(1L);
	}

	/** Creates the schema and Spring Batch's tables with a load into another table; its page count. */
	private long prepare() throws Exception {
		Path small = this.dir.resolve("tokens.csv");
		Files.writeString(small, "id,data\na,1\nb,2\n");
		RowliftRun run = rowlift(small, "tokens");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		execute("PRAGMA wal_checkpoint(TRUNCATE)");
		return count("PRAGMA page_count");
	}

	private long pageSize() throws Exception {
		return count("PRAGMA page_size");
	}

	/** The ints load; {@code maxPageCount} > 0 limits the database to that many pages. */
	private RowliftRun rowlift(Path csv, long maxPageCount, String... options) {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(maxPageCount > 0 && option.startsWith("--spring.datasource.url=")
					? option + "?max_page_count=" + maxPageCount : option);
		}
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=ints");
		args.addAll(List.of(options));
		return RowliftRun.of(args);
	}

	/** Table equal to the file (count, no duplicates, digest), indexes back, ledger empty, database intact. */
	private void assertExactAndIntact(Path csv) throws Exception {
		List<String> lines = Files.readAllLines(csv);
		long a = 0;
		long b = 0;
		for (String line : lines.subList(1, lines.size())) {
			String[] f = line.split(",");
			a += Long.parseLong(f[0]) % 1_000_003;
			b += Long.parseLong(f[1]) % 1_000_003;
		}
		long rows = lines.size() - 1;
		assertThat(count("SELECT COUNT(*) FROM ints")).as("rows").isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).as("distinct rows").isEqualTo(rows);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(a);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(b);
		assertThat(this.target.indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(rows("PRAGMA integrity_check")).containsExactly(List.of("ok"));
	}

}
