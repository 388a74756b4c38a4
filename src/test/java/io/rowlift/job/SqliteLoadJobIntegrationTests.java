package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The load command's scenarios on a real SQLite file in a temporary folder, and SQLite's own. */
class SqliteLoadJobIntegrationTests extends LoadJobScenarios {

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
	void makesANewDatabaseFileWithPagesSizedForTheInputAndLeavesAnExistingFileAsItIs() throws Exception {
		Path ints = GenCsv.write(dir.resolve("ints-2000.csv"), "ints", 2_000, 4); // records of about 34 bytes
		Path wide = GenCsv.write(dir.resolve("wide-2000.csv"), "wide", 2_000); // about 330 bytes

		RowliftRun longRecords = rowlift(wide, "wide");
		assertThat(longRecords.exitCode()).as(longRecords.toString()).isZero();
		assertThat(rows("PRAGMA page_size")).containsExactly(List.of("65536"));
		assertThat(longRecords.out()).containsPattern("created \\S+target.db with 65536-byte pages \\(records average 3\\d\\d bytes, "
				+ "long records load faster in large pages; rowlift.target.page-size sets it\\)");

		this.target.reset();
		RowliftRun shortRecords = rowlift(ints, "ints");
		assertThat(shortRecords.exitCode()).isZero();
		assertThat(rows("PRAGMA page_size")).containsExactly(List.of("4096"));
		assertThat(shortRecords.out()).containsPattern("with 4096-byte pages \\(records average 3\\d bytes, short records gain nothing");

		this.target.reset();
		assertThat(rowlift(ints, "ints", "--rowlift.target.page-size=8192").exitCode()).isZero();
		assertThat(rows("PRAGMA page_size")).containsExactly(List.of("8192"));

		this.target.reset();
		execute("PRAGMA journal_mode = WAL"); // a file that exists (no tables yet), with SQLite's default 4096
		RowliftRun existing = rowlift(wide, "wide");
		assertThat(existing.exitCode()).isZero();
		assertThat(rows("PRAGMA page_size")).containsExactly(List.of("4096"));
		assertThat(existing.out()).doesNotContain("-byte pages");
		assertThat(count("SELECT COUNT(*) FROM wide")).isEqualTo(2_000);
	}

	@Test
	void refusesAPageSizeSqliteCannotUse() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-10.csv"), "ints", 10, 4);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.target.page-size=1000");

		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err()).contains("rowlift.target.page-size is 1000; SQLite pages are a power of two from 512 to 65536 bytes (unset: chosen from the input)");
		assertThat(this.target.file()).doesNotExist();
	}

	@Test
	void buildsTheIndexesWithARollbackJournalAndHandsTheFileBackInWalMode() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints-20000.csv"), "ints", 20_000, 5);

		RowliftRun run = rowlift(csv, "ints");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("building 3 index(es) with a rollback journal").doesNotContain("built in WAL mode");
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(rows("PRAGMA journal_mode")).containsExactly(List.of("wal"));
		assertThat(Path.of(this.target.file() + "-journal")).doesNotExist();
		assertThat(rows("PRAGMA integrity_check")).containsExactly(List.of("ok"));
		assertThat(intsInTable()).isEqualTo(intsInFile(csv));
	}

	@Test
	void buildsTheIndexesInWalModeWhileAnotherProgramHasTheFileOpen() throws Exception {
		Path first = GenCsv.write(dir.resolve("ints-20.csv"), "ints", 20, 6);
		Path csv = GenCsv.write(dir.resolve("ints-20000.csv"), "ints", 20_000, 7);
		assertThat(rowlift(first, "ints").exitCode()).isZero();
		// a reader keeps the file open from here, as a user's sqlite3 shell would
		try (Connection reader = DriverManager.getConnection("jdbc:sqlite:" + this.target.file());
				Statement st = reader.createStatement()) {
			st.executeQuery("SELECT COUNT(*) FROM ints").close();

			RowliftRun run = rowlift(csv, "ints");

			assertThat(run.exitCode()).as(run.toString()).isZero();
			assertThat(run.out()).contains("another connection has the database open, so the indexes are built in WAL mode")
				.doesNotContain("with a rollback journal");
		}
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(rows("PRAGMA journal_mode")).containsExactly(List.of("wal"));
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(20_020);
		assertThat(rows("PRAGMA integrity_check")).containsExactly(List.of("ok"));
	}

}
