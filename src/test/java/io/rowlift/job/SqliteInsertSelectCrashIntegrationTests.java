package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteExtension;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The crash scenarios on SQLite (kill -9 in every phase, signals, a second start, sorted loads) with write
 * method {@code insert-select}: each chunk as one buffer through the rowlift_rows extension, committed with
 * the reader's position in the chunk's transaction as on the INSERT path, so the same command resumes
 * exactly. Where the build has no extension, the same on its fallback.
 */
class SqliteInsertSelectCrashIntegrationTests extends SqliteCrashIntegrationTests {

	private SqliteTestTarget selectTarget;

	@Override
	TestTarget target() {
		if (this.selectTarget == null) {
			this.selectTarget = new SqliteTestTarget(this.databases, List.of("--rowlift.target.write-method=insert-select"));
		}
		return this.selectTarget;
	}

	/** Killed with chunks committed through the extension, resumed through it: the file exactly, once. */
	@Test
	void killedInTheLoadTheSameCommandResumesThroughTheExtension() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-60000.csv"), "ints", 60_000, 23);

		RowliftJar.Attempt paused = this.jar.start("paused in the load", command(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		long committed = count("SELECT COUNT(*) FROM ints");
		paused.kill();

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9", command(csv), TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed").contains(SqliteExtension.insertSelectSummary());
		assertThat(committed).as("rows committed before the kill").isPositive().isLessThan(60_000);
		assertExactAndIntact(csv);
	}

}
