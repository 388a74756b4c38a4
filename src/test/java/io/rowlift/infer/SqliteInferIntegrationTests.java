package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@code infer} then {@code load} into real SQLite files; infer touches no database. */
class SqliteInferIntegrationTests extends InferScenarios {

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

	@Test
	void inferTouchesNoDatabase() throws Exception {
		Path file = GenCsv.write(this.work.resolve("ints.csv"), "ints", 100);
		Path missing = this.work.resolve("no-such-folder/target.db");
		RowliftRun sqlite = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + file, "--rowlift.target.table=ints",
				"--rowlift.infer.output-dir=" + this.work.resolve("out1"), "--spring.datasource.url=jdbc:sqlite:" + missing));
		assertThat(sqlite.exitCode()).as(sqlite.toString()).isZero();
		assertThat(missing.getParent()).as("the SQLite folder a load would create").doesNotExist();
		RowliftRun mysql = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + file, "--rowlift.target.table=ints",
				"--rowlift.infer.output-dir=" + this.work.resolve("out2"), "--spring.profiles.active=mysql",
				"--spring.datasource.url=jdbc:mysql://127.0.0.1:9/unreachable"));
		assertThat(mysql.exitCode()).as(mysql.toString()).isZero();
		assertThat(this.work.resolve("out2/mysql/V1__create_ints.sql")).exists();
	}

	@Test
	void badSettingsAndHeadersAreExitTwoWithTheFix() throws Exception {
		Path dup = Files.writeString(this.work.resolve("dup.csv"), "id,Name,name\n1,a,b\n");
		RowliftRun run = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + dup, "--rowlift.target.table=t",
				"--rowlift.infer.output-dir=" + this.work.resolve("out")));
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.problems()).contains("the header names 'name' twice (columns 2 and 3");
		RowliftRun noTable = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + dup));
		assertThat(noTable.exitCode()).isEqualTo(2);
		assertThat(noTable.problems()).contains("rowlift.target.table is not set");
		RowliftRun noFile = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + this.work.resolve("none.csv"),
				"--rowlift.target.table=t"));
		assertThat(noFile.exitCode()).isEqualTo(2);
		assertThat(noFile.problems()).contains("none.csv: no such readable file");
		assertThat(this.work.resolve("out")).doesNotExist();
	}

	@Test
	void theDefaultOutputFolderIsTheMigrationsLocationWithoutVendor() throws Exception {
		Path file = GenCsv.write(this.work.resolve("wide.csv"), "wide", 50);
		RowliftRun run = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + file, "--rowlift.target.table=wide",
				"--spring.flyway.locations=filesystem:" + this.work.resolve("db") + "/{vendor}"));
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(this.work.resolve("db/sqlite/V1__create_wide.sql")).exists();
		assertThat(this.work.resolve("db/mysql/V1__create_wide.sql")).exists();
		RowliftRun again = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + file, "--rowlift.target.table=wide",
				"--spring.flyway.locations=filesystem:" + this.work.resolve("db") + "/{vendor}"));
		assertThat(again.exitCode()).isZero();
		assertThat(this.work.resolve("db/sqlite/V2__create_wide.sql")).exists();
	}

}
