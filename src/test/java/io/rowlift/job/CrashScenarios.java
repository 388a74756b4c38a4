package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;

/**
 * Crash safety of the real jar, run as a separate process: killed with SIGKILL at a known point of
 * every phase (the test hook {@code rowlift.test.pause-at} holds it there), stopped with SIGTERM or
 * SIGINT, started twice at once; after each, the same command must end with the table equal to the
 * file, every index back, the ledger empty and the database intact.
 */
abstract class CrashScenarios extends ScenarioSupport {

	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	static final Set<String> INTS_INDEXES = Set.of("ints_value_1", "ints_value_1_value_2", "ints_value_2");

	static final Duration TIMEOUT = Duration.ofMinutes(3);

	RowliftJar jar;

	@BeforeEach
	void jar() throws Exception {
		Path work = Files.createDirectories(this.dir.resolve("work"));
		this.jar = new RowliftJar(work, this.dir.resolve("rowlift-" + target().id() + ".log"));
	}

	@AfterEach
	void killLeftovers() {
		this.jar.killAll();
	}

	/** The command: the test's database, the test migrations from the file system, the ints table. */
	List<String> command(Path csv, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}" : option);
		}
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=ints");
		args.add("--rowlift.job.partitions=3");
		if (List.of(more).stream().noneMatch(m -> m.startsWith("--rowlift.job.chunk-size="))) {
			args.add("--rowlift.job.chunk-size=5000");
		}
		args.addAll(List.of(more));
		return args;
	}

	@ParameterizedTest(name = "killed in {0}")
	@ValueSource(strings = { "index-drop", "partition", "load", "index-rebuild", "accounting", "summary" })
	void killedInEveryPhaseTheSameCommandLoadsTheFileExactly(String phase) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-60000.csv"), "ints", 60_000, 17);

		RowliftJar.Attempt paused = this.jar.start("paused at " + phase, command(csv, "--rowlift.test.pause-at=" + phase));
		awaitOutput(paused, "rowlift-test: paused at " + phase);
		paused.kill();

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 in " + phase, command(csv), TIMEOUT);
		if (phase.equals("summary")) { // the job had completed: the same command now says so
			assertThat(again.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
			assertThat(again.output()).contains("already loaded");
		}
		else {
			assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed");
		}
		assertExactAndIntact(csv);
	}

	/**
	 * Issue #20 item 9: rows that repeat a key of the unique index are moved to the rejects before the
	 * index is built; killed inside that (rejects staged, rows deleted, not committed) or right after it
	 * (indexes built, ledger not yet cleared), the same command ends exact: one row per key, the repeats
	 * rejected once each with their lines, every index back.
	 */
	@ParameterizedTest(name = "killed in {0}")
	@ValueSource(strings = { "duplicate-rejects", "index-rebuild" })
	void killedWhileRejectingRepeatedKeysTheSameCommandEndsExact(String point) throws Exception {
		io.rowlift.testsupport.RepeatedKeys file = io.rowlift.testsupport.RepeatedKeys.write(this.dir, 20_000, 60, 29);
		List<String> command = command(file.file(), "--rowlift.job.skip-limit=100");

		List<String> paused = new ArrayList<>(command);
		paused.add("--rowlift.test.pause-at=" + point);
		RowliftJar.Attempt first = this.jar.start("paused at " + point, paused);
		awaitOutput(first, "rowlift-test: paused at " + point);
		first.kill();

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 in " + point, command, TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed").contains("read 20,060 = written 20,000 + rejected 60");
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(Path.of(file.file() + ".rejects.csv")))
			.isEqualTo(file.repeatLines());
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(20_000);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(20_000);
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(integrity()).isEqualTo("ok");
	}

	/**
	 * Issue #34 item 6: blank lines, a block of them at each of the three partitions' splits, are no records; killed
	 * inside the load, the same command resumes and counts each blank line once, as one uninterrupted run does.
	 */
	@Test
	void aLoadKilledAmongBlankLinesAtItsSplitsCountsEachOnceWhenResumed() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-60000.csv"), "ints", 60_000, 41);
		long blank = io.rowlift.testsupport.BlankLineFiles.addBlankLines(csv, 3);

		RowliftJar.Attempt paused = this.jar.start("paused at load", command(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 in the load", command(csv), TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed").contains(String.format(java.util.Locale.ROOT,
				"; %,d blank lines skipped (no records; rowlift.source.blank-lines); read 60,000 = written 60,000", blank));
		assertExactAndIntact(csv);
	}

	@Test
	void aSecondStartWhileOneRunsIsRefusedAtOnce() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-30000.csv"), "ints", 30_000, 3);
		RowliftJar.Attempt first = this.jar.start("first, held inside the load", command(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(first, "rowlift-test: paused at load");

		RowliftJar.Attempt second = this.jar.run("second, same command", command(csv), Duration.ofSeconds(60));

		assertThat(second.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(second.output()).contains("another run is active");
		first.kill();
		assertThat(this.jar.runHere("after the first was killed", command(csv), TIMEOUT).exitCode()).isZero();
		assertExactAndIntact(csv);
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "TERM", "INT" })
	void aSignalStopsTheLoadAtAChunkBoundaryAndTheSameCommandResumesIt(String signal) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-60000.csv"), "ints", 60_000, 9);
		Path go = this.dir.resolve("go");
		// held inside the load (partition 0 in its second of ten chunks, written, not committed) until the signal has
		// been handled: the signal surely comes mid-load, where a fixed sleep after the index drop needed a file big
		// enough (500,000 rows) that the load was still running on a slow machine
		RowliftJar.Attempt run = this.jar.start("to be stopped by SIG" + signal,
				command(csv, "--rowlift.job.chunk-size=2000", "--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + go));
		awaitOutput(run, "rowlift-test: paused at load");
		assertThat(new ProcessBuilder("kill", "-" + signal, String.valueOf(run.pid())).start().waitFor()).isZero();
		awaitOutput(run, "SIG" + signal + " received: stopping at the next chunk boundary");
		Files.createFile(go);
		assertThat(run.waitFor(TIMEOUT.toMillis())).as("ended after SIG%s", signal).isTrue();

		assertThat(run.exitCode()).as(this.jar.tail(20_000)).isEqualTo(1);
		assertThat(run.output()).contains("SIG" + signal + " received: stopping at the next chunk boundary")
			.contains("run 1 stopped")
			.contains("run the same command again to resume");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("stopped before the end").isLessThan(60_000L);
		RowliftJar.Attempt resumed = this.jar.runHere("resumed after SIG" + signal, command(csv, "--rowlift.job.chunk-size=2000"),
				TIMEOUT);
		assertThat(resumed.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(resumed.output()).contains("run 1 resumed and completed");
		assertExactAndIntact(csv);
	}

	/**
	 * The strategy only big files get by default, forced on: a load sorted by key on disk (many small
	 * runs), killed while sorting (runs written, no manifest yet) or while loading the merged stream.
	 */
	@ParameterizedTest(name = "sorted load killed in {0}")
	@ValueSource(strings = { "sort", "load", "accounting" })
	void aSortedLoadKilledInAPhaseIsLoadedExactlyByTheSameCommand(String phase) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys-40000.csv"), "keys", 40_000, 23);
		Path spill = Files.createDirectories(this.dir.resolve("spill"));
		List<String> command = new ArrayList<>();
		for (String option : command(csv)) {
			command.add(option.equals("--rowlift.target.table=ints") ? "--rowlift.target.table=tokens" : option);
		}
		command.addAll(List.of("--rowlift.sort.key-order=sort", "--rowlift.sort.memory=256KB", "--rowlift.sort.spill-dir=" + spill));

		List<String> paused = new ArrayList<>(command);
		paused.add("--rowlift.test.pause-at=" + phase);
		RowliftJar.Attempt attempt = this.jar.start("sorted, paused at " + phase, paused);
		awaitOutput(attempt, "rowlift-test: paused at " + phase);
		attempt.kill();
		if (phase.equals("accounting")) {
			// every stream was drained and its runs deleted; a kill between a partition's completion being saved
			// and its reader's close (where a stream leaves its mark) leaves them, as this puts them back
			Path runs = Path.of(sortDirOfTheRun());
			assertThat(runs).as("deleted once every stream was drained").doesNotExist();
			Files.createDirectories(runs);
			Files.writeString(runs.resolve("drained-0"), "");
		}

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 in " + phase, command, TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed").contains("rows in key order, sorted on disk");
		List<String> lines = Files.readAllLines(csv);
		List<String> expected = new ArrayList<>(lines.subList(1, lines.size()));
		expected.sort(null);
		assertThat(rows("SELECT id, data FROM tokens ORDER BY id").stream().map(r -> r.get(0) + "," + r.get(1)).toList())
			.isEqualTo(expected);
		try (var left = Files.list(spill)) {
			assertThat(left).as("sorted runs left behind").isEmpty();
		}
	}

	/** The folder of sorted runs the one run of the load was given (in the plan stored with it). */
	private String sortDirOfTheRun() throws Exception {
		try (Connection c = target().connect()) {
			java.util.Map<Long, RunPlan> plans = StoredPlanRows.plans(c);
			assertThat(plans).as("one run, with its plan").hasSize(1);
			String dir = plans.values().iterator().next().storedSortDir();
			assertThat(dir).as("a run with a sort folder").isNotNull();
			return dir;
		}
	}

	/**
	 * The keys of a partition's step context that acb5daf, the last version before the input seam, wrote for a
	 * plain append of a CSV file, quoted from its code: {@code ByteRange} ({@code INDEX = "range.index"},
	 * {@code START = "range.start"}, {@code END = "range.end"}, {@code FIRST_LINE = "range.first-line"};
	 * {@code writeTo}: {@code putInt(INDEX, index)}, {@code putLong} the others) and {@code PartitionProgress}
	 * ({@code OFFSET = "reader.offset"}, {@code LINE = "reader.line"}, {@code READ = "reader.count"} by
	 * {@code saveRead}; {@code WRITTEN = "writer.written"}, {@code REJECTED = "writer.rejected"},
	 * {@code WRITTEN_AT_OPEN = "writer.written-at-open"} by {@code saveWritten}; all {@code putLong}).
	 */
	static final List<String> ACB5DAF_KEYS = List.of("range.index", "range.start", "range.end", "range.first-line",
			"reader.offset", "reader.line", "reader.count", "writer.written", "writer.rejected", "writer.written-at-open");

	/** Keys this version adds to a partition's context that a resume does without ({@link StepTimes}). */
	/**
	 * Keys this version saves that a resume does without (each read with a default): StepTimes' instants and the
	 * step execution that started them (the job table's times are the fallback), and the rows an upsert had
	 * updated when the partition opened (0: this run's count then takes in the earlier runs' updates, a figure
	 * of the summary only).
	 */
	static final List<String> OPTIONAL_KEYS = List.of(StepTimes.STARTED, StepTimes.ENDED, StepTimes.STARTED_BY,
			io.rowlift.progress.PartitionProgress.UPDATED_AT_OPEN);

	/**
	 * Issue #21: a run of the version before the input seam (acb5daf), failed mid-load, resumes with this
	 * one exactly. The run fails inside partition 0 (after two of its chunks committed, the other partitions
	 * done); then each partition's step context is written back as acb5daf's code wrote it: only Spring
	 * Batch's own {@code batch.*} entries and {@link #ACB5DAF_KEYS}, each with the type acb5daf put, with the
	 * values the run committed (so this version must not have needed a key acb5daf did not write). The same
	 * command then resumes and the table equals the file.
	 */
	@Test
	void aRunFailedMidLoadWithTheContextsOfTheVersionBeforeTheSeamResumesExactly() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-60000.csv"), "ints", 60_000, 31);
		long failAt = Files.size(csv) / 6; // in the middle of partition 0 of 3
		RowliftJar.Attempt failed = this.jar.run("failing inside partition 0", command(csv, "--rowlift.test.fail-at-byte=" + failAt),
				TIMEOUT);
		assertThat(failed.exitCode()).as(this.jar.tail(20_000)).isEqualTo(1);

		int rewritten = 0;
		boolean midRange = false;
		try (Connection c = target().connect()) {
			c.setAutoCommit(false);
			org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer serializer =
					new org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer();
			List<Long> ids = new ArrayList<>();
			try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT STEP_EXECUTION_ID FROM "
					+ "BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:partition%'")) {
				while (rs.next()) {
					ids.add(rs.getLong(1));
				}
			}
			for (long id : ids) {
				String serialized;
				try (var ps = c.prepareStatement("SELECT SHORT_CONTEXT, SERIALIZED_CONTEXT FROM BATCH_STEP_EXECUTION_CONTEXT "
						+ "WHERE STEP_EXECUTION_ID = ?")) {
					ps.setLong(1, id);
					try (ResultSet rs = ps.executeQuery()) {
						assertThat(rs.next()).isTrue();
						serialized = rs.getString(2) != null ? rs.getString(2) : rs.getString(1);
					}
				}
				java.util.Map<String, Object> now = serializer
					.deserialize(new java.io.ByteArrayInputStream(serialized.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
				// StepTimes' instants are information with a fallback (the job table's times), not state a resume needs:
				// rewritten away below like every key acb5daf did not write
				assertThat(now.keySet().stream().filter(k -> !k.startsWith("batch.") && !OPTIONAL_KEYS.contains(k)).toList())
					.as("the keys this version saved in step %d, all known to acb5daf", id)
					.isSubsetOf(ACB5DAF_KEYS)
					.contains("range.index", "range.start", "range.end", "reader.offset", "reader.count");
				java.util.Map<String, Object> old = new java.util.HashMap<>();
				now.forEach((k, v) -> {
					if (k.startsWith("batch.")) {
						old.put(k, v);
					}
				});
				old.put("range.index", ((Number) now.get("range.index")).intValue());
				for (String key : ACB5DAF_KEYS.subList(1, ACB5DAF_KEYS.size())) {
					if (now.containsKey(key)) {
						old.put(key, ((Number) now.get(key)).longValue());
					}
				}
				long offset = (Long) old.get("reader.offset");
				midRange |= offset > (Long) old.get("range.start") && offset < (Long) old.get("range.end");
				var out = new java.io.ByteArrayOutputStream();
				serializer.serialize(old, out);
				String written = out.toString(java.nio.charset.StandardCharsets.ISO_8859_1);
				assertThat(written.length()).as("fits the short context column").isLessThan(2500);
				try (var ps = c.prepareStatement("UPDATE BATCH_STEP_EXECUTION_CONTEXT SET SHORT_CONTEXT = ?, SERIALIZED_CONTEXT = NULL "
						+ "WHERE STEP_EXECUTION_ID = ?")) {
					ps.setString(1, written);
					ps.setLong(2, id);
					rewritten += ps.executeUpdate();
				}
			}
			c.commit();
		}
		assertThat(rewritten).as("partition contexts written as acb5daf wrote them").isGreaterThanOrEqualTo(3);
		assertThat(midRange).as("a partition stopped inside its range").isTrue();
		assertThat(count("SELECT COUNT(*) FROM ints")).as("committed before the failure").isBetween(1L, 59_999L);

		RowliftJar.Attempt again = this.jar.runHere("the same command, resuming the contexts of acb5daf", command(csv), TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed").contains("read 60,000 = written 60,000");
		assertExactAndIntact(csv);
	}

	/** Table equal to the file (count, no duplicates, digest), indexes back, ledger empty, database intact. */
	void assertExactAndIntact(Path csv) throws Exception {
		long rows = 0;
		long a = 0;
		long b = 0;
		for (String line : Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size())) {
			if (line.isEmpty()) {
				continue; // a blank line: no record
			}
			String[] f = line.split(",");
			rows++;
			a += Long.parseLong(f[0]) % 1_000_003;
			b += Long.parseLong(f[1]) % 1_000_003;
		}
		assertThat(count("SELECT COUNT(*) FROM ints")).as("rows").isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).as("distinct rows").isEqualTo(rows);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(a);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(b);
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(integrity()).isEqualTo("ok");
	}

	/** {@code PRAGMA integrity_check} or {@code CHECK TABLE}, as {@code ok} when all is well. */
	String integrity() throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			if (target().id().equals("sqlite")) {
				try (ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
					rs.next();
					return rs.getString(1);
				}
			}
			try (ResultSet rs = st.executeQuery("CHECK TABLE ints")) {
				String status = "none";
				while (rs.next()) {
					status = rs.getString("Msg_text");
				}
				return status.equalsIgnoreCase("OK") ? "ok" : status;
			}
		}
	}

	/** Waits until the attempt has written {@code text}; fails if it ends or takes too long first. */
	void awaitOutput(RowliftJar.Attempt attempt, String text) throws Exception {
		this.jar.awaitOutput(attempt, text, TIMEOUT);
	}

}
