package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 in the index build", command(csv), TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed");
		assertExactAndIntact(csv);
		assertThat(Path.of(file + "-journal")).doesNotExist();
		assertThat(rows("PRAGMA journal_mode")).containsExactly(List.of("wal"));
	}

	/**
	 * Issue #34 item 2: while a run builds its indexes with a rollback journal, SQLite lets no other connection
	 * in (not even a reader, once the build spills past its cache). The same command run then is refused at once
	 * as another run being active (it waited SQLite's busy timeout while Rowlift started, then failed with
	 * SQLITE_BUSY, exit 1), {@code status} answers at once that the load runs, and the refusal's advice
	 * ({@code rowlift.job.lock-wait=10m}), followed literally, waits for the run and then finds the file loaded.
	 */
	@Test
	void duringTheIndexBuildTheSameCommandIsRefusedAtOnceAndStatusSaysRunning() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-300000.csv"), "ints", 300_000, 31);
		Path go = this.dir.resolve("go");
		RowliftJar.Attempt first = this.jar.start("paused inside the index build",
				command(csv, "--rowlift.test.pause-at=index-build", "--rowlift.test.resume-when=" + go));
		awaitOutput(first, "rowlift-test: paused at index-build");

		RowliftJar.Attempt second = this.jar.run("the same command during the index build", command(csv), Duration.ofSeconds(90));

		assertThat(second.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(second.output()).contains("rowlift: another run is active: a load into ints is running now (it holds the run "
				+ "lock); wait for it to end and run the same command, or set rowlift.job.lock-wait=10m to wait for the lock "
				+ "instead of being refused; nothing was written").doesNotContain("SQLiteException");
		assertThat(second.elapsedMillis()).as("refused at once").isLessThan(30_000);

		List<String> status = new ArrayList<>(List.of("status"));
		status.addAll(target().options());
		status.add("--rowlift.target.table=ints");
		RowliftJar.Attempt running = this.jar.run("status during the index build", status, Duration.ofSeconds(90));
		assertThat(running.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(running.output()).contains("rowlift status: a load into ints is running in the sqlite database")
			.contains("the same load command now: refuse (exit 3): another run is active");
		assertThat(running.elapsedMillis()).as("answered at once").isLessThan(30_000);

		// the advice, literally: the same command with rowlift.job.lock-wait=10m waits for the run, then finds the file loaded
		RowliftJar.Attempt waiting = this.jar.start("the same command with the advised lock wait", command(csv, "--rowlift.job.lock-wait=10m"));
		assertThat(waiting.waitFor(5_000)).as("waits while the run holds the database").isFalse();
		Files.createFile(go);
		assertThat(first.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(first.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(waiting.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(waiting.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(waiting.output()).contains("already loaded");
		assertExactAndIntact(csv);
	}

	/**
	 * Issue #34 item 2: a database another program holds locked (here a rollback-journal file in an exclusive
	 * transaction, as a sqlite3 shell leaves it) is a sentence with the fix, exit 3, after a short wait, and
	 * nothing is written; its advice, followed literally, waits until the program lets go, then goes on (the
	 * file was loaded before: "already loaded").
	 */
	@Test
	void aDatabaseAnotherProgramHoldsLockedIsRefusedWithTheFixAndTheAdvisedWaitGoesOn() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-1000.csv"), "ints", 1_000, 37);
		RowliftJar.Attempt loaded = this.jar.run("the load", command(csv), TIMEOUT);
		assertThat(loaded.exitCode()).as(this.jar.tail(20_000)).isZero();
		Path file = ((SqliteTestTarget) target()).file();
		try (java.sql.Connection program = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
				java.sql.Statement st = program.createStatement()) {
			st.execute("PRAGMA journal_mode = DELETE");
			st.execute("CREATE TABLE other (x INTEGER)");
			st.execute("BEGIN EXCLUSIVE");
			st.execute("INSERT INTO other VALUES (1)");

			RowliftJar.Attempt refused = this.jar.run("the same command while another program holds the database",
					command(csv), Duration.ofSeconds(90));

			assertThat(refused.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
			assertThat(refused.output()).contains("rowlift: the SQLite database " + file + " is locked by another program (one "
					+ "that holds a write transaction open in it, such as a sqlite3 shell, or opened it in exclusive locking mode); "
					+ "end that transaction or close the program, then run the same command, or set rowlift.job.lock-wait=10m to "
					+ "wait for it; nothing was written").doesNotContain("SQLiteException");

			RowliftJar.Attempt waiting = this.jar.start("the same command with the advised lock wait", command(csv, "--rowlift.job.lock-wait=10m"));
			assertThat(waiting.waitFor(15_000)).as("waits while the program holds the database").isFalse();
			st.execute("COMMIT");
			assertThat(waiting.waitFor(TIMEOUT.toMillis())).isTrue();
			assertThat(waiting.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
			assertThat(waiting.output()).contains("already loaded");
		}
		assertExactAndIntact(csv);
	}

}
