package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.LoadSessions;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tests' {@link io.rowlift.testsupport.LoadSessions}: a load that runs in an application started for an
 * earlier load must behave as the command would with its own arguments, not the first load's.
 */
class LoadSessionsIntegrationTests extends ScenarioSupport {

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
	void aLaterLoadInTheSameApplicationRunsWithItsOwnRequestSettings() throws Exception {
		Path first = GenCsv.write(dir.resolve("first.csv"), "ints", 3_000, 1);
		Path second = GenCsv.write(dir.resolve("second.csv"), "ints", 2_000, 3);

		RowliftRun one;
		RowliftRun two;
		String counts;
		try (LoadSessions sessions = new LoadSessions()) {
			one = sessions.run(withTarget(first, "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=500"));
			two = sessions.run(withTarget(second, "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=700",
					"--rowlift.target.mode=truncate"));
			counts = sessions.counts();
		}

		assertThat(one.exitCode()).as(one.toString()).isZero();
		assertThat(two.exitCode()).as(two.toString()).isZero();
		assertThat(counts).isEqualTo("1 started, 1 reused");
		assertThat(one.out()).contains("3,000 rows from " + first, "1 partition", "500-row chunks");
		assertThat(two.out()).contains("2,000 rows from " + second, "3 partitions (set by rowlift.job.partitions)",
				"700-row chunks", "mode truncate");
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(2_000);
	}

	@Test
	void aLaterLoadWithAnUnknownKeyIsRefusedAsTheCommandRefusesIt() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints.csv"), "ints", 100, 1);
		RowliftRun reused;
		String counts;
		try (LoadSessions sessions = new LoadSessions()) {
			assertThat(sessions.run(withTarget(csv)).exitCode()).isZero();
			reused = sessions.run(withTarget(csv, "--rowlift.job.chunk-sise=10"));
			counts = sessions.counts();
		}
		RowliftRun alone = RowliftRun.of(withTarget(csv, "--rowlift.job.chunk-sise=10"));

		assertThat(counts).isEqualTo("1 started, 1 reused");
		assertThat(reused.exitCode()).isEqualTo(2).isEqualTo(alone.exitCode());
		assertThat(reused.problems()).contains("rowlift.job.chunk-sise").isEqualTo(alone.problems());
	}

	@Test
	void settingsTheApplicationsBeansReadStartAnApplicationOfTheirOwn() throws Exception {
		Path csv = GenCsv.write(dir.resolve("ints.csv"), "ints", 100, 1);

		RowliftRun batches;
		RowliftRun direct;
		String counts;
		try (LoadSessions sessions = new LoadSessions()) {
			batches = sessions.run(withTarget(csv));
			direct = sessions.run(withTarget(csv, "--rowlift.target.write-method=insert-direct", "--rowlift.target.mode=truncate",
					"--rowlift.job.reload=true"));
			counts = sessions.counts();
		}

		assertThat(batches.exitCode()).isZero();
		assertThat(direct.exitCode()).as(direct.toString()).isZero();
		assertThat(counts).isEqualTo("2 started, 0 reused");
		assertThat(direct.out()).contains("INSERT batches bound directly");
	}

	private java.util.List<String> withTarget(Path csv, String... more) {
		java.util.List<String> args = new java.util.ArrayList<>(target().options());
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=ints");
		args.add("--rowlift.report.progress=none");
		args.addAll(java.util.List.of(more));
		return args;
	}

}
