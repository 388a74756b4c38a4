package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangePartitioner;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.ReferenceCsv;
import io.rowlift.testsupport.RowliftRun;

/**
 * The whole load command against a real database, as a script uses it: arguments in, exit code,
 * output and table content out. Each vendor's {@code *IntegrationTests} runs these scenarios on its
 * database; each test gets a fresh database.
 */
abstract class LoadJobScenarios extends ScenarioSupport {

	static final Set<String> INTS_INDEXES = Set.of("ints_value_1", "ints_value_1_value_2", "ints_value_2");

	@ParameterizedTest(name = "{0} partitions")
	@ValueSource(ints = { 1, 3, 4, 7 })
	void loadsTheIntsShapeExactlyAndRebuildsItsIndexes(int partitions) throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-20000-" + partitions + ".csv"), "ints", 20_000, partitions);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.job.partitions=" + partitions);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("rowlift: run 1 completed: 20,000 rows from " + csv + " into ints (" + target().id() + ")")
			.contains(partitions + " partition")
			.contains("indexes dropped 3, rebuilt 3");
		assertThat(intsInTable()).isEqualTo(intsInFile(csv));
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	/**
	 * Issue #20, item 4: a load that fails after the index drop ends with a line naming the dropped indexes
	 * and the two ways back; its second way, {@code rowlift rebuild-indexes ...} as printed (with the same
	 * database settings), puts them back, and its first, the same command, then resumes and completes.
	 * The failure is a bug of the code (the test hook's exception), so it is said as an internal error.
	 */
	@Test
	void aFailedLoadEndsWithItsDroppedIndexesAndBothWaysBackWork() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-6000.csv"), "ints", 6_000, 17);
		String[] options = { "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=1000" };

		RowliftRun failed = rowlift(csv, "ints", concat(options, "--rowlift.test.fail-at-record=2500"));

		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		List<String> lines = failed.problems().lines().toList();
		assertThat(lines.get(0)).as(failed.toString())
			.startsWith("rowlift: run 1 failed: internal error in Rowlift (java.lang.IllegalStateException: injected failure")
			.contains("while loading " + csv + ", partition 0 (bytes ")
			.contains("records 2,001 to at most 3,000 of it, from line 2002 (byte ")
			.contains("please report it");
		assertThat(lines.get(lines.size() - 1)).isEqualTo(INTS_STILL_DROPPED);
		assertThat(target().indexes("ints")).isEmpty();
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(2_000);

		String printed = lines.get(lines.size() - 1);
		printed = printed.substring(printed.indexOf("put them back now with: rowlift ") + "put them back now with: rowlift ".length(),
				printed.indexOf(" (with the same database settings)"));
		List<String> rebuildArgs = new ArrayList<>(List.of(printed.split(" ")));
		rebuildArgs.addAll(target().options()); // the same database settings
		RowliftRun rebuilt = RowliftRun.of(rebuildArgs);

		assertThat(rebuilt.exitCode()).as(rebuilt.toString()).isZero();
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();

		RowliftRun resumed = rowlift(csv, "ints", options); // the same command

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("run 1 resumed and completed").contains("read 6,000 = written 6,000 + rejected 0");
		assertThat(intsInTable()).isEqualTo(intsInFile(csv));
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
	}

	@Test
	void handsTheDatabaseBackDurableWithFreshStatistics() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-3000.csv"), "ints", 3_000, 8);
		java.time.LocalDateTime before = java.time.LocalDateTime.now().minusSeconds(2);

		assertThat(rowlift(csv, "ints").exitCode()).isZero();

		if (target().id().equals("sqlite")) {
			Path file = ((io.rowlift.testsupport.SqliteTestTarget) target()).file();
			assertThat(rows("PRAGMA journal_mode")).containsExactly(List.of("wal"));
			assertThat(Path.of(file + "-wal")).satisfiesAnyOf(p -> assertThat(p).doesNotExist(), p -> assertThat(p).isEmptyFile());
			assertThat(count("SELECT COUNT(*) FROM sqlite_stat1 WHERE tbl = 'ints'")).isPositive();
			assertThat(rows("PRAGMA integrity_check")).containsExactly(List.of("ok"));
		}
		else {
			List<List<String>> stats = rows("SELECT last_update FROM mysql.innodb_table_stats"
					+ " WHERE database_name = DATABASE() AND table_name = 'ints'");
			assertThat(stats).hasSize(1);
			assertThat(java.time.LocalDateTime.parse(stats.get(0).get(0).replace(' ', 'T'))).isAfter(before);
		}
	}

	@Test
	void loadsTheWideShapeExactly() throws Exception {
		Path csv = GenCsv.write(dir.resolve("wide-3000.csv"), "wide", 3_000);

		RowliftRun run = rowlift(csv, "wide", "--rowlift.job.partitions=4", "--rowlift.job.chunk-size=250");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		List<List<String>> expected = ReferenceCsv.parse(Files.readString(csv));
		List<List<String>> actual = rows("SELECT * FROM wide ORDER BY id");
		assertThat(actual).hasSize(3_000);
		assertThat(actual).isEqualTo(expected.subList(1, expected.size()));
	}

	@Test
	void resumesOnlyTheUnfinishedPartitionsFromTheirLastCommit() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-40000.csv"), "ints", 40_000, 11);
		CsvHeader header = CsvHeader.read(csv, "x", CsvFormat.RFC4180);
		ByteRange third = new ByteRangePartitioner(csv, header.format(), header.dataStart(), header.dataStartLine(), 2).ranges(4).get(2);
		long failAt = third.start() + third.length() / 2;
		String[] options = { "--rowlift.job.partitions=4", "--rowlift.job.threads=2", "--rowlift.job.chunk-size=1000" };

		RowliftRun failed = rowlift(csv, "ints", concat(options, "--rowlift.test.fail-at-byte=" + failAt));

		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).contains("injected failure").contains("run the same command again to resume");
		assertThat(failed.problems().lines().reduce((a, b) -> b)).as("the last line: the indexes, and the ways back")
			.contains(INTS_STILL_DROPPED);
		Map<String, String> afterFailure = workerStatuses(1);
		assertThat(afterFailure).containsEntry("loadWorker:partition2", "FAILED");
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).isBetween(1L, 39_999L);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isEqualTo(3);
		assertThat(target().indexes("ints")).isEmpty();
		List<ByteRange> ranges = new ByteRangePartitioner(csv, header.format(), header.dataStart(), header.dataStartLine(), 2).ranges(4);
		long committedInThird = committed;
		for (int i = 0; i < 4; i++) {
			if ("COMPLETED".equals(afterFailure.get("loadWorker:partition" + i))) {
				committedInThird -= rowsOf(csv, ranges.get(i));
			}
		}
		assertThat(committedInThird).isBetween(0L, rowsOf(csv, third) - 1);

		RowliftRun resumed = rowlift(csv, "ints", options);

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("resumed and completed").contains("40,000 rows in all runs");
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_INSTANCE")).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_EXECUTION")).isEqualTo(2);
		Map<String, String> rerun = workerStatuses(2);
		Set<String> unfinished = new java.util.TreeSet<>();
		afterFailure.forEach((step, status) -> {
			if (!status.equals("COMPLETED")) {
				unfinished.add(step);
			}
		});
		assertThat(rerun.keySet()).isEqualTo(unfinished);
		long thirdRows = rowsOf(csv, third);
		assertThat(count("SELECT READ_COUNT FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'loadWorker:partition2'"
				+ " AND JOB_EXECUTION_ID = 2")).isEqualTo(thirdRows - committedInThird);
		assertThat(intsInTable()).isEqualTo(intsInFile(csv));
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	@Test
	void completesRowliftsOwnTablesLeftHalfMadeByAKilledRun() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-half.csv"), "ints", 1_000, 21);
		assertThat(rowlift(csv, "no_such_table").exitCode()).isEqualTo(2); // makes the tables, loads nothing
		// what a kill while they were made leaves where DDL is not transactional: some made, a sequence without its row
		execute("DROP TABLE BATCH_STEP_EXECUTION_CONTEXT");
		execute("DROP TABLE BATCH_JOB_INSTANCE_SEQ");
		execute("DELETE FROM BATCH_STEP_EXECUTION_SEQ");
		execute("DROP TABLE ROWLIFT_REJECT");

		RowliftRun run = rowlift(csv, "ints");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(intsInTable()).isEqualTo(intsInFile(csv));
	}

	@Test
	void recoversARunLeftStartedByAProcessThatIsGone() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-8000.csv"), "ints", 8_000, 5);
		RowliftRun failed = rowlift(csv, "ints", "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=500",
				"--rowlift.test.fail-at-byte=" + Files.size(csv) * 3 / 4);
		assertThat(failed.exitCode()).isEqualTo(1);
		// what kill -9 leaves behind: executions still STARTED, nobody holding the run lock
		execute("UPDATE BATCH_JOB_EXECUTION SET STATUS = 'STARTED', EXIT_CODE = 'UNKNOWN', END_TIME = NULL");
		execute("UPDATE BATCH_STEP_EXECUTION SET STATUS = 'STARTED', EXIT_CODE = 'EXECUTING', END_TIME = NULL WHERE STATUS = 'FAILED'");

		RowliftRun resumed = rowlift(csv, "ints", "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=500");

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("run 1 resumed and completed");
		assertThat(intsInTable()).isEqualTo(intsInFile(csv));
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
	}

	@Test
	void refusesACompletedUnchangedFileAndReloadsItOnRequest() throws Exception {
		Path csv = Files.writeString(dir.resolve("plain-" + target().id() + ".csv"), "a,b\n1,x\n2,\n,\"\"\n");

		assertThat(rowlift(csv, "plain").exitCode()).isZero();
		RowliftRun again = rowlift(csv, "plain");
		assertThat(again.exitCode()).isEqualTo(3);
		assertThat(again.err()).contains("already loaded: run 1 loaded this file into plain")
			.contains("set rowlift.job.reload=true to load it again");
		RowliftRun reload = rowlift(csv, "plain", "--rowlift.job.reload=true");
		assertThat(reload.exitCode()).as(reload.toString()).isZero();
		assertThat(reload.out()).contains("rowlift: run 2 completed: 3 rows");

		// contract: unquoted empty is NULL in a nullable column, "" is '' in a text column
		assertThat(rows("SELECT a, b FROM plain ORDER BY a, b")).containsExactly(List.of("<null>", ""), List.of("<null>", ""),
				List.of("1", "x"), List.of("1", "x"), List.of("2", "<null>"), List.of("2", "<null>"));
	}

	/**
	 * Issue #20 item 3: after "file changed since run N" every printed way on is followed literally, and none
	 * doubles rows. Start-over alone in append mode is refused (nothing written) while run N's rows are in the
	 * table; each of the three choices the refusal prints is run as printed, each after a run of its own that
	 * failed half-way: truncate and replace leave exactly the new file, keep-abandoned-rows exactly the rows
	 * before plus the abandoned run's plus the new file's.
	 */
	@Test
	void refusesAFileChangedSinceAnUnfinishedRunAndEveryPrintedWayOnLoadsItExactly() throws Exception {
		Path csv = dir.resolve("changing-" + target().id() + ".csv");
		List<String> choices = null;
		List<String> before = List.of(); // the table's rows before the failed run
		for (int round = 0; round < 3; round++) {
			int rows = 4_000 + 200 * round;
			GenCsv.write(csv, "ints", rows, 3 + round);
			RowliftRun failed = rowlift(csv, "ints", "--rowlift.job.chunk-size=100", "--rowlift.test.fail-at-byte=" + Files.size(csv) / 2);
			assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
			long run = 1 + 2L * round;
			long committed = count("SELECT COUNT(*) FROM ints") - before.size();
			assertThat(committed).isBetween(100L, rows - 100L);
			GenCsv.write(csv, "ints", rows + 100, 13 + round); // other rows: ints has a unique index over both columns

			RowliftRun refused = rowlift(csv, "ints");
			assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(3);
			String rowsText = String.format(java.util.Locale.ROOT, "%,d rows", committed);
			assertThat(refused.err()).contains("rowlift: file changed since run " + run + ", which did not finish (FAILED): resuming "
					+ "it would load a different file; to abandon run " + run + " and load the file as it is now, run " + run
					+ " committed " + rowsText + " to ints, which Rowlift cannot tell apart from its other rows, so set "
					+ "rowlift.job.start-over=true and one of: ");
			// each printed setting, as options: start-over and the choice
			List<String> printed = java.util.regex.Pattern.compile("(?:one of: |; |; or )(rowlift\\.[a-z.-]+=[a-z]+) \\(")
				.matcher(refused.err()).results().map(m -> "--rowlift.job.start-over=true --" + m.group(1)).toList();
			assertThat(printed).containsExactly("--rowlift.job.start-over=true --rowlift.target.mode=truncate",
					"--rowlift.job.start-over=true --rowlift.target.mode=replace",
					"--rowlift.job.start-over=true --rowlift.job.keep-abandoned-rows=true");
			choices = choices == null ? printed : choices;

			// start-over alone, as the old message said: refused, nothing written
			RowliftRun alone = rowlift(csv, "ints", "--rowlift.job.start-over=true");
			assertThat(alone.exitCode()).as(alone.toString()).isEqualTo(3);
			assertThat(alone.err()).contains("rowlift: start-over refused: run " + run + " (FAILED) committed " + rowsText
					+ " to ints in rowlift.target.mode=append").contains("Nothing was written. Set one of these too (with "
							+ "rowlift.job.start-over=true): rowlift.target.mode=truncate (");
			assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(before.size() + committed);

			// the printed choice of this round, as printed
			RowliftRun followed = rowlift(csv, "ints", printed.get(round).split(" "));
			assertThat(followed.exitCode()).as(followed.toString()).isZero();
			assertThat(followed.out()).contains("rowlift: run " + (run + 1) + " completed: " + String.format(java.util.Locale.ROOT,
					"%,d rows", rows + 100));
			List<String> expected = new ArrayList<>(intsInFile(csv));
			if (round == 2) { // keep-abandoned-rows: what was there, the abandoned run's rows, the file
				assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(before.size() + committed + rows + 100);
				assertThat(intsInTable()).containsAll(before).containsAll(expected);
			}
			else {
				assertThat(intsInTable()).as(printed.get(round)).isEqualTo(expected);
			}
			assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
			before = intsInTable();
		}
		assertThat(choices).hasSize(3);
	}

	@Test
	void refusesToStartWhileAnotherRunHoldsTheLock() throws Exception {
		Path csv = Files.writeString(dir.resolve("locked.csv"), "a,b\n1,x\n");
		try (AutoCloseable held = target().holdRunLock("plain")) {
			RowliftRun run = rowlift(csv, "plain");
			assertThat(run.exitCode()).isEqualTo(3);
			assertThat(run.err()).contains("another run is active");
		}
		assertThat(rowlift(csv, "plain").exitCode()).isZero();
	}

	@Test
	void namesTheMissingFile() {
		RowliftRun run = rowlift(dir.resolve("no-such-file.csv"), "ints");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift: " + dir.resolve("no-such-file.csv") + ": no such file (rowlift.source.path");
	}

	@Test
	void namesTheUnknownTable() throws Exception {
		Path csv = Files.writeString(dir.resolve("t.csv"), "a,b\n1,x\n");
		RowliftRun run = rowlift(csv, "no_such_table");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift: table 'no_such_table' does not exist in the target database");
	}

	@Test
	void namesTheColumnTheTableLacksAndWritesNothing() throws Exception {
		Path csv = Files.writeString(dir.resolve("extra.csv"), "value_1,value_2,value_3\n1,2,3\n");
		RowliftRun run = rowlift(csv, "ints");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err()).contains(csv + ":1:3: the header names column 'value_3', which table ints does not have");
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_EXECUTION")).isZero();
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
	}

	@Test
	void failsOnABadValueNamingFileLineColumnAndByte() throws Exception {
		Path csv = Files.writeString(dir.resolve("bad.csv"), "value_1,value_2\n1,2\n3,4\n5,x6\n7,8\n");
		RowliftRun run = rowlift(csv, "ints");
		assertThat(run.exitCode()).isEqualTo(1);
		assertThat(run.err()).contains("rowlift: run 1 failed: " + csv + ":4:2 (byte 26): 'x6' is not an integer, as column value_2 ")
			.contains(" needs; fix the value, or change the column's type");
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();
	}

	@Test
	void refusesABadSettingBeforeWritingAnything() throws Exception {
		Path csv = Files.writeString(dir.resolve("s.csv"), "a,b\n1,x\n");
		RowliftRun run = rowlift(csv, "plain", "--rowlift.job.partitions=lots");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift: Failed to bind properties under 'rowlift.job.partitions'")
			.contains("fix the setting rowlift.job.partitions");
		RowliftRun zero = rowlift(csv, "plain", "--rowlift.job.partitions=0");
		assertThat(zero.exitCode()).isEqualTo(2);
		assertThat(zero.err()).contains("rowlift.job.partitions is 0; it must be between 1 and 4096");
	}

	// --- helpers

	List<String> intsInFile(Path csv) throws Exception {
		try (Stream<String> lines = Files.lines(csv, StandardCharsets.US_ASCII)) {
			return lines.skip(1).map(l -> {
				String[] f = l.split(",");
				return String.format("%020d,%020d", Long.parseLong(f[0]), Long.parseLong(f[1]));
			}).sorted().toList();
		}
	}

	List<String> intsInTable() throws SQLException {
		List<String> values = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT value_1, value_2 FROM ints")) {
			while (rs.next()) {
				values.add(String.format("%020d,%020d", rs.getLong(1), rs.getLong(2)));
			}
		}
		values.sort(null);
		return values;
	}

	static long rowsOf(Path csv, ByteRange range) throws Exception {
		byte[] bytes = Files.readAllBytes(csv);
		long n = 0;
		for (long i = range.start(); i < range.end(); i++) {
			if (bytes[(int) i] == '\n') {
				n++;
			}
		}
		return n;
	}

	Map<String, String> workerStatuses(long execution) throws SQLException {
		Map<String, String> statuses = new TreeMap<>();
		for (List<String> row : rows("SELECT STEP_NAME, STATUS FROM BATCH_STEP_EXECUTION WHERE JOB_EXECUTION_ID = " + execution
				+ " AND STEP_NAME LIKE 'loadWorker:%'")) {
			statuses.put(row.get(0), row.get(1));
		}
		return statuses;
	}

}
