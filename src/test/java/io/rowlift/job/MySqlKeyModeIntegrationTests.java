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
				+ "could match on it instead of on members_email (email)");
		assertThat(count("SELECT COUNT(*) FROM members")).isZero();
	}

	@Test
	void refusesLoadDataInAModeThatMatchesKeys() throws Exception {
		var csv = Files.writeString(dir.resolve("accounts.csv"), "id,name,score\n1,a,1\n");

		RowliftRun run = rowlift(csv, "accounts", "--rowlift.target.mode=ignore", "--rowlift.target.write-method=load-data");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift.target.write-method=load-data cannot load in rowlift.target.mode=ignore: "
				+ "LOAD DATA ... REPLACE deletes a matched row and inserts it again");
	}

}
