package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.rowlift.testsupport.RowliftRun;

/**
 * Issue #34 item 6: a blank line (nothing between two line breaks, outside quotes) is no record, for every input
 * and table: skipped and counted in the summary (its line and its JSON) on both pipelines, with and without a
 * header, in a one-column table, in JSON Lines, across partitions and a resume; {@code rowlift.source.blank-lines=fail}
 * makes it a bad record naming its place, and the advice that failure gives is followed literally, and so is the
 * advice of the refusal that following it meets.
 */
abstract class BlankLineScenarios extends ScenarioSupport {

	/**
	 * Five blank lines: right after the header, an LF and a CRLF one in a row, one between records, one at the end; and
	 * one inside a quoted field, which is the field's text, not a blank line.
	 */
	static final String TEXTS = "id,body\n\n1,a\n\r\n\n2,\"x\n\ny\"\n\n3,c\n\n";

	static final String COUNTED = "; 5 blank lines skipped (no records; rowlift.source.blank-lines); read 3 = written 3 + rejected 0";

	@ParameterizedTest(name = "{0} pipeline, {1} partition(s)")
	@CsvSource({ "fast, 1", "fast, 3", "spring, 1", "spring, 3" })
	void blankLinesAreSkippedAndCountedInTheSummaryAndItsJson(String pipeline, int partitions) throws Exception {
		Path csv = write("texts.csv", TEXTS);
		Path summary = this.dir.resolve("summary.json");

		RowliftRun run = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.partitions=" + partitions,
				"--rowlift.job.chunk-size=1", "--rowlift.report.summary-file=" + summary);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains(COUNTED);
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("2", "x\n\ny"),
				List.of("3", "c"));
		assertThat(Files.readString(summary)).contains("\"read\":3,").contains("\"blankLines\":5");
	}

	@Test
	void withoutAHeaderBlankLinesAreNoRecordsEither() throws Exception {
		Path csv = write("noheader.csv", "\n1,a\n\n\n2,b\r\n\r\n");

		RowliftRun run = rowlift(csv, "texts", "--rowlift.source.header=false", "--rowlift.job.partitions=2");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("; 4 blank lines skipped (no records; rowlift.source.blank-lines); read 2 = written 2");
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("2", "b"));
	}

	/**
	 * A one-column file: a blank line is no NULL row any more, while a line holding only {@code ""} is still the
	 * empty text (the contract's quoted empty field), on both pipelines.
	 */
	@ParameterizedTest(name = "{0} pipeline")
	@CsvSource({ "fast", "spring" })
	void inAOneColumnFileABlankLineIsNoRowButAQuotedEmptyFieldIsTheEmptyText(String pipeline) throws Exception {
		Path csv = write("one.csv", "b\nx\n\n\"\"\ny\n\n");

		RowliftRun run = rowlift(csv, "plain", "--rowlift.job.pipeline=" + pipeline);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("; 2 blank lines skipped (no records; rowlift.source.blank-lines); read 3 = written 3");
		assertThat(rows("SELECT b FROM plain ORDER BY b")).containsExactly(List.of(""), List.of("x"), List.of("y"));
	}

	/** A load sorted on disk: the sort skips the blank lines, and its manifest keeps their count for the summary. */
	@Test
	void aLoadSortedOnDiskCountsTheBlankLinesToo() throws Exception {
		Path csv = write("tokens.csv", "id,data\n\nc,3\n\r\na,1\n\n\nb,2\n\n");
		Path spill = Files.createDirectories(this.dir.resolve("spill"));

		RowliftRun run = rowlift(csv, "tokens", "--rowlift.sort.key-order=sort", "--rowlift.sort.spill-dir=" + spill,
				"--rowlift.job.partitions=2");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("rows in key order, sorted on disk")
			.contains("; 5 blank lines skipped (no records; rowlift.source.blank-lines); read 3 = written 3");
		assertThat(rows("SELECT id, data FROM tokens ORDER BY id")).containsExactly(List.of("a", "1"), List.of("b", "2"),
				List.of("c", "3"));
	}

	@Test
	void jsonLinesCountsItsBlankLinesTheSameWay() throws Exception {
		Path jsonl = write("texts.jsonl", "{\"id\": 1, \"body\": \"a\"}\n\n{\"id\": 2, \"body\": \"b\"}\r\n \n\r\n");

		RowliftRun run = rowlift(jsonl, "texts", "--rowlift.job.partitions=2");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("; 3 blank lines skipped (no records; rowlift.source.blank-lines); read 2 = written 2");
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("2", "b"));
	}

	/**
	 * A load that fails between blank lines (on a bad record, with partitions of about twenty records and chunks of
	 * one) resumes, with the budget the failure advises, and counts every blank line once: as many as the
	 * uninterrupted load of the same file counts. On both pipelines (the spring one reads its range again from the
	 * start on a resume, the fast one seeks to its saved offset).
	 */
	@ParameterizedTest(name = "{0} pipeline")
	@CsvSource({ "fast", "spring" })
	void aResumedLoadCountsTheBlankLinesAsOneUninterruptedRun(String pipeline) throws Exception {
		StringBuilder text = new StringBuilder("id,body\n");
		long blank = 0;
		for (int id = 1; id <= 40; id++) {
			text.append(id == 31 ? "x" : String.valueOf(id)).append(",b").append(id).append('\n');
			for (int i = 0; i < id % 4; i++, blank++) {
				text.append(i % 2 == 0 ? "\n" : "\r\n");
			}
		}
		Path csv = write("resumed.csv", text.toString());
		String[] options = { "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=1" };

		RowliftRun failed = rowlift(csv, "texts", options);
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).contains("'x' is not an integer");
		assertThat(count("SELECT COUNT(*) FROM texts")).as("committed before the failure").isBetween(1L, 38L);
		RowliftRun resumed = rowlift(csv, "texts", concat(options, "--rowlift.job.skip-limit=1"));

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		String counted = String.format("; %d blank lines skipped (no records; rowlift.source.blank-lines); read 40 = written 39 "
				+ "+ rejected 1", blank);
		assertThat(resumed.out()).contains("resumed and completed").contains(counted);
		assertThat(count("SELECT COUNT(DISTINCT id) FROM texts")).isEqualTo(39);

		execute("DELETE FROM texts");
		RowliftRun whole = rowlift(csv, "texts", concat(concat(options, "--rowlift.job.skip-limit=1"), "--rowlift.job.reload=true"));
		assertThat(whole.exitCode()).as(whole.toString()).isZero();
		assertThat(whole.out()).contains(counted);
	}

	/**
	 * {@code rowlift.source.blank-lines=fail}: the blank line is a bad record naming file, line and byte (the load
	 * fails on it, or rejects it within a budget); the advice it gives is then followed literally.
	 */
	@ParameterizedTest(name = "{0} pipeline")
	@CsvSource({ "fast", "spring" })
	void withBlankLinesFailABlankLineIsABadRecordAndItsAdviceWorks(String pipeline) throws Exception {
		Path csv = write("strict.csv", "id,body\n1,a\n\n2,b\n");

		RowliftRun failed = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.source.blank-lines=fail");

		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).contains("rowlift: run 1 failed: " + csv + ":3:1 (byte 12): a blank line, which "
				+ "rowlift.source.blank-lines=fail refuses; remove it, or load the file with rowlift.source.blank-lines=skip "
				+ "(the default), which skips and counts blank lines");

		// the setting decides whether a blank line stops the load, so the failed run does not resume under another one
		RowliftRun advised = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.source.blank-lines=skip");
		assertThat(advised.exitCode()).as(advised.toString()).isEqualTo(3);
		assertThat(advised.err()).contains("rowlift: settings changed since run 1, which did not finish (FAILED): resuming it "
				+ "would load the rest of the file differently from the rows it loaded so far: rowlift.source.blank-lines: 'fail' "
				+ "-> (not set); run the command with run 1's settings to resume it, or, to abandon it and load with these, set "
				+ "rowlift.job.start-over=true (run 1 committed no rows to texts)");

		advised = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.source.blank-lines=skip",
				"--rowlift.job.start-over=true");
		assertThat(advised.exitCode()).as(advised.toString()).isZero();
		assertThat(advised.out()).contains("; 1 blank line skipped (no records; rowlift.source.blank-lines); read 2 = written 2");
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("2", "b"));
	}

	@Test
	void withBlankLinesFailAndABudgetTheBlankLineIsRejectedWithItsReason() throws Exception {
		Path csv = write("budget.csv", "id,body\n1,a\n\n2,b\n");

		RowliftRun run = rowlift(csv, "texts", "--rowlift.source.blank-lines=fail", "--rowlift.job.skip-limit=1");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("1 bad record rejected").contains("read 3 = written 2 + rejected 1");
		assertThat(Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"), StandardCharsets.UTF_8))
			.contains("3,12,1,\"a blank line, which rowlift.source.blank-lines=fail refuses");
	}

	Path write(String name, String content) throws Exception {
		return Files.writeString(this.dir.resolve(name), content, StandardCharsets.UTF_8);
	}

}
