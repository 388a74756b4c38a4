package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

import io.rowlift.testsupport.RowliftJar;

/**
 * What the scenarios that run the real jar on the ints table share (the stored plan's, the mapping's): the
 * jar, its command with this database and the test migrations, a run killed with SIGKILL at a checkpoint,
 * and the check that the table equals a file.
 */
abstract class JarScenarioSupport extends ScenarioSupport {

	static final Duration TIMEOUT = Duration.ofMinutes(3);

	static final long ROWS = 60_000;

	RowliftJar jar;

	@BeforeEach
	void jar() throws Exception {
		Path work = Files.createDirectories(this.dir.resolve("work"));
		this.jar = new RowliftJar(work, this.dir.resolve("rowlift-" + getClass().getSimpleName() + ".log"));
	}

	@AfterEach
	void killLeftovers() {
		this.jar.killAll();
	}

	/** The jar's command: this database, the test migrations, the ints table, 3 partitions of 5,000-row chunks. */
	List<String> command(Path csv, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + CrashScenarios.MIGRATIONS + "/{vendor}" : option);
		}
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=ints");
		args.add("--rowlift.job.partitions=3");
		args.add("--rowlift.job.chunk-size=5000");
		args.addAll(List.of(more));
		return args;
	}

	/** Starts {@code command}, waits for its pause in the load (rows committed), kills it. */
	void killedInTheLoad(List<String> command) throws Exception {
		killedAt("load", command);
	}

	/** Starts {@code command}, waits for its pause at the checkpoint {@code point}, kills it. */
	void killedAt(String point, List<String> command) throws Exception {
		List<String> paused = new ArrayList<>(command);
		paused.add("--rowlift.test.pause-at=" + point);
		RowliftJar.Attempt attempt = this.jar.start("paused at " + point, paused);
		awaitOutput(attempt, "rowlift-test: paused at " + point);
		attempt.kill();
	}

	/** Table equal to the file, indexes back, ledger empty. */
	void assertExact(Path csv) throws Exception {
		long[] expected = LoadModeScenarios.digest(csv);
		assertThat(count("SELECT COUNT(*) FROM ints")).as("rows of " + csv.getFileName()).isEqualTo(expected[0]);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(expected[1]);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(expected[2]);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).as("distinct rows")
			.isEqualTo(expected[0]);
		assertThat(target().indexes("ints")).isEqualTo(CrashScenarios.INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("ledger").isZero();
	}

	/** Waits until the attempt has written {@code text}; fails if it ends or takes too long first. */
	void awaitOutput(RowliftJar.Attempt attempt, String text) throws Exception {
		this.jar.awaitOutput(attempt, text, TIMEOUT);
	}

}
