package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * SQLite takes one load per database file at a time: a load into another table is refused naming the
 * load that holds the lock, or, with {@code rowlift.job.lock-wait}, waits for it.
 */
class SqliteSideBySideIntegrationTests extends SideBySideScenarios {

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

	@Override
	List<String> sideBySideOptions() {
		return List.of("--rowlift.job.lock-wait=2m");
	}

	@Override
	int startTogether() {
		return 1;
	}

	/** The refusal names the load that holds the lock, not the refused one; its advice is then followed. */
	@Test
	void aLoadIntoAnotherTableIsRefusedNamingTheHolderAndTheAdvisedWaitLetsItComplete() throws Exception {
		Path ints = write("ints", 20_000);
		Path wide = write("wide", 5_000);
		RowliftJar holder = jar("holder");
		Path go = this.dir.resolve("go");
		RowliftJar.Attempt first = holder.start("ints, held in the load",
				command(ints, "ints", "--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + go));
		long deadline = System.nanoTime() + TIMEOUT.toNanos();
		while (!first.output().contains("rowlift-test: paused at load")) {
			assertThat(System.nanoTime() < deadline).as("paused in the load").isTrue();
			Thread.sleep(50);
		}

		RowliftJar.Attempt refused = jar("refused").run("wide, while ints loads", command(wide, "wide"), TIMEOUT);

		assertThat(refused.exitCode()).as(refused.output()).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift: another run is active: a load into ints is running now and holds the "
				+ "run lock of this sqlite database, which takes one load at a time, so this load into wide cannot start; "
				+ "wait for it to end and run the same command, or set rowlift.job.lock-wait=10m to wait for the lock instead "
				+ "of being refused; nothing was written");
		assertThat(count("SELECT COUNT(*) FROM wide")).isZero();

		// the advice, literally: the same command with rowlift.job.lock-wait=10m waits for the holder, then loads
		RowliftJar.Attempt waiting = jar("waiting").start("wide, waiting for the lock",
				command(wide, "wide", "--rowlift.job.lock-wait=10m"));
		deadline = System.nanoTime() + TIMEOUT.toNanos();
		while (!waiting.output().contains("waiting up to 10m (rowlift.job.lock-wait) for the run lock, held by a load into ints")) {
			assertThat(System.nanoTime() < deadline).as("waiting for the lock:\n" + waiting.output()).isTrue();
			Thread.sleep(50);
		}
		java.nio.file.Files.createFile(go);
		assertThat(first.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(waiting.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(first.exitCode()).as(first.output()).isZero();
		assertThat(waiting.exitCode()).as(waiting.output()).isZero();
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(20_000);
		assertThat(count("SELECT COUNT(*) FROM wide")).isEqualTo(5_000);
	}

}
