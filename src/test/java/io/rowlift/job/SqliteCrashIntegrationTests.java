package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Crash scenarios with the jar loading into a real SQLite file, and SQLite's own. */
class SqliteCrashIntegrationTests extends CrashScenarios {

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

	/**
	 * The index build leaves WAL mode for a rollback journal: killed inside it, with the first index
	 * built and not committed, the file is in rollback mode with a hot journal. The same command must
	 * roll that back, build every index and hand the file back in WAL mode.
	 */
	@Test
	void killedInsideTheRollbackJournalIndexBuildTheSameCommandBuildsEveryIndex() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-60000.csv"), "ints", 60_000, 23);
		Path file = ((SqliteTestTarget) target()).file(); // through target(): a subclass (insert-select) has its own

		RowliftJar.Attempt paused = this.jar.start("paused inside the index build", command(csv, "--rowlift.test.pause-at=index-build"));
		awaitOutput(paused, "rowlift-test: paused at index-build");
		paused.kill();

		assertThat(Path.of(file + "-journal")).as("the hot journal of the index being built").isNotEmptyFile();
		byte[] header = new byte[20];
		try (var in = Files.newInputStream(file)) {
			assertThat(in.readNBytes(header, 0, 20)).isEqualTo(20);
		}
		assertThat(header[18]).as("file format: 1 is a rollback journal, 2 is WAL").isEqualTo((byte) 1);

		RowliftJar.Attempt again = this.jar.run("the same command after kill -9 in the index build", command(csv), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed");
		assertExactAndIntact(csv);
		assertThat(Path.of(file + "-journal")).doesNotExist();
		assertThat(rows("PRAGMA journal_mode")).containsExactly(List.of("wal"));
	}

}
