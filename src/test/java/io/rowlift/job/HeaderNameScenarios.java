package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.rowlift.testsupport.RowliftRun;

/**
 * Issue #34 item 7: a header with an empty name. The last one empty, with every line's last field empty, is a
 * trailing delimiter: left out and said once in the summary, on both pipelines; a value in that field is a bad
 * record naming its place. An empty name elsewhere is refused (exit 2) with advice that works when followed
 * literally, as the test does.
 */
abstract class HeaderNameScenarios extends ScenarioSupport {

	static final String NOTE = "the header ends with a delimiter (its last name is empty): the empty field after the last "
			+ "delimiter of every line is no column";

	static final String PROBLEM = "a value after the last delimiter, where the header ends with a delimiter (its last name is "
			+ "empty) and so gives it no column; remove the value, or name the column in the header";

	@ParameterizedTest(name = "{0} pipeline")
	@CsvSource({ "fast", "spring" })
	void aTrailingDelimiterOnEveryLineIsLeftOutAndSaidOnce(String pipeline) throws Exception {
		Path csv = write("trailing.csv", "id,body,\n1,a,\n2,b,\r\n3,\"c,\",\n");

		RowliftRun run = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.partitions=2");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out().split(java.util.regex.Pattern.quote(NOTE), -1)).as(run.out()).hasSize(2);
		assertThat(run.out()).contains("; " + NOTE).contains("read 3 = written 3 + rejected 0");
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("2", "b"),
				List.of("3", "c,"));
	}

	@ParameterizedTest(name = "{0} pipeline")
	@CsvSource({ "fast", "spring" })
	void aValueAfterTheTrailingDelimiterIsABadRecordNamingItsPlace(String pipeline) throws Exception {
		String content = "id,body,\n1,a,\n2,b,x\n3,c,\n";
		Path csv = write("value.csv", content);
		long at = content.indexOf("2,b,") + 4;

		RowliftRun failed = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline);
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).contains("rowlift: run 1 failed: " + csv + ":3:3 (byte " + at + "): " + PROBLEM);

		RowliftRun rejected = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.skip-limit=1");
		assertThat(rejected.exitCode()).as(rejected.toString()).isZero();
		assertThat(rejected.out()).contains("read 3 = written 2 + rejected 1");
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("3", "c"));
		assertThat(Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"))).contains("3," + at + ",3,\"a value after the last "
				+ "delimiter");
	}

	/** An empty name that is not the last: exit 2, and its advice (a name written there, left out by that name) works. */
	@ParameterizedTest(name = "{0} pipeline")
	@CsvSource({ "fast", "spring" })
	void anEmptyHeaderNameIsRefusedWithAdviceThatWorksWhenFollowed(String pipeline) throws Exception {
		Path csv = write("empty.csv", "id,,body\n1,z,a\n2,,b\n");

		RowliftRun refused = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline);

		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
		assertThat(refused.err()).contains(csv + ":1:2: field 2 of the header has no name, so it fills no column of table texts; "
				+ "write a name there in the header: a column of texts (its columns: id, body), or field2 to leave the field out "
				+ "with rowlift.source.ignore-columns=field2");

		write("empty.csv", "id,field2,body\n1,z,a\n2,,b\n"); // "write ... field2 there in the header"
		RowliftRun advised = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.source.ignore-columns=field2");

		assertThat(advised.exitCode()).as(advised.toString()).isZero();
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "a"), List.of("2", "b"));
	}

	Path write(String name, String content) throws Exception {
		return Files.writeString(this.dir.resolve(name), content, StandardCharsets.UTF_8);
	}

}
