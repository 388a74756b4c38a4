package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.rowlift.testsupport.RowliftRun;

/**
 * The load modes {@code upsert} and {@code ignore} (issue 12) on a real database, as a script uses
 * them: a table with rows, then a file that overlaps it (new keys, existing keys changed and unchanged,
 * a key repeated in the file, bad records), counts and table checked exactly. Each vendor's
 * {@code *IntegrationTests} runs them; each test gets a fresh database.
 */
abstract class KeyModeScenarios extends ScenarioSupport {

	/** Rows of the table before the overlapping file: ids 1..1000. */
	static final int BASE = 1_000;

	/** The base load: {@code id,n<id>,<id>}. */
	Path base() throws Exception {
		StringBuilder csv = new StringBuilder("id,name,score\n");
		for (int id = 1; id <= BASE; id++) {
			csv.append(id).append(",n").append(id).append(',').append(id).append('\n');
		}
		return Files.writeString(dir.resolve("accounts-base.csv"), csv, StandardCharsets.US_ASCII);
	}

	/**
	 * The file that overlaps the base (604 records): new key 1001; ids 1-200 changed (5 twice, the second
	 * time to {@code d5,7}); ids 201-300 as they are; new keys 1002-1300; two bad records (1400: score -1,
	 * which the CHECK refuses; 1401: score {@code abc}, not an integer); and 1001 again, the same as the
	 * first time, at the end (another partition when there are several).
	 */
	Path overlap(String name) throws Exception {
		StringBuilder csv = new StringBuilder("id,name,score\n");
		csv.append("1001,new1001,1001\n");
		for (int id = 1; id <= 200; id++) {
			csv.append(id).append(",c").append(id).append(',').append(id + 1).append('\n');
			if (id == 5) {
				csv.append("5,d5,7\n");
			}
		}
		for (int id = 201; id <= 300; id++) {
			csv.append(id).append(",n").append(id).append(',').append(id).append('\n');
		}
		for (int id = 1002; id <= 1300; id++) {
			csv.append(id).append(",new").append(id).append(',').append(id).append('\n');
		}
		csv.append("1400,bad1400,-1\n");
		csv.append("1401,bad1401,abc\n");
		csv.append("1001,new1001,1001\n");
		return Files.writeString(dir.resolve(name), csv, StandardCharsets.US_ASCII);
	}

	/** The table after an upsert of {@link #overlap}: id to (name, score). */
	static Map<Long, List<String>> afterUpsert() {
		Map<Long, List<String>> rows = new TreeMap<>();
		for (long id = 1; id <= BASE; id++) {
			rows.put(id, id <= 200 ? List.of("c" + id, String.valueOf(id + 1)) : List.of("n" + id, String.valueOf(id)));
		}
		rows.put(5L, List.of("d5", "7"));
		for (long id = 1001; id <= 1300; id++) {
			rows.put(id, List.of("new" + id, String.valueOf(id)));
		}
		return rows;
	}

	/** The table after an ignore of {@link #overlap}: the base, and the new keys. */
	static Map<Long, List<String>> afterIgnore() {
		Map<Long, List<String>> rows = new TreeMap<>();
		for (long id = 1; id <= BASE; id++) {
			rows.put(id, List.of("n" + id, String.valueOf(id)));
		}
		for (long id = 1001; id <= 1300; id++) {
			rows.put(id, List.of("new" + id, String.valueOf(id)));
		}
		return rows;
	}

	Map<Long, List<String>> accounts() throws Exception {
		Map<Long, List<String>> rows = new TreeMap<>();
		for (List<String> row : rows("SELECT id, name, score FROM accounts ORDER BY id")) {
			rows.put(Long.parseLong(row.get(0)), List.of(row.get(1), row.get(2)));
		}
		return rows;
	}

	static long jsonNumber(String json, String field) {
		Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*(-?\\d+)").matcher(json);
		assertThat(m.find()).as(field + " in " + json).isTrue();
		return Long.parseLong(m.group(1));
	}

	@ParameterizedTest(name = "{0}, {1} partition(s), key order {2}, {3} pipeline")
	@CsvSource({ "upsert, 1, auto, fast", "upsert, 3, auto, fast", "upsert, 1, sort, fast", "upsert, 2, chunk, fast", "upsert, 1, file, fast",
			"upsert, 2, auto, spring", "ignore, 1, auto, fast", "ignore, 3, auto, fast", "ignore, 1, sort, fast", "ignore, 1, chunk, fast",
			"ignore, 2, auto, spring" })
	void loadsAFileThatOverlapsTheTableAndCountsEveryRecordExactly(String mode, int partitions, String keyOrder,
			String pipeline) throws Exception {
		assertThat(rowlift(base(), "accounts").exitCode()).isZero();
		Path csv = overlap("accounts-" + mode + "-" + partitions + "-" + keyOrder + "-" + pipeline + ".csv");
		Path summary = dir.resolve("summary-" + mode + ".json");

		RowliftRun run = rowlift(csv, "accounts", "--rowlift.target.mode=" + mode, "--rowlift.job.partitions=" + partitions,
				"--rowlift.job.chunk-size=50", "--rowlift.job.skip-limit=10", "--rowlift.sort.key-order=" + keyOrder,
				"--rowlift.job.pipeline=" + pipeline, "--rowlift.report.summary-file=" + summary);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		String matched = mode.equals("upsert") ? "updated" : "ignored";
		assertThat(run.out()).contains("; mode " + mode + "; read 604 = written 300 + " + matched + " 302 + rejected 2");
		String json = Files.readString(summary);
		assertThat(json).contains("\"mode\":\"" + mode + "\"");
		assertThat(jsonNumber(json, "read")).isEqualTo(604);
		assertThat(jsonNumber(json, "rowsTotal")).isEqualTo(300);
		assertThat(jsonNumber(json, "updated")).isEqualTo(mode.equals("upsert") ? 302 : 0);
		assertThat(jsonNumber(json, "ignored")).isEqualTo(mode.equals("ignore") ? 302 : 0);
		assertThat(jsonNumber(json, "rejected")).isEqualTo(2);
		assertThat(accounts()).isEqualTo(mode.equals("upsert") ? afterUpsert() : afterIgnore());
		assertThat(target().indexes("accounts")).containsExactly("accounts_name");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		String reasons = Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"));
		assertThat(reasons).contains("the database refused the row").contains("abc");
		assertThat(Files.readString(Path.of(csv + ".rejects.csv"))).contains("1400,bad1400,-1").contains("1401,bad1401,abc");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource({ "upsert", "ignore" })
	void matchesOnANamedUniqueKeyThatStaysInForceWhileOtherIndexesAreDroppedAndRebuilt(String mode) throws Exception {
		Path first = Files.writeString(dir.resolve("members-1.csv"), "email,name\na@x,Ann\nb@x,Bob\nc@x,Cy\n");
		assertThat(rowlift(first, "members").exitCode()).isZero();
		Path second = Files.writeString(dir.resolve("members-2.csv"), "email,name\nb@x,Bobby\nd@x,Di\nc@x,Cy\nd@x,Dee\n");
		String[] options = { "--rowlift.target.mode=" + mode, "--rowlift.target.upsert-key=MEMBERS_EMAIL" };

		RowliftRun failed = rowlift(second, "members", concat(options, "--rowlift.test.fail-at-record=2"));

		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(target().indexes("members")).as("the key stays while the load is unfinished").containsExactly("members_email");
		assertThat(rows("SELECT INDEX_NAME FROM ROWLIFT_INDEX_LEDGER")).containsExactly(List.of("members_name"));

		RowliftRun run = rowlift(second, "members", options);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		String matched = mode.equals("upsert") ? "updated" : "ignored";
		assertThat(run.out()).contains("; mode " + mode + "; read 4 = written 1 + " + matched + " 3 + rejected 0")
			.contains("rows in file order (mode " + mode + " matches on MEMBERS_EMAIL, not the primary key");
		assertThat(rows("SELECT email, name FROM members ORDER BY email")).isEqualTo(mode.equals("upsert")
				? List.of(List.of("a@x", "Ann"), List.of("b@x", "Bobby"), List.of("c@x", "Cy"), List.of("d@x", "Dee"))
				: List.of(List.of("a@x", "Ann"), List.of("b@x", "Bob"), List.of("c@x", "Cy"), List.of("d@x", "Di")));
		assertThat(target().indexes("members")).containsExactlyInAnyOrder("members_email", "members_name");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	@Test
	void refusesAKeyThatIsNotUniqueOrDoesNotExistNamingTheTablesUniqueKeys() throws Exception {
		Path csv = Files.writeString(dir.resolve("members.csv"), "email,name\na@x,Ann\n");

		RowliftRun notUnique = rowlift(csv, "members", "--rowlift.target.mode=upsert", "--rowlift.target.upsert-key=members_name");
		RowliftRun missing = rowlift(csv, "members", "--rowlift.target.mode=ignore", "--rowlift.target.upsert-key=by_email");

		assertThat(notUnique.exitCode()).as(notUnique.toString()).isEqualTo(2);
		assertThat(notUnique.err()).contains("rowlift.target.upsert-key=members_name: index members_name of table members is not "
				+ "unique, so rows cannot be matched on it; its unique keys are " + primaryKey() + " (id), members_email (email): "
				+ "name one of them, or leave the setting out to match on the primary key");
		assertThat(missing.exitCode()).as(missing.toString()).isEqualTo(2);
		assertThat(missing.err()).contains("rowlift.target.upsert-key=by_email: table members has no unique key of that name; "
				+ "its unique keys are " + primaryKey() + " (id), members_email (email)");
		assertThat(count("SELECT COUNT(*) FROM members")).isZero();
		assertThat(target().indexes("members")).containsExactlyInAnyOrder("members_email", "members_name");
	}

	@Test
	void refusesAPrimaryKeyTheFileDoesNotFill() throws Exception {
		Path csv = Files.writeString(dir.resolve("members.csv"), "email,name\na@x,Ann\n");

		RowliftRun run = rowlift(csv, "members", "--rowlift.target.mode=upsert");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift.target.mode=upsert matches rows on " + primaryKey() + " (id) of table members, "
				+ "but the file does not fill all of its columns; add them to the file, or choose another key with "
				+ "rowlift.target.upsert-key (the table's unique keys: " + primaryKey() + " (id), members_email (email))");
		assertThat(count("SELECT COUNT(*) FROM members")).isZero();
	}

	@Test
	void refusesATableWithoutAPrimaryKeyWhenNoKeyIsNamed() throws Exception {
		Path csv = Files.writeString(dir.resolve("plain.csv"), "a,b\n1,x\n");

		RowliftRun run = rowlift(csv, "plain", "--rowlift.target.mode=ignore");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift.target.mode=ignore matches rows on the primary key, but table plain has none; "
				+ "it has no unique key either: add one with a migration, or load with rowlift.target.mode=append");
	}

	/** How the dialect names the primary key among the unique keys. */
	abstract String primaryKey();

}
