package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;

/**
 * The spring pipeline ({@code rowlift.job.pipeline=spring}, issue #11) keeps the fast path's promises:
 * the table equals the file, the indexes are dropped and rebuilt, bad records go to the reject file
 * with their reasons within the skip limit, quoted line breaks and the empty-field rules hold, and
 * the summary says which pipeline ran and why. Each scenario runs on SQLite and on MariaDB.
 */
abstract class SpringPipelineScenarios extends ScenarioSupport {

	static final String SPRING = "--rowlift.job.pipeline=spring";

	@Test
	void loadsThreeHundredThousandIntsInFourPartitionsExactlyAndRebuildsTheIndexes() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints.csv"), "ints", 300_000, 11);
		KillAndResumeIntegrationTests.Expected expected = KillAndResumeIntegrationTests.Expected.of(csv);

		RowliftRun run = rowlift(csv, "ints", SPRING, "--rowlift.job.partitions=4");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		try (var c = target().connect()) {
			assertThat(KillAndResumeIntegrationTests.Expected.read(c)).usingRecursiveComparison().isEqualTo(expected);
		}
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(300_000);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(run.out()).contains("4 partitions (set by rowlift.job.partitions)")
			.contains("; spring pipeline (set by rowlift.job.pipeline)")
			.contains("indexes dropped 3, rebuilt 3")
			.contains("read 300,000 = written 300,000 + rejected 0");
	}

	@Test
	void rejectsBadRecordsIntoTheRejectFileWithReasonsWithinTheSkipLimit() throws Exception {
		Path csv = write("bad.csv", "value_1,value_2\n1,2\nx,3\n4,5\n6,\n7,8,9\n10,11\n");

		RowliftRun run = rowlift(csv, "ints", SPRING, "--rowlift.job.skip-limit=3");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(rows("SELECT value_1, value_2 FROM ints ORDER BY value_1"))
			.containsExactly(List.of("1", "2"), List.of("4", "5"), List.of("10", "11"));
		assertThat(Files.readString(dir.resolve("bad.csv.rejects.csv"))).isEqualTo("value_1,value_2\nx,3\n6,\n7,8,9\n");
		// the column's type as the database names it: INTEGER in SQLite, BIGINT in the MySQL migrations
		assertThat(Files.readString(dir.resolve("bad.csv.rejects.csv.reasons.csv")).replace("BIGINT", "INTEGER")).isEqualTo("""
				line,byte,column,reason
				3,20,1,"'x' is not an integer, as column value_1 INTEGER needs; fix the value, or change the column's type"
				5,30,2,"empty value for column value_2 INTEGER, which is NOT NULL; give a value, or make the column nullable"
				6,31,0,"3 fields, but the header has 2; a field with a delimiter or a line break inside must be quoted"
				""");
		assertThat(run.out()).contains("3 bad records rejected").contains("read 6 = written 3 + rejected 3");
	}

	@Test
	void failsAtTheFirstBadRecordBeyondTheSkipLimitNamingItAndTheLimit() throws Exception {
		Path csv = write("over.csv", "value_1,value_2\n1,2\nx,3\n4,y\n5,6\n");

		RowliftRun run = rowlift(csv, "ints", SPRING, "--rowlift.job.skip-limit=1");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
		assertThat(run.out() + run.err()).contains("over.csv:4:2 (byte 26): 'y' is not an integer")
			.contains("That is bad record number 2, more than rowlift.job.skip-limit=1 allows");
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();

		RowliftRun raised = rowlift(csv, "ints", SPRING, "--rowlift.job.skip-limit=2");

		assertThat(raised.exitCode()).as(raised.toString()).isZero();
		assertThat(rows("SELECT value_1, value_2 FROM ints ORDER BY value_1")).containsExactly(List.of("1", "2"),
				List.of("5", "6"));
		assertThat(raised.out()).contains("read 4 = written 2 + rejected 2");
	}

	@Test
	void keepsQuotedLineBreaksAndTheEmptyFieldRules() throws Exception {
		Path csv = write("quoted.csv", "id,name,note\n1,\"two\nlines\",\n2,\"\",\"\"\n3,plain,\"a \"\"quote\"\"\"\n4,,x\n");

		RowliftRun run = rowlift(csv, "required", SPRING, "--rowlift.job.skip-limit=5");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(rows("SELECT id, name, note FROM required ORDER BY id")).containsExactly(
				List.of("1", "two\nlines", "<null>"), List.of("2", "", ""), List.of("3", "plain", "a \"quote\""),
				List.of("4", "", "x"));
		assertThat(run.out()).contains("read 4 = written 4 + rejected 0");
	}

	@Test
	void aDuplicateKeyTheDatabaseRefusesIsRejectedAndTheRestOfItsChunkLoaded() throws Exception {
		Path csv = write("dup.csv", "id,value_1,value_2\n1,1,1\n2,2,2\n1,3,3\n3,4,4\n");

		RowliftRun run = rowlift(csv, "ints", SPRING, "--rowlift.job.skip-limit=1");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(rows("SELECT id, value_1 FROM ints ORDER BY id")).containsExactly(List.of("1", "1"), List.of("2", "2"),
				List.of("3", "4"));
		assertThat(Files.readString(dir.resolve("dup.csv.rejects.csv"))).isEqualTo("id,value_1,value_2\n1,3,3\n");
		assertThat(Files.readString(dir.resolve("dup.csv.rejects.csv.reasons.csv"))).contains("4,31,0,\"the database refused the row");
		assertThat(run.out()).contains("read 4 = written 3 + rejected 1");
	}

	@Test
	void theFastPathStaysTheDefaultAndSaysSo() throws Exception {
		Path csv = write("small.csv", "value_1,value_2\n1,2\n");

		RowliftRun run = rowlift(csv, "ints");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("; fast pipeline (default)");
	}

	Path write(String name, String text) throws Exception {
		return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
	}

}
