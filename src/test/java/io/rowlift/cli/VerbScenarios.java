package io.rowlift.cli;

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

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * The verbs around a load on a real database: loads run as the real jar (held at a checkpoint with
 * {@code rowlift.test.pause-at}, killed with SIGKILL, stopped with SIGTERM), {@code status} and
 * {@code rebuild-indexes} run in this JVM as a second process would, against the same database.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class VerbScenarios {

	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	static final Set<String> INTS_INDEXES = Set.of("ints_value_1", "ints_value_1_value_2", "ints_value_2");

	static final Duration TIMEOUT = Duration.ofMinutes(3);

	@TempDir
	Path dir;

	RowliftJar jar;

	abstract TestTarget target();

	@BeforeEach
	void fresh() throws Exception {
		target().reset();
		this.jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift-" + target().id() + ".log"));
	}

	@AfterEach
	void killLeftovers() {
		this.jar.killAll();
	}

	@AfterAll
	void dropDatabase() throws Exception {
		target().dispose();
	}

	/** The database options, the migrations from the file system (the jar has no test classpath). */
	List<String> database() {
		List<String> args = new ArrayList<>();
		for (String option : target().options()) {
			args.add(option.startsWith("--spring.flyway.locations=") ? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}"
					: option);
		}
		return args;
	}

	List<String> load(Path csv, String... more) {
		List<String> args = database();
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=ints");
		args.add("--rowlift.job.partitions=3");
		if (List.of(more).stream().noneMatch(m -> m.startsWith("--rowlift.job.chunk-size="))) {
			args.add("--rowlift.job.chunk-size=5000");
		}
		args.addAll(List.of(more));
		return args;
	}

	RowliftRun verb(String verb, String... more) {
		List<String> args = new ArrayList<>();
		args.add(verb);
		args.addAll(database());
		args.addAll(List.of(more));
		return RowliftRun.of(args);
	}

	@Test
	void statusOnADatabaseWithoutLoadsSaysSoAndCreatesNothing() throws Exception {
		RowliftRun status = verb("status");
		assertThat(status.exitCode()).as(status.toString()).isZero();
		assertThat(status.out()).contains("rowlift status: no loads in the " + target().id() + " database")
			.contains("Rowlift's tables are not there");
		assertThat(tables()).as("status creates no table").isEmpty();
	}

	@Test
	void statusAfterACompletedAndAFailedLoad() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 20_000, 5);
		Path other = GenCsv.write(this.dir.resolve("other.csv"), "ints", 12_000, 6);
		Path summary = this.dir.resolve("summary.json");
		assertThat(this.jar.runHere("completed", load(csv, "--rowlift.report.summary-file=" + summary), TIMEOUT).exitCode())
			.as(this.jar.tail(20_000)).isZero();
		RowliftJar.Attempt failed = this.jar.run("failed", load(other, "--rowlift.test.fail-at-record=9000"), TIMEOUT);
		assertThat(failed.exitCode()).as(this.jar.tail(20_000)).isEqualTo(1);

		RowliftRun status = verb("status");
		assertThat(status.exitCode()).as(status.toString()).isZero();
		List<String> lines = status.out().lines().toList();
		assertThat(lines.get(0)).startsWith("rowlift status: 2 loads in the " + target().id() + " database");
		assertThat(lines.get(1)).matches("run +state +rows +started +took +table +file +the same command now");
		assertThat(lines.get(2)).matches(" *2 +failed +[0-9,]+ +\\S+ \\S+ +[0-9.]+ s +ints +" + other.toString().replace(".", "\\.")
				+ " +resume: run 2, its unfinished partitions from their last commit");
		assertThat(lines.get(3)).matches(" *1 +completed +20,000 +\\S+ \\S+ +[0-9.]+ s +ints +" + csv.toString().replace(".", "\\.")
				+ " +refuse \\(exit 3\\): already loaded");
		assertThat(status.out()).contains("indexes dropped by a load that has not completed").contains("  ints: ints_value_1, ints_value_1_value_2, ints_value_2");

		RowliftRun narrowed = verb("status", "--rowlift.source.path=" + csv, "--rowlift.job.reload=true");
		assertThat(narrowed.out()).contains("1 load of " + csv).contains("new load: rowlift.job.reload=true").doesNotContain("failed");

		RowliftRun json = verb("status", "--rowlift.status.format=json", "--rowlift.status.limit=1");
		assertThat(json.exitCode()).isZero();
		var root = tools.jackson.databind.json.JsonMapper.builder().build().readTree(json.out());
		assertThat(root.get("database").asString()).isEqualTo(target().id());
		assertThat(root.get("loads")).hasSize(1);
		assertThat(root.get("loads").get(0).get("state").asString()).isEqualTo("failed");
		assertThat(root.get("loads").get(0).get("next").get("action").asString()).isEqualTo("resume");
		assertThat(root.get("droppedIndexes").get("ints")).hasSize(3);

		// issue 20: the time status gives is the run's to the millisecond, on MySQL too (whose job tables had
		// whole seconds: "took 0.0 s" for a 0.64 s run), the same as the summary's
		RowliftRun completed = verb("status", "--rowlift.status.format=json", "--rowlift.source.path=" + csv);
		double seconds = tools.jackson.databind.json.JsonMapper.builder().build().readTree(completed.out()).get("loads").get(0)
			.get("seconds").asDouble();
		double summarySeconds = tools.jackson.databind.json.JsonMapper.builder().build().readTree(Files.readString(summary))
			.get("seconds").asDouble();
		assertThat(summarySeconds).as("the summary's time").isGreaterThan(0);
		assertThat(seconds).as("status's time, against the summary's " + summarySeconds).isCloseTo(summarySeconds,
				org.assertj.core.data.Offset.offset(0.0015));
		assertThat(verb("status", "--rowlift.source.path=" + csv).out()).contains(String.format(java.util.Locale.ROOT, " %.1f s ",
				summarySeconds));
	}

	@Test
	void statusOfAStoppedARunningAndAKilledLoad() throws Exception {
		Path big = GenCsv.write(this.dir.resolve("big.csv"), "ints", 400_000, 8);
		RowliftJar.Attempt run = this.jar.start("to be stopped by SIGTERM", load(big, "--rowlift.job.chunk-size=2000"));
		awaitOutput(run, "dropped 3 index(es)");
		Thread.sleep(300);
		assertThat(new ProcessBuilder("kill", "-TERM", String.valueOf(run.pid())).start().waitFor()).isZero();
		assertThat(run.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(run.exitCode()).as(this.jar.tail(20_000)).isEqualTo(1);
		assertThat(verb("status").out()).containsPattern(" *1 +stopped +[0-9,]+ .* s +ints +.*resume: run 1");

		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 30_000, 7);
		RowliftJar.Attempt running = this.jar.start("held inside the load", load(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(running, "rowlift-test: paused at load");

		RowliftRun whileRunning = verb("status", "--rowlift.target.table=ints");
		assertThat(whileRunning.exitCode()).as(whileRunning.toString()).isZero();
		assertThat(whileRunning.out()).containsPattern(" *2 +running +[0-9,]+ .* - +ints +.*refuse \\(exit 3\\): another run is active")
			.containsPattern(" *1 +stopped +.*refuse \\(exit 3\\): another run is active");
		RowliftRun refused = verb("rebuild-indexes", "--rowlift.target.table=ints");
		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(3);
		assertThat(refused.err()).contains("another run is active: a load into ints holds the run lock");
		assertThat(target().indexes("ints")).as("a refused rebuild builds nothing").isEmpty();

		running.kill();
		RowliftRun afterKill = verb("status");
		assertThat(afterKill.out()).containsPattern(" *2 +killed +[0-9,]+ .* - +ints +.*resume: run 2")
			.containsPattern(" *1 +stopped +.*resume: run 1");
	}

	@Test
	void rebuildIndexesAfterAnAbandonedLoadThenTheResumeStillLoadsExactly() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 30_000, 11);
		RowliftJar.Attempt paused = this.jar.start("killed inside the load", load(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();
		assertThat(target().indexes("ints")).as("dropped by the killed run").isEmpty();

		RowliftRun rebuild = verb("rebuild-indexes", "--rowlift.target.table=INTS");
		assertThat(rebuild.exitCode()).as(rebuild.toString()).isZero();
		assertThat(rebuild.out()).contains("rowlift: rebuilt 3 index(es) of ints in ")
			.contains(": ints_value_1, ints_value_1_value_2, ints_value_2")
			.contains("run 1 (" + csv + " into ints, killed, ")
			.contains("the same load command resumes it");
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).as("the rows the killed run committed stay").isPositive().isLessThan(30_000);

		RowliftRun again = verb("rebuild-indexes", "--rowlift.target.table=ints");
		assertThat(again.exitCode()).isZero();
		assertThat(again.out()).contains("nothing to rebuild: no index of ints is in ROWLIFT_INDEX_LEDGER");
		assertThat(verb("status").out()).doesNotContain("indexes dropped by").containsPattern(" *1 +killed .*resume: run 1");

		RowliftJar.Attempt resumed = this.jar.runHere("resumed after the rebuild", load(csv), TIMEOUT);
		assertThat(resumed.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(resumed.output()).contains("run 1 resumed and completed").contains("read 30,000 = written 30,000 + rejected 0");
		assertExact(csv, 30_000);
	}

	@Test
	void rebuildIndexesThenStartOverLoadsTheFileAnew() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 30_000, 13);
		RowliftJar.Attempt paused = this.jar.start("killed inside the load", load(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();
		RowliftRun rebuilt = verb("rebuild-indexes", "--rowlift.target.table=ints");
		assertThat(rebuilt.exitCode()).isZero();
		assertThat(rebuilt.out()).contains("or set rowlift.job.start-over=true to abandon it")
			.contains("in mode append, set with it rowlift.target.mode=truncate or replace, or rowlift.job.keep-abandoned-rows=true");
		// start-over alone, in mode append over the killed run's committed rows, is refused, naming the choices
		// (issue #20 item 3: it used to load the file on top of them), and the operator takes the first as printed
		RowliftJar.Attempt refused = this.jar.run("start over", load(csv, "--rowlift.job.start-over=true"), TIMEOUT);
		assertThat(refused.exitCode()).as(refused.output()).isEqualTo(3);
		assertThat(refused.output()).contains("rowlift: start-over refused: run 1 (FAILED) committed ")
			.contains("Set one of these too (with rowlift.job.start-over=true): rowlift.target.mode=truncate (");
		RowliftJar.Attempt over = this.jar.runHere("start over, truncate", load(csv, "--rowlift.job.start-over=true",
				"--rowlift.target.mode=truncate"), TIMEOUT);
		assertThat(over.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(over.output()).contains("run 2 completed").contains("indexes dropped 3, rebuilt 3");
		assertExact(csv, 30_000);
		assertThat(verb("status").out()).containsPattern(" *2 +completed +30,000 .*refuse \\(exit 3\\): already loaded");
	}

	@Test
	void rebuildIndexesWithNothingInTheLedgerOrNoTable() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 1_000, 3);
		assertThat(this.jar.runHere("completed", load(csv), TIMEOUT).exitCode()).isZero();
		RowliftRun nothing = verb("rebuild-indexes", "--rowlift.target.table=ints");
		assertThat(nothing.exitCode()).isZero();
		assertThat(nothing.out()).contains("nothing to rebuild");
		RowliftRun noTable = verb("rebuild-indexes", "--rowlift.target.table=nope");
		assertThat(noTable.exitCode()).isEqualTo(2);
		assertThat(noTable.err()).contains("table 'nope' does not exist in the " + target().id() + " database");
		RowliftRun unset = verb("rebuild-indexes");
		assertThat(unset.exitCode()).isEqualTo(2);
		assertThat(unset.err()).contains("rebuild-indexes needs the table: add --rowlift.target.table=T");
	}

	// issue 34 item 1: Rowlift's own tables as targets, and ledger rows Rowlift did not write

	/** The schema or database prefix that names this target's tables ({@code main.}, the MySQL database). */
	abstract String schema();

	/**
	 * A ledger definition for an index {@code evil} of {@code ints} that does harm if run as given (drops
	 * {@code canary}, or alters {@code ints}), and what the check says of it.
	 */
	abstract String[] harmfulDefinition();

	/** A ledger definition of {@code index} on {@code ints} followed by a second statement, and what the check says of it. */
	abstract String[] secondStatement(String index);

	/** A file of the index ledger's columns whose one row would drop {@code canary} if a rebuild ran it. */
	Path ledgerShapedFile() throws Exception {
		return Files.writeString(this.dir.resolve("ledger-rows.csv"),
				"TABLE_NAME,INDEX_NAME,DEFINITION,IS_UNIQUE,COLUMN_LIST\nints,evil,DROP TABLE canary,0,value_1\n");
	}

	List<String> loadInto(String table, Path csv, String... more) {
		List<String> args = database();
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=" + table);
		args.addAll(List.of(more));
		return args;
	}

	/** {@code canary} still holds its row and {@code ints} its three columns. */
	void assertUnharmed() throws Exception {
		assertThat(tables()).as("the canary table").anyMatch(t -> t.equalsIgnoreCase("canary"));
		assertThat(count("SELECT COUNT(*) FROM canary WHERE id = 1 AND note = 'still here'")).isEqualTo(1);
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT * FROM ints WHERE 1 = 0")) {
			assertThat(rs.getMetaData().getColumnCount()).as("the columns of ints").isEqualTo(3);
		}
	}

	/** The rows of Rowlift's, Spring Batch's and Flyway's tables that a refused load must leave as they are. */
	List<Long> reservedRows() throws Exception {
		List<Long> rows = new ArrayList<>();
		for (String table : List.of("ROWLIFT_INDEX_LEDGER", "ROWLIFT_REJECT", "BATCH_JOB_INSTANCE", "BATCH_JOB_EXECUTION",
				"BATCH_STEP_EXECUTION", "flyway_schema_history")) {
			rows.add(count("SELECT COUNT(*) FROM " + table));
		}
		return rows;
	}

	@Test
	void rowliftsSpringBatchsAndFlywaysTablesAreNoTargetInAnySpelling() throws Exception {
		// issue 34 item 1: a file of the ledger's columns loaded into ROWLIFT_INDEX_LEDGER, and the next rebuild ran its row
		Path plain = Files.writeString(this.dir.resolve("plain.csv"), "a,b\n1,one\n");
		assertThat(this.jar.runHere("makes Rowlift's tables", loadInto("plain", plain), TIMEOUT).exitCode()).as(this.jar.tail(20_000))
			.isZero();
		Path rows = ledgerShapedFile();
		List<Long> before = reservedRows();
		for (String[] target : new String[][] { { "ROWLIFT_INDEX_LEDGER", "ROWLIFT_INDEX_LEDGER" },
				{ "rowlift_index_ledger", "ROWLIFT_INDEX_LEDGER" }, { schema() + ".Rowlift_Index_Ledger", "ROWLIFT_INDEX_LEDGER" },
				{ "\"ROWLIFT_INDEX_LEDGER\"", "ROWLIFT_INDEX_LEDGER" }, { "BATCH_JOB_INSTANCE", "BATCH_JOB_INSTANCE" },
				{ schema() + ".batch_job_execution", "BATCH_JOB_EXECUTION" }, { "flyway_schema_history", "FLYWAY_SCHEMA_HISTORY" },
				{ "rowlift_inbox", "ROWLIFT_INBOX" } }) {
			RowliftJar.Attempt refused = this.jar.run("into " + target[0], loadInto(target[0], rows), TIMEOUT);
			assertThat(refused.exitCode()).as(refused.output()).isEqualTo(2);
			assertThat(refused.output()).contains("rowlift: rowlift.target.table '" + target[0] + "' names " + target[1] + ", ")
				.contains(": Rowlift's, Spring Batch's and Flyway's own tables (ROWLIFT_*, BATCH_*, flyway_schema_history) are never "
						+ "load targets, since rows loaded there would change what Rowlift does; nothing was written; choose another "
						+ "table name in rowlift.target.table");
		}
		assertThat(reservedRows()).as("nothing written to Rowlift's tables").isEqualTo(before);
		assertThat(tables()).as("nor a table made").noneMatch(t -> t.equalsIgnoreCase("ROWLIFT_INBOX"));
		assertUnharmed();

		// the advice followed: the same file into a table of the user's
		RowliftJar.Attempt other = this.jar.run("into another table", loadInto("index_notes", rows), TIMEOUT);
		assertThat(other.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(count("SELECT COUNT(*) FROM index_notes WHERE DEFINITION = 'DROP TABLE canary'")).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertUnharmed();
	}

	@Test
	void aLedgerRowRowliftDidNotWriteIsNeverRun() throws Exception {
		// issue 34 item 1: rebuild-indexes and the next load ran a ledger row's DEFINITION as SQL
		Path plain = Files.writeString(this.dir.resolve("plain.csv"), "a,b\n1,one\n");
		assertThat(this.jar.runHere("makes Rowlift's tables", loadInto("plain", plain), TIMEOUT).exitCode()).as(this.jar.tail(20_000))
			.isZero();
		String[] harmful = harmfulDefinition();
		try (Connection c = target().connect();
				java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO ROWLIFT_INDEX_LEDGER (TABLE_NAME, INDEX_NAME, DEFINITION,"
						+ " IS_UNIQUE, COLUMN_LIST) VALUES ('ints', 'evil', ?, 0, 'value_1')")) {
			ps.setString(1, harmful[0]);
			ps.executeUpdate();
		}
		String refusal = "ROWLIFT_INDEX_LEDGER holds a row (TABLE_NAME ints, INDEX_NAME evil) that is not an index definition "
				+ "Rowlift wrote: " + harmful[1] + ". Rowlift runs none of the ledger's definitions for ints while it is there, so no index of "
				+ "ints was rebuilt.";
		List<String> rebuildArgs = new ArrayList<>(List.of("rebuild-indexes"));
		rebuildArgs.addAll(database());
		rebuildArgs.add("--rowlift.target.table=ints");
		RowliftJar.Attempt rebuild = this.jar.run("rebuild-indexes", rebuildArgs, TIMEOUT);
		assertThat(rebuild.exitCode()).as(rebuild.output()).isEqualTo(2);
		assertThat(rebuild.output()).contains(refusal);
		assertUnharmed();
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);

		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 20_000, 17);
		RowliftJar.Attempt next = this.jar.run("the next load", load(csv), TIMEOUT);
		assertThat(next.exitCode()).as(next.output()).isEqualTo(2);
		assertThat(next.output()).contains(refusal);
		assertThat(count("SELECT COUNT(*) FROM ints")).as("nothing written").isZero();
		assertThat(target().indexes("ints")).as("no index dropped").isEqualTo(INTS_INDEXES);
		assertUnharmed();
		execute(advisedDelete(next.output()));

		// crash recovery: a row added while a killed run's indexes wait in the ledger stops the resume before it writes
		RowliftJar.Attempt paused = this.jar.start("killed inside the load", load(csv, "--rowlift.test.pause-at=load"));
		awaitOutput(paused, "rowlift-test: paused at load");
		paused.kill();
		long committed = count("SELECT COUNT(*) FROM ints");
		String[] second = secondStatement("ints_value_9");
		try (Connection c = target().connect();
				java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO ROWLIFT_INDEX_LEDGER (TABLE_NAME, INDEX_NAME, DEFINITION,"
						+ " IS_UNIQUE, COLUMN_LIST) VALUES ('ints', 'ints_value_9', ?, 0, 'value_1')")) {
			ps.setString(1, second[0]);
			ps.executeUpdate();
		}
		RowliftJar.Attempt resume = this.jar.run("the resume", load(csv), TIMEOUT);
		assertThat(resume.exitCode()).as(resume.output()).isEqualTo(2);
		assertThat(resume.output()).contains("ROWLIFT_INDEX_LEDGER holds a row (TABLE_NAME ints, INDEX_NAME ints_value_9) that is "
				+ "not an index definition Rowlift wrote: " + second[1] + ".");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("nothing written").isEqualTo(committed);
		assertThat(target().indexes("ints")).as("still dropped").isEmpty();
		assertUnharmed();

		// the advice followed: the DELETE as printed, then the same command
		execute(advisedDelete(resume.output()));
		RowliftJar.Attempt again = this.jar.runHere("the same command again", load(csv), TIMEOUT);
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains(" resumed and completed: ");
		assertExact(csv, 20_000);
		assertUnharmed();
	}

	/** The DELETE statement a refusal of a ledger row prints, as printed. */
	static String advisedDelete(String output) {
		java.util.regex.Matcher delete = java.util.regex.Pattern
			.compile("delete the row: (DELETE FROM ROWLIFT_INDEX_LEDGER WHERE TABLE_NAME = '[^']*' AND INDEX_NAME = '[^']*') ")
			.matcher(output);
		assertThat(delete.find()).as(output).isTrue();
		return delete.group(1);
	}

	void assertExact(Path csv, long rows) throws Exception {
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(rows);
		long a = 0;
		List<String> lines = Files.readAllLines(csv);
		for (String line : lines.subList(1, lines.size())) {
			a += Long.parseLong(line.split(",")[0]) % 1_000_003;
		}
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(a);
		assertThat(target().indexes("ints")).isEqualTo(INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	/** The tables of the database. */
	List<String> tables() throws Exception {
		List<String> names = new ArrayList<>();
		try (Connection c = target().connect(); ResultSet rs = c.getMetaData().getTables(c.getCatalog(), null, "%", new String[] { "TABLE" })) {
			while (rs.next()) {
				names.add(rs.getString("TABLE_NAME"));
			}
		}
		return names;
	}

	long count(String sql) throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

	void execute(String sql) throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute(sql);
		}
	}

	void awaitOutput(RowliftJar.Attempt attempt, String text) throws Exception {
		this.jar.awaitOutput(attempt, text, TIMEOUT);
	}

}
