package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;

/**
 * The load modes {@code truncate} and {@code replace} (issue 12), on both pipelines, and their promises
 * after kill -9 and a rerun of the same command: a resumed truncate keeps the rows committed before the
 * kill, a replace leaves the old table whole and readable (read on a second connection while the run is
 * paused, and after the kill) until its swap, start-over drops the staging table, a resume in another
 * mode is refused. Every table ends equal to the file, with its indexes as they were and the ledger
 * empty.
 */
abstract class LoadModeScenarios extends ScenarioSupport {

	static final Duration TIMEOUT = Duration.ofMinutes(3);

	static final String STAGING = "ints__rowlift_stage";

	static final long OLD_ROWS = 3_000;

	RowliftJar jar;

	/** The table's definition as the database shows it: what must be the same after a swap. */
	abstract List<String> definition(String table) throws SQLException;

	@BeforeEach
	void jar() throws Exception {
		Path work = Files.createDirectories(this.dir.resolve("work"));
		this.jar = new RowliftJar(work, this.dir.resolve("rowlift-modes-" + target().id() + ".log"));
	}

	@AfterEach
	void killLeftovers() {
		this.jar.killAll();
	}

	/** The jar's command: this database, the test migrations from the file system, the ints table, 3 partitions. */
	List<String> command(Path csv, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + CrashScenarios.MIGRATIONS + "/{vendor}" : option);
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

	/**
	 * Loads {@value #OLD_ROWS} rows (seed 1) in mode append, as run 1: the table's rows before a truncate
	 * or replace, whose run is then run 2.
	 */
	Path oldRows() throws Exception {
		Path old = GenCsv.write(this.dir.resolve("old.csv"), "ints", OLD_ROWS, 1);
		RowliftRun run = rowlift(old, "ints");
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(OLD_ROWS);
		return old;
	}

	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void truncateEmptiesTheTableThenLoadsTheFile(String pipeline) throws Exception {
		oldRows();
		List<String> before = definition("ints");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 20_000, 2);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.target.mode=truncate", "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.job.partitions=2", "--rowlift.job.chunk-size=3000");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("emptied ints (rowlift.target.mode=truncate)")
			.contains("; mode truncate")
			.contains("; read 20,000 = written 20,000 + rejected 0")
			.contains(pipeline + " pipeline");
		assertExactAndIntact(csv);
		assertThat(definition("ints")).isEqualTo(before);
	}

	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void replaceLoadsAStagingTableLikeTheTargetAndSwapsItIn(String pipeline) throws Exception {
		oldRows();
		List<String> before = definition("ints");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 20_000, 2);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.target.mode=replace", "--rowlift.job.pipeline=" + pipeline,
				"--rowlift.job.partitions=2", "--rowlift.job.chunk-size=3000");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("made " + STAGING + " like ints (rowlift.target.mode=replace)")
			.contains("swapped the loaded table in for ints")
			.contains("; mode replace")
			.contains("into ints")
			.contains("; read 20,000 = written 20,000 + rejected 0");
		assertExactAndIntact(csv);
		assertThat(definition("ints")).as("the swapped table is defined as the old one was").isEqualTo(before);
	}

	@Test
	void aTruncateKilledInTheLoadKeepsTheRowsCommittedBeforeTheKillWhenResumed() throws Exception {
		oldRows();
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 60_000, 2);

		RowliftJar.Attempt paused = this.jar.start("truncate, paused in the load",
				command(csv, "--rowlift.target.mode=truncate", "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).as("rows committed before the kill, the old ones gone").isPositive().isLessThan(60_000);

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9", command(csv, "--rowlift.target.mode=truncate"),
				TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 2 resumed and completed").doesNotContain("emptied ints");
		assertExactAndIntact(csv); // emptied again, it would miss the rows committed before the kill
	}

	@Test
	void aTruncateKilledBeforeItsPreparationCommittedEmptiesTheTableOnTheRerun() throws Exception {
		oldRows();
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 20_000, 2);

		RowliftJar.Attempt paused = this.jar.start("truncate, paused in the preparation",
				command(csv, "--rowlift.target.mode=truncate", "--rowlift.test.pause-at=prepare"));
		awaitOutput(paused, "rowlift-test: paused at prepare");
		paused.kill();

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9", command(csv, "--rowlift.target.mode=truncate"),
				TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 2 resumed and completed").contains("emptied ints");
		assertExactAndIntact(csv);
	}

	@Test
	void aReplaceKilledInTheLoadLeavesTheOldTableWholeRefusesAnotherModeAndTheSameCommandFinishesIt() throws Exception {
		Path old = oldRows();
		List<String> before = definition("ints");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 60_000, 2);

		RowliftJar.Attempt paused = this.jar.start("replace, paused in the load",
				command(csv, "--rowlift.target.mode=replace", "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		assertTableHolds(old); // read on a connection of its own while the load is paused
		assertThat(count("SELECT COUNT(*) FROM " + STAGING)).as("rows committed into the staging table").isPositive();
		paused.kill();
		assertTableHolds(old);
		assertThat(definition("ints")).isEqualTo(before);
		long staged = count("SELECT COUNT(*) FROM " + STAGING);

		RowliftJar.Attempt append = this.jar.runHere("the command in mode append", command(csv), TIMEOUT);

		assertThat(append.exitCode()).as(this.jar.tail(20_000)).isEqualTo(3);
		assertThat(append.output()).contains("mode changed since run 2, which did not finish (FAILED): it started with "
				+ "rowlift.target.mode=replace and this command sets rowlift.target.mode=append; run the command with "
				+ "rowlift.target.mode=replace to resume run 2, or set rowlift.job.start-over=true");
		assertTableHolds(old);
		assertThat(count("SELECT COUNT(*) FROM " + STAGING)).as("the refused command changed nothing").isEqualTo(staged);

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9", command(csv, "--rowlift.target.mode=replace"),
				TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 2 resumed and completed").contains("; mode replace");
		assertExactAndIntact(csv);
		assertThat(definition("ints")).isEqualTo(before);
	}

	@Test
	void aReplaceKilledInItsSwapLeavesTheOldTableWholeAndTheSameCommandSwaps() throws Exception {
		Path old = oldRows();
		List<String> before = definition("ints");
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 20_000, 2);

		RowliftJar.Attempt paused = this.jar.start("replace, paused in the swap",
				command(csv, "--rowlift.target.mode=replace", "--rowlift.test.pause-at=swap"));
		awaitOutput(paused, "rowlift-test: paused at swap");
		assertTableHolds(old);
		paused.kill();
		assertTableHolds(old);

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9", command(csv, "--rowlift.target.mode=replace"),
				TIMEOUT);

		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 2 resumed and completed").contains("swapped the loaded table in for ints");
		assertExactAndIntact(csv);
		assertThat(definition("ints")).isEqualTo(before);
	}

	@ParameterizedTest(name = "{0}, {1} pipeline")
	@CsvSource({ "truncate, fast", "replace, fast", "replace, spring" })
	void killedAtARandomMomentTheSameCommandLoadsTheFileExactly(String mode, String pipeline) throws Exception {
		oldRows();
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 200_000, 3);
		long seed = System.nanoTime();
		int delay = 500 + new Random(seed).nextInt(4_000);

		RowliftJar.Attempt run = this.jar.start(mode + ", to be killed after " + delay + " ms (seed " + seed + ")",
				command(csv, "--rowlift.target.mode=" + mode, "--rowlift.job.chunk-size=2000", "--rowlift.job.pipeline=" + pipeline));
		Thread.sleep(delay);
		run.kill();

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 at " + delay + " ms",
				command(csv, "--rowlift.target.mode=" + mode, "--rowlift.job.chunk-size=2000", "--rowlift.job.pipeline=" + pipeline),
				TIMEOUT);
		String log = "killed after " + delay + " ms (seed " + seed + ")\n" + this.jar.tail(20_000);
		if (again.exitCode() == 3) { // the first had completed before the kill
			assertThat(again.output()).as(log).contains("already loaded");
		}
		else {
			assertThat(again.exitCode()).as(log).isZero();
		}
		assertExactAndIntact(csv);
	}

	@Test
	void startOverOfAnUnfinishedReplaceDropsItsStagingTable() throws Exception {
		Path old = oldRows();
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 60_000, 2);
		RowliftJar.Attempt paused = this.jar.start("replace, paused in the load",
				command(csv, "--rowlift.target.mode=replace", "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();
		assertThat(tableExists(STAGING)).isTrue();

		RowliftJar.Attempt over = this.jar.runHere("start-over, in mode append",
				command(csv, "--rowlift.job.start-over=true", "--rowlift.target.mode=append"), TIMEOUT);

		assertThat(over.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(over.output()).contains("abandoning unfinished run 2 (rowlift.job.start-over=true): a replace; dropped its "
				+ "staging table " + STAGING + ", ints keeps its rows");
		assertThat(tableExists(STAGING)).as("staging table left behind").isFalse();
		assertThat(count("SELECT COUNT(*) FROM ints")).as("the old rows and the file's, appended").isEqualTo(OLD_ROWS + 60_000);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(target().indexes("ints")).isEqualTo(CrashScenarios.INTS_INDEXES);
		assertThat(old).exists();
	}

	@Test
	void startOverOfAnUnfinishedReplaceInModeReplaceLoadsTheFileIntoAFreshStagingTable() throws Exception {
		oldRows();
		Path csv = GenCsv.write(this.dir.resolve("new.csv"), "ints", 60_000, 2);
		RowliftJar.Attempt paused = this.jar.start("replace, paused in the load",
				command(csv, "--rowlift.target.mode=replace", "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();

		RowliftJar.Attempt over = this.jar.runHere("start-over, replace again",
				command(csv, "--rowlift.job.start-over=true", "--rowlift.target.mode=replace"), TIMEOUT);

		assertThat(over.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(over.output()).contains("run 3 completed");
		assertExactAndIntact(csv);
	}

	/** The quick start's sample: its file and migrations (table people, indexes people_city and people_email). */
	static final Path SAMPLE = Path.of("examples/people");

	/** The sample's own 2 secondary indexes. */
	static final java.util.Set<String> SAMPLE_INDEXES = java.util.Set.of("people_city", "people_email");

	/** A load of {@code csv} into the sample's table, created by the sample's own migrations, in this database. */
	RowliftRun sample(Path csv, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + SAMPLE.resolve("db") + "/{vendor}" : option);
		}
		args.addAll(List.of("--rowlift.source.path=" + csv, "--rowlift.target.table=people", "--rowlift.report.progress=none"));
		args.addAll(List.of(more));
		return this.sessions.run(args);
	}

	/**
	 * The quick start's sample loaded again with {@code rowlift.job.reload=true} (issue 34, item 8): exit 1 on its
	 * own keys, the message names the modes that load over rows already there first, with their exact flags, the
	 * 2 indexes are back at once (the advice does not resume), and each mode advised, added as printed, loads
	 * the file: 5,000 rows, indexes as before, ledger empty.
	 */
	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "upsert", "ignore", "truncate", "replace" })
	void aReloadOfTheSampleNamesTheModesFirstPutsTheIndexesBackAndTheModeAdvisedLoadsIt(String mode) throws Exception {
		Path csv = Files.copy(SAMPLE.resolve("people.csv"), this.dir.resolve("people.csv"));
		RowliftRun first = sample(csv);
		assertThat(first.exitCode()).as(first.toString()).isZero();
		assertThat(target().indexes("people")).isEqualTo(SAMPLE_INDEXES);

		RowliftRun reload = sample(csv, "--rowlift.job.reload=true");

		assertThat(reload.exitCode()).as(reload.toString()).isEqualTo(1);
		String modes = "people held rows before this load, and the database refused a row of the file for a key one of them has:"
				+ " to load the file over them, run the same command with --rowlift.job.start-over=true and one of"
				+ " --rowlift.target.mode=upsert (";
		assertThat(reload.problems()).contains(modes)
			.contains("--rowlift.target.mode=" + mode + " (")
			.doesNotContain("rowlift.job.skip-limit")
			.doesNotContain("not back yet")
			.endsWith("rowlift: the 2 index(es) of people the load dropped are back: people_city, people_email");
		assertThat(reload.problems().indexOf(modes)).isLessThan(reload.problems().indexOf("fix the file there"));
		assertThat(target().indexes("people")).as("indexes after the failure").isEqualTo(SAMPLE_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("ledger").isZero();

		RowliftRun advised = sample(csv, "--rowlift.job.reload=true", "--rowlift.job.start-over=true", "--rowlift.target.mode=" + mode);

		assertThat(advised.exitCode()).as(advised.toString()).isZero();
		assertThat(count("SELECT COUNT(*) FROM people")).isEqualTo(5_000);
		assertThat(count("SELECT COUNT(DISTINCT email) FROM people")).isEqualTo(count("SELECT COUNT(email) FROM people"));
		assertThat(target().indexes("people")).isEqualTo(SAMPLE_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("ledger").isZero();
	}

	/**
	 * An append of a new file into the sample's table whose first row repeats a key the table held: the modes
	 * first, the indexes back after the failure, and the other advice, fix the file there and load it again with
	 * {@code --rowlift.job.start-over=true}, followed as printed, loads the fixed file beside the old rows.
	 */
	@Test
	void anAppendOverAKeyTheTableHeldNamesTheModesAndTheFixedFileLoadsWithTheStartOverAdvised() throws Exception {
		List<String> lines = Files.readAllLines(SAMPLE.resolve("people.csv"));
		Path old = Files.write(this.dir.resolve("old.csv"), lines.subList(0, 101)); // ids 1..100
		List<String> next = new ArrayList<>(lines.subList(100, 201)); // ids 100..200
		next.add(0, lines.get(0));
		Path csv = Files.write(this.dir.resolve("new.csv"), next);
		RowliftRun first = sample(old);
		assertThat(first.exitCode()).as(first.toString()).isZero();

		RowliftRun append = sample(csv);

		assertThat(append.exitCode()).as(append.toString()).isEqualTo(1);
		assertThat(append.problems()).contains("people held rows before this load, and the database refused a row of the file for a key"
				+ " one of them has: to load the file over them, run the same command with --rowlift.job.start-over=true and one of"
				+ " --rowlift.target.mode=upsert (")
			.contains("; or, where the file should not hold that row: fix the file there and load it again with"
					+ " --rowlift.job.start-over=true (run 2 committed no rows, so none is loaded twice)");
		assertThat(target().indexes("people")).as("indexes after the failure").isEqualTo(SAMPLE_INDEXES);

		next.remove(1); // the row of id 100, which the table holds
		Files.write(csv, next);
		RowliftRun fixed = sample(csv, "--rowlift.job.start-over=true");

		assertThat(fixed.exitCode()).as(fixed.toString()).isZero();
		assertThat(count("SELECT COUNT(*) FROM people")).isEqualTo(200);
		assertThat(target().indexes("people")).isEqualTo(SAMPLE_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("ledger").isZero();
	}

	/**
	 * A bad value over {@code rowlift.job.skip-limit=0} in a file of the sample: the advice is not the same
	 * command, so the 2 indexes are back after the failure; the advice to raise the skip limit and run the same
	 * command, followed with {@code --rowlift.job.skip-limit=1}, resumes the run with the indexes in place and
	 * completes: 4,999 rows, 1 reject, both indexes, ledger empty.
	 */
	@Test
	void aBadValueOverTheSkipLimitPutsTheIndexesBackAndTheAdvisedResumeCompletesWithThem() throws Exception {
		List<String> lines = new ArrayList<>(Files.readAllLines(SAMPLE.resolve("people.csv")));
		lines.set(2500, lines.get(2500).replaceFirst(",\\d+$", ",old"));
		Path csv = Files.write(this.dir.resolve("people.csv"), lines);

		RowliftRun failed = sample(csv, "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=1000");

		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.problems()).contains(csv + ":2501:6")
			.contains("or leave the file as it is and run the same command with a higher rowlift.job.skip-limit")
			.doesNotContain("held rows before this load")
			.endsWith("rowlift: the 2 index(es) of people the load dropped are back: people_city, people_email");
		assertThat(target().indexes("people")).as("indexes after the failure").isEqualTo(SAMPLE_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM people")).isEqualTo(2_000);

		RowliftRun resumed = sample(csv, "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=1000", "--rowlift.job.skip-limit=1");

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("resumed and completed").contains("read 5,000 = written 4,999 + rejected 1");
		assertThat(count("SELECT COUNT(*) FROM people")).isEqualTo(4_999);
		assertThat(target().indexes("people")).isEqualTo(SAMPLE_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("ledger").isZero();
	}

	/** The table holds exactly the rows of {@code csv}, read on a connection of the test's own. */
	void assertTableHolds(Path csv) throws Exception {
		long[] expected = digest(csv);
		assertThat(count("SELECT COUNT(*) FROM ints")).as("rows of " + csv.getFileName()).isEqualTo(expected[0]);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(expected[1]);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(expected[2]);
	}

	/** Table equal to the file, no staging table, indexes back, ledger empty. */
	void assertExactAndIntact(Path csv) throws Exception {
		assertTableHolds(csv);
		long rows = digest(csv)[0];
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).as("distinct rows").isEqualTo(rows);
		assertThat(target().indexes("ints")).isEqualTo(CrashScenarios.INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("ledger").isZero();
		assertThat(tableExists(STAGING)).as("staging table left behind").isFalse();
		assertThat(tableExists("ints__rowlift_old")).as("old table left behind").isFalse();
	}

	static long[] digest(Path csv) throws Exception {
		long rows = 0;
		long a = 0;
		long b = 0;
		List<String> lines = Files.readAllLines(csv);
		for (String line : lines.subList(1, lines.size())) {
			String[] f = line.split(",");
			rows++;
			a += Long.parseLong(f[0]) % 1_000_003;
			b += Long.parseLong(f[1]) % 1_000_003;
		}
		return new long[] { rows, a, b };
	}

	boolean tableExists(String table) throws SQLException {
		try (Connection c = target().connect();
				ResultSet rs = c.getMetaData().getTables(c.getCatalog(), null, table, new String[] { "TABLE" })) {
			return rs.next();
		}
	}

	List<String> column(String sql) throws SQLException {
		List<String> values = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			while (rs.next()) {
				values.add(rs.getString(1));
			}
		}
		return values;
	}

	/** Waits until the attempt has written {@code text}; fails if it ends or takes too long first. */
	void awaitOutput(RowliftJar.Attempt attempt, String text) throws Exception {
		this.jar.awaitOutput(attempt, text, TIMEOUT);
	}

}
