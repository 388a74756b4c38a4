package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * The load modes upsert and ignore on a real MySQL-compatible server (CI: MariaDB 10.11 at
 * 127.0.0.1:3306), and MySQL's own: ON DUPLICATE KEY UPDATE matches on any unique key.
 */
class MySqlKeyModeIntegrationTests extends KeyModeScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("key_mode");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	@Override
	String primaryKey() {
		return "PRIMARY";
	}

	@Test
	void refusesAKeyWhenAnotherUniqueKeyOfTheFileCouldMatchInstead() throws Exception {
		var csv = Files.writeString(dir.resolve("members.csv"), "id,email,name\n1,a@x,Ann\n");

		RowliftRun run = rowlift(csv, "members", "--rowlift.target.mode=upsert", "--rowlift.target.upsert-key=members_email");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift.target.mode=upsert on mysql matches a row on any unique key (ON DUPLICATE KEY "
				+ "UPDATE), and table members has another unique key whose columns all come from the file: PRIMARY (id); a row "
				+ "could match on it instead of on members_email (email): match on the primary key instead: leave "
				+ "rowlift.target.upsert-key out (the load drops the table's other unique indexes until it ends, so rows match on "
				+ "the primary key alone), or leave one of its columns out of the file");
		assertThat(count("SELECT COUNT(*) FROM members")).isZero();

		// issue 20: the advice, followed literally (it used to refuse the other way round: a circle)
		RowliftRun followed = rowlift(csv, "members", "--rowlift.target.mode=upsert");
		assertThat(followed.exitCode()).as(followed.toString()).isZero();
		assertThat(rows("SELECT id, email, name FROM members")).containsExactly(java.util.List.of("1", "a@x", "Ann"));
	}

	/**
	 * Issue 20: a table like the sample's people (a primary key and a second unique key, both in the file),
	 * upserted on the primary key: its other unique index is dropped during the load, so rows match on the
	 * primary key alone, and the index is back after it.
	 */
	@Test
	void upsertsOnThePrimaryKeyOfATableWithASecondUniqueKeyInTheFile() throws Exception {
		var first = Files.writeString(dir.resolve("members-1.csv"), "id,email,name\n1,a@x,Ann\n2,b@x,Bob\n");
		assertThat(rowlift(first, "members").exitCode()).isZero();
		var second = Files.writeString(dir.resolve("members-2.csv"), "id,email,name\n2,b@x,Bobby\n3,c@x,Cy\n");

		RowliftRun run = rowlift(second, "members", "--rowlift.target.mode=upsert");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(rows("SELECT id, email, name FROM members ORDER BY id")).containsExactly(java.util.List.of("1", "a@x", "Ann"),
				java.util.List.of("2", "b@x", "Bobby"), java.util.List.of("3", "c@x", "Cy"));
		assertThat(run.out()).contains("+ updated 1");
		assertThat(target().indexes("members")).contains("members_email");
	}

	/**
	 * Issue #24: write method {@code load-data} (the default where the server allows LOAD DATA LOCAL) stages
	 * each chunk and applies it with one INSERT ... SELECT; {@code insert} keeps the INSERT batches. Both
	 * load the same overlapping file to the same table and counts.
	 */
	@Test
	void loadDataStagesEachChunkAndInsertKeepsTheBatchesWithTheSameResult() throws Exception {
		java.util.Map<String, java.util.Map<Long, java.util.List<String>>> tables = new java.util.HashMap<>();
		for (String method : new String[] { "load-data", "insert" }) {
			target().reset();
			assertThat(rowlift(base(), "accounts").exitCode()).isZero();
			var csv = overlap("accounts-method-" + method + ".csv");

			RowliftRun run = rowlift(csv, "accounts", "--rowlift.target.mode=upsert", "--rowlift.job.chunk-size=50",
					"--rowlift.job.skip-limit=10", "--rowlift.target.write-method=" + method);

			assertThat(run.exitCode()).as(run.toString()).isZero();
			assertThat(run.out()).contains("; mode upsert; read 604 = written 300 + updated 302 + rejected 2")
				.contains(method.equals("load-data") ? "mode upsert stages each chunk with LOAD DATA LOCAL and applies it with INSERT ... "
						+ "SELECT ... ON DUPLICATE KEY UPDATE (set by rowlift.target.write-method)"
						: "mode upsert matches keys with INSERT batches (ON DUPLICATE KEY UPDATE): set by "
								+ "rowlift.target.write-method");
			tables.put(method, accounts());
		}
		assertThat(tables.get("load-data")).isEqualTo(afterUpsert()).isEqualTo(tables.get("insert"));
	}

}
