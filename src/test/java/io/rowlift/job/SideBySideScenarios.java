package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;

/**
 * Issue #20 item 8: loads of different tables of one database started at once, each a process of its
 * own. On MySQL they run side by side (the run lock is one per table); on SQLite the lock is one per
 * file: a refused load names the load that holds it, and with {@code rowlift.job.lock-wait} they queue
 * and all complete.
 */
abstract class SideBySideScenarios extends ScenarioSupport {

	static final Duration TIMEOUT = Duration.ofMinutes(3);

	/** Table to shape and rows: small, but each load is a few chunks in 2 partitions. */
	static final Map<String, Integer> LOADS = new LinkedHashMap<>(Map.of("ints", 20_000, "wide", 10_000, "docs", 2_000));

	private final List<RowliftJar> jars = new ArrayList<>();

	/** Options every load of {@link #threeLoadsStartedAtOnceAllComplete} takes on this database. */
	abstract List<String> sideBySideOptions();

	/** How many of the three reach the job's start at the same time (the others wait for the lock). */
	abstract int startTogether();

	/** Rounds of three loads: the deadlock this guards against hit in the first round of every try on MySQL. */
	int rounds() {
		return 1;
	}

	@AfterEach
	void killLeftovers() {
		this.jars.forEach(RowliftJar::killAll);
	}

	List<String> command(Path csv, String table, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + CrashScenarios.MIGRATIONS + "/{vendor}" : option);
		}
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=" + table);
		args.add("--rowlift.job.partitions=2");
		args.add("--rowlift.job.chunk-size=2000");
		args.addAll(List.of(more));
		return args;
	}

	/** A launcher with a log of its own: processes running at once do not share one. */
	RowliftJar jar(String name) throws Exception {
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work-" + name)),
				this.dir.resolve("rowlift-" + target().id() + "-" + name + ".log"));
		this.jars.add(jar);
		return jar;
	}

	/**
	 * Three loads released at the same instant just before their job instances are created (where Spring
	 * Batch's SERIALIZABLE default deadlocked on MySQL), a few times over: every one completes, exactly.
	 */
	@Test
	void threeLoadsStartedAtOnceAllComplete() throws Exception {
		Map<String, Path> files = new LinkedHashMap<>();
		LOADS.forEach((table, rows) -> files.put(table, write(table, rows)));
		for (int round = 1; round <= rounds(); round++) {
			target().reset();
			Path go = this.dir.resolve("go-" + round);
			Map<String, RowliftJar.Attempt> runs = new LinkedHashMap<>();
			for (String table : files.keySet()) {
				List<String> args = command(files.get(table), table, "--rowlift.test.pause-at=" + LoadLauncher.JOB_START,
						"--rowlift.test.resume-when=" + go);
				args.addAll(sideBySideOptions());
				runs.put(table, jar(table + "-" + round).start(table + ", round " + round, args));
			}
			long deadline = System.nanoTime() + TIMEOUT.toNanos();
			while (runs.values().stream().filter(r -> r.output().contains("rowlift-test: paused at job-start")).count() < startTogether()) {
				for (Map.Entry<String, RowliftJar.Attempt> run : runs.entrySet()) {
					assertThat(run.getValue().waitFor(0)).as("round " + round + ", " + run.getKey() + " ended before the job "
							+ "start:\n" + run.getValue().output()).isFalse();
				}
				assertThat(System.nanoTime() < deadline).as("all paused before the job start").isTrue();
				Thread.sleep(50);
			}
			Files.createFile(go);
			for (Map.Entry<String, RowliftJar.Attempt> run : runs.entrySet()) {
				assertThat(run.getValue().waitFor(TIMEOUT.toMillis())).as(run.getKey() + " ended").isTrue();
				assertThat(run.getValue().exitCode()).as("round " + round + ", " + run.getKey() + ":\n" + run.getValue().output())
					.isZero();
				assertThat(count("SELECT COUNT(*) FROM " + run.getKey())).isEqualTo(LOADS.get(run.getKey()).longValue());
			}
		}
	}

	Path write(String shape, int rows) {
		try {
			return GenCsv.write(this.dir.resolve(shape + "-" + rows + ".csv"), shape, rows, 7);
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

}
