package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.RowliftJar;

/**
 * What new users trip on (issue 12, item 6), tried with the packaged jar on SQLite as an operator
 * runs it: an unknown {@code rowlift.*} key from each kind of source, a profile that contradicts the
 * URL, a file appended to during its load, a quote that is never closed, and re-loading the fixed
 * reject file.
 */
class TripsIntegrationTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(120);

	@TempDir
	Path dir;

	private RowliftJar jar;

	private Path db;

	@BeforeEach
	void setUp() throws IOException {
		this.jar = new RowliftJar(this.dir, this.dir.resolve("rowlift.log"));
		Path migrations = Files.createDirectories(this.dir.resolve("migrations/sqlite"));
		Files.writeString(migrations.resolve("V1__people.sql"),
				"CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER NOT NULL);\n");
		this.db = this.dir.resolve("data/people.db");
	}

	@AfterEach
	void tearDown() {
		this.jar.killAll();
	}

	private List<String> load(Path csv, String... more) {
		List<String> args = new ArrayList<>(List.of("--spring.datasource.url=jdbc:sqlite:" + this.db,
				"--spring.flyway.locations=filesystem:" + this.dir.resolve("migrations") + "/{vendor}",
				"--rowlift.source.path=" + csv, "--rowlift.target.table=people"));
		args.addAll(List.of(more));
		return args;
	}

	private RowliftJar.Attempt run(String label, List<String> args) throws Exception {
		return this.jar.run(label, args, TIMEOUT);
	}

	private Path csv(String name, int from, int to) throws IOException {
		StringBuilder text = new StringBuilder("id,name,age\n");
		for (int i = from; i <= to; i++) {
			text.append(i).append(",person ").append(i).append(',').append(20 + i % 50).append('\n');
		}
		return Files.writeString(this.dir.resolve(name), text);
	}

	/** id -> number of rows with it. */
	private Map<Long, Integer> ids() throws Exception {
		Map<Long, Integer> ids = new TreeMap<>();
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + this.db);
				Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id FROM people")) {
			while (rs.next()) {
				ids.merge(rs.getLong(1), 1, Integer::sum);
			}
		}
		return ids;
	}

	// a) unknown keys

	@Test
	void aMisspeltDataSourceKeyOrANearMissOfTheRowliftPrefixExitsTwoAndCreatesNoDefaultDatabase() throws Exception {
		// issue #20 item 5: these loaded into a new SQLite data/rowlift.db, exit 0
		Path csv = csv("people.csv", 1, 10);
		List<String> common = List.of("--spring.flyway.locations=filesystem:" + this.dir.resolve("migrations") + "/{vendor}",
				"--rowlift.source.path=" + csv, "--rowlift.target.table=people");
		Path defaultDb = this.dir.resolve("data/rowlift.db");
		for (String[] trip : new String[][] {
				{ "--spring.datasource.ulr=jdbc:mysql://127.0.0.1:1/nowhere", "rowlift: unknown setting spring.datasource.ulr (set "
						+ "by the command line (--spring.datasource.ulr)); the nearest known key is spring.datasource.url" },
				{ "--rowlif.job.partitions=4", "rowlift: unknown setting rowlif.job.partitions (set by the command line "
						+ "(--rowlif.job.partitions)); the nearest known key is rowlift.job.partitions" },
				{ "--datasource.url=jdbc:mysql://127.0.0.1:1/nowhere", "rowlift: spring.datasource.url is Rowlift's default, "
						+ "jdbc:sqlite:data/rowlift.db (a sqlite database, set by Rowlift's built-in defaults), but datasource.url (set by "
						+ "the command line (--datasource.url)) holds a mysql URL, jdbc:mysql://127.0.0.1:1/nowhere" } }) {
			List<String> args = new ArrayList<>(common);
			args.add(trip[0]);
			RowliftJar.Attempt run = run(trip[0], args);
			assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
			assertThat(run.output()).contains(trip[1]);
			assertThat(defaultDb).as(trip[0]).doesNotExist();
		}
	}

	@Test
	void aBadNumberIsExitTwoEvenWhenTheFileIsAlreadyLoaded() throws Exception {
		// issue #20 item 7: these were exit 3 "already loaded" (and accepted on a new load)
		Path csv = csv("people.csv", 1, 10);
		assertThat(run("loaded", load(csv)).exitCode()).isZero();
		for (String[] bad : new String[][] { { "--rowlift.job.partitions=0", "rowlift.job.partitions is 0; it must be between 1 and 4096" },
				{ "--rowlift.job.chunk-size=-5", "rowlift.job.chunk-size is -5; it must be at least 1" },
				{ "--rowlift.job.skip-limit=-1", "rowlift.job.skip-limit is -1; it must be 0 or more" } }) {
			RowliftJar.Attempt run = run(bad[0], load(csv, bad[0]));
			assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
			assertThat(run.output()).contains("rowlift: " + bad[1]).doesNotContain("already loaded");
		}
		assertThat(run("the same command", load(csv)).output()).contains("already loaded");
	}

	@Test
	void anUnknownKeyOnTheCommandLineExitsTwoNamingItWhereItCameFromAndTheNearestKnownKeyBeforeAnythingIsWritten() throws Exception {
		Path csv = csv("people.csv", 1, 10);
		RowliftJar.Attempt typo = run("typo", load(csv, "--rowlift.job.partition=4"));
		assertThat(typo.exitCode()).as(typo.output()).isEqualTo(2);
		assertThat(typo.output()).contains("rowlift: unknown setting rowlift.job.partition (set by the command line "
				+ "(--rowlift.job.partition)); the nearest known key is rowlift.job.partitions. This version of Rowlift has "
				+ "no such key and would otherwise ignore it: fix or remove it");
		assertThat(this.db).as("nothing written, not even the database").doesNotExist();

		RowliftJar.Attempt notBuilt = run("keys of features not built",
				load(csv, "--rowlift.target.partition-by=id", "--rowlift.source.sheet=first"));
		assertThat(notBuilt.exitCode()).as(notBuilt.output()).isEqualTo(2);
		assertThat(notBuilt.output()).contains("rowlift: unknown settings: ")
			.contains("rowlift.target.partition-by (set by the command line (--rowlift.target.partition-by)); the nearest known key is rowlift.")
			.contains("rowlift.source.sheet (set by the command line (--rowlift.source.sheet)); the nearest known key is rowlift.source.");
		assertThat(this.db).doesNotExist();
	}

	@Test
	void anUnknownKeyInAConfigFileOrAnEnvironmentVariableIsRefusedToo() throws Exception {
		Path csv = csv("people.csv", 1, 10);
		Files.createDirectories(this.dir.resolve("config"));
		Files.writeString(this.dir.resolve("config/application.yml"), """
				rowlift:
				  job:
				    skip-limit: 3
				    # partitions: 2
				  target:
				    columns:
				      name:
				        form: full_name
				""");
		this.jar.withEnvironment("ROWLIFT_JOB_SKIP_LIMIT", "5");
		RowliftJar.Attempt run = run("config file and environment", load(csv));
		assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
		assertThat(run.output())
			.contains("rowlift.job.skip.limit (set by environment variable ROWLIFT_JOB_SKIP_LIMIT); the nearest known key is "
					+ "rowlift.job.skip-limit (in an environment variable: ROWLIFT_JOB_SKIPLIMIT)")
			.contains("rowlift.target.columns.name.form (set by config/application.yml:8)");
		assertThat(this.db).doesNotExist();
	}

	@Test
	void knownKeysInEveryFormAndTheTestHooksKeysPass() throws Exception {
		Path csv = csv("people.csv", 1, 10);
		this.jar.withEnvironment("ROWLIFT_JOB_SKIPLIMIT", "2").withEnvironment("ROWLIFT_TEST_DB_PREFIX", "x_");
		RowliftJar.Attempt run = run("relaxed names", load(csv, "--rowlift.job.chunkSize=5", "--rowlift.test.pause-at=none"));
		assertThat(run.exitCode()).as(run.output()).isZero();
		assertThat(ids()).hasSize(10);
	}

	@Test
	void everyVerbChecksTheKeysFirst() throws Exception {
		// the verbs there are at this commit; a verb added later is made by the same runner, after the check
		for (String verb : List.of("load")) {
			RowliftJar.Attempt run = run(verb, List.of(verb, "--rowlift.target.tabel=people"));
			assertThat(run.exitCode()).as(run.output()).isEqualTo(2);
			assertThat(run.output()).contains("unknown setting rowlift.target.tabel (set by the command line "
					+ "(--rowlift.target.tabel)); the nearest known key is rowlift.target.table");
		}
	}

	// f) a profile that contradicts the URL

	@Test
	void aProfileThatContradictsTheUrlIsRefusedNamingWhereTheUrlCameFrom() throws Exception {
		Path csv = csv("people.csv", 1, 10);
		Path sample = Files.createDirectories(this.dir.resolve("sample"));
		Files.writeString(sample.resolve("application.yml"), "spring:\n  datasource:\n    url: jdbc:sqlite:" + this.db + "\n");
		RowliftJar.Attempt mysql = run("mysql profile, sqlite URL", List.of("--spring.profiles.active=mysql",
				"--spring.config.additional-location=sample/", "--rowlift.source.path=" + csv, "--rowlift.target.table=people"));
		assertThat(mysql.exitCode()).as(mysql.output()).isEqualTo(2);
		assertThat(mysql.output()).contains("rowlift: the profile mysql is active (spring.profiles.active, set by the command "
				+ "line (--spring.profiles.active)) but spring.datasource.url is jdbc:sqlite:" + this.db
				+ " (set by sample/application.yml:3), a sqlite URL");
		assertThat(this.db).doesNotExist();

		RowliftJar.Attempt sqlite = run("sqlite profile, mysql URL", List.of("--spring.profiles.active=sqlite",
				"--spring.datasource.url=jdbc:mysql://127.0.0.1:1/nowhere", "--rowlift.source.path=" + csv,
				"--rowlift.target.table=people"));
		assertThat(sqlite.exitCode()).as(sqlite.output()).isEqualTo(2);
		assertThat(sqlite.output()).contains("the profile sqlite is active (spring.profiles.active, set by the command line "
				+ "(--spring.profiles.active)) but spring.datasource.url is jdbc:mysql://127.0.0.1:1/nowhere (set by the command "
				+ "line (--spring.datasource.url)), a mysql URL");
	}

	// d) a file that changes while it is loaded

	@Test
	void aFileAppendedToDuringTheLoadIsReportedAsSuchWithTheSizesAndWhatToDo() throws Exception {
		Path csv = csv("people.csv", 1, 20_000);
		long sizeAtStart = Files.size(csv);
		Path go = this.dir.resolve("go");
		RowliftJar.Attempt run = this.jar.start("appended during the load", load(csv, "--rowlift.job.chunk-size=1000",
				"--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + go));
		waitFor(run, "rowlift-test: paused at load");
		StringBuilder more = new StringBuilder();
		for (int i = 20_001; i <= 20_100; i++) {
			more.append(i).append(",late ").append(i).append(",30\n");
		}
		Files.writeString(csv, more, StandardOpenOption.APPEND);
		long sizeNow = Files.size(csv);
		Files.createFile(go);
		assertThat(run.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
		assertThat(run.output()).doesNotContain("accounting mismatch").doesNotContain("please report")
			.containsPattern("rowlift: run 1 failed: \\S*people.csv was appended to while it was loaded: " + sizeAtStart
					+ " bytes at the start \\(fingerprint " + sizeAtStart + ":\\d+:\\p{XDigit}+\\), " + sizeNow
					+ " bytes now \\(fingerprint " + sizeNow + ":\\d+:\\p{XDigit}+\\)")
			.contains("rowlift: Rowlift loads a file as it was when the load started, so the file must be complete and left "
					+ "alone during the load: write it under another name and rename it into place when it is complete")
			.contains("To load the file as it is now: run 1 committed 20,000 rows to people, which Rowlift cannot tell apart "
					+ "from its other rows, so set rowlift.job.start-over=true and one of: rowlift.target.mode=truncate (empties "
					+ "people, also of the rows it held before run 1, then loads the file); ")
			.contains("; the same command alone is refused (exit 3) because the file changed since run 1")
			.doesNotContain("run the same command again to resume");
		// as said: the same command is refused, start-over alone too (nothing written), the printed choice loads the
		// file as it is now, each row once (issue #20 item 3: start-over alone used to load it on top of run 1's rows)
		RowliftJar.Attempt again = run("the same command", load(csv));
		assertThat(again.exitCode()).as(again.output()).isEqualTo(3);
		RowliftJar.Attempt alone = run("start-over alone", load(csv, "--rowlift.job.start-over=true"));
		assertThat(alone.exitCode()).as(alone.output()).isEqualTo(3);
		assertThat(alone.output()).contains("rowlift: start-over refused: run 1 (FAILED) committed 20,000 rows to people");
		assertThat(ids()).hasSize(20_000);
		RowliftJar.Attempt followed = run("start-over, truncate", load(csv, "--rowlift.job.start-over=true",
				"--rowlift.target.mode=truncate"));
		assertThat(followed.exitCode()).as(followed.output()).isZero();
		Map<Long, Integer> ids = ids();
		assertThat(ids).hasSize(20_100).containsOnlyKeys(java.util.stream.LongStream.rangeClosed(1, 20_100).boxed().toList());
		assertThat(ids.values()).containsOnly(1);
	}

	@Test
	void aTruncatedFileIsReportedAsSuch() throws Exception {
		Path csv = csv("people.csv", 1, 20_000);
		long sizeAtStart = Files.size(csv);
		Path go = this.dir.resolve("go");
		RowliftJar.Attempt run = this.jar.start("truncated during the load", load(csv, "--rowlift.job.chunk-size=1000",
				"--rowlift.test.pause-at=accounting", "--rowlift.test.resume-when=" + go));
		waitFor(run, "rowlift-test: paused at accounting");
		try (var channel = java.nio.channels.FileChannel.open(csv, StandardOpenOption.WRITE)) {
			channel.truncate(sizeAtStart / 2);
		}
		Files.createFile(go);
		assertThat(run.waitFor(TIMEOUT.toMillis())).isTrue();
		assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
		assertThat(run.output()).contains("people.csv was truncated (or replaced by a shorter file) while it was loaded: "
				+ sizeAtStart + " bytes at the start").contains(" " + sizeAtStart / 2 + " bytes now")
			.doesNotContain("accounting mismatch");
	}

	private void waitFor(RowliftJar.Attempt run, String line) throws Exception {
		for (int i = 0; i < 1200; i++) {
			if (run.output().contains(line)) {
				return;
			}
			assertThat(run.waitFor(100)).as("ended before '" + line + "':\n" + run.output()).isFalse();
		}
		throw new AssertionError("no '" + line + "' in 120 s:\n" + run.output());
	}

	// e) a data error that a rerun cannot get past

	@Test
	void anUnclosedQuoteSaysToFixTheFileOrToSkipItNotOnlyToRunAgain() throws Exception {
		Path csv = Files.writeString(this.dir.resolve("people.csv"), "id,name,age\n1,ann,30\n2,\"bob,31\n3,cy,32\n4,di,33\n");
		RowliftJar.Attempt run = run("unclosed quote", load(csv));
		assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
		assertThat(run.output()).contains("rowlift: run 1 failed: " + csv + ":3:2 (byte 23): the quote that opens this field "
				+ "is never closed before the end of the file")
			.contains("rowlift: this is an error in " + csv + " that the same command meets again: fix the file there and load it "
					+ "again with --rowlift.job.start-over=true (run 1 committed no rows, so none is loaded twice); or leave the "
					+ "file as it is and run the same command with a higher rowlift.job.skip-limit: bad records then go to ")
			.contains("A quote that is never closed makes everything up to the next quote, here the end of the file, one record, "
					+ "so that one rejected record holds all of it")
			.doesNotContain("run the same command again to resume");
		// as said: the same command fails the same way; with a skip-limit it goes on, the rest of the file is one reject
		assertThat(run("again", load(csv)).exitCode()).isEqualTo(1);
		RowliftJar.Attempt skipped = run("skip-limit", load(csv, "--rowlift.job.skip-limit=1"));
		assertThat(skipped.exitCode()).as(skipped.output()).isZero();
		assertThat(ids()).containsOnlyKeys(1L);
		assertThat(Files.readString(this.dir.resolve("people.csv.rejects.csv"))).startsWith("id,name,age\n2,\"bob,31\n3,cy,32\n4,di,33");
	}

	@Test
	void aBadRecordOverTheSkipLimitSaysToFixTheFileOrRaiseTheLimit() throws Exception {
		Path csv = Files.writeString(this.dir.resolve("people.csv"), "id,name,age\n1,ann,30\n2,bob,old\n3,cy,32\n");
		RowliftJar.Attempt run = run("bad value", load(csv));
		assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
		assertThat(run.output()).contains("rowlift: run 1 failed: " + csv + ":3:3 (byte 27): 'old' is not an integer")
			.contains("rowlift: this is an error in " + csv + " that the same command meets again: fix the file there and load it again with --rowlift.job.start-over=true")
			.contains("or leave the file as it is and run the same command with a higher rowlift.job.skip-limit")
			.doesNotContain("A quote that is never closed")
			.doesNotContain("run the same command again to resume");
	}

	// c) re-loading the fixed reject file, as docs/failures.md shows

	@Test
	void theFixedRejectFileLoadsIntoTheSameTableAndEveryRowEndsThereExactlyOnce() throws Exception {
		StringBuilder text = new StringBuilder("id,name,age\n");
		for (int i = 1; i <= 5_000; i++) {
			String age = i % 1000 == 7 ? "unknown" : i == 2500 ? "" : String.valueOf(20 + i % 50);
			text.append(i).append(",person ").append(i).append(',').append(age).append('\n');
		}
		Path csv = Files.writeString(this.dir.resolve("people.csv"), text);
		RowliftJar.Attempt first = run("with bad records", load(csv, "--rowlift.job.skip-limit=10", "--rowlift.job.partitions=3"));
		assertThat(first.exitCode()).as(first.output()).isZero();
		assertThat(first.output()).contains("6 bad records rejected");
		Path rejects = this.dir.resolve("people.csv.rejects.csv");
		Path reasons = this.dir.resolve("people.csv.rejects.csv.reasons.csv");
		assertThat(Files.readAllLines(rejects)).hasSize(7).first().isEqualTo("id,name,age");
		assertThat(Files.readAllLines(reasons)).hasSize(7).first().isEqualTo("line,byte,column,reason");
		assertThat(ids()).hasSize(4_994);

		// the user fixes the reject file (every age becomes a number) and loads it into the same table
		List<String> fixed = new ArrayList<>();
		for (String line : Files.readAllLines(rejects)) {
			fixed.add(line.endsWith(",unknown") ? line.replace(",unknown", ",40") : line.endsWith(",") ? line + "41" : line);
		}
		Files.write(rejects, fixed, StandardCharsets.UTF_8);
		RowliftJar.Attempt reload = run("the fixed rejects", load(rejects));
		assertThat(reload.exitCode()).as(reload.output()).isZero();
		assertThat(reload.output()).contains("read 6 = written 6 + rejected 0");

		Map<Long, Integer> ids = ids();
		assertThat(ids).hasSize(5_000);
		assertThat(ids.values()).containsOnly(1);
		assertThat(ids.keySet()).containsExactlyElementsOf(java.util.stream.LongStream.rangeClosed(1, 5_000).boxed().toList());
		// and the original load is complete: the same command is refused as already loaded
		assertThat(run("the original again", load(csv, "--rowlift.job.skip-limit=10")).exitCode()).isEqualTo(3);
	}

	// issue #20, item 2: a bad record's failure is a few lines on the terminal; the stack trace goes to a log file

	@Test
	void aBadRecordWithSkipLimitZeroIsAFewLinesOnTheTerminalAndTheStackTraceGoesToTheLogFile() throws Exception {
		Path csv = this.dir.resolve("people.csv");
		Files.writeString(csv, "id,name,age\n1,one,20\n2,two,twenty\n3,three,22\n");
		Path logFile = this.dir.resolve("rowlift-app.log");

		RowliftJar.Attempt failed = run("one bad record", load(csv, "--logging.file.name=" + logFile));

		assertThat(failed.exitCode()).as(failed.output()).isEqualTo(1);
		assertThat(failed.output()).contains("rowlift: run 1 failed: " + csv + ":3:3 (byte ")
			.doesNotContain("\tat ").doesNotContain("Caused by");
		assertThat(failed.output().lines().count()).as("the terminal: the log's lines, the report, the reasons").isLessThan(30);
		assertThat(Files.readString(logFile)).as("the stack trace, in the log file").contains("\tat io.rowlift.")
			.contains("Caused by: io.rowlift.model.BadRecordException");

		RowliftJar.Attempt debug = run("the same with --debug", load(csv, "--debug"));
		assertThat(debug.exitCode()).as(debug.output()).isEqualTo(1);
		assertThat(debug.output()).as("--debug puts the stack trace on the terminal").contains("\tat io.rowlift.");
	}

	// issue #20, item 6: a database that cannot be written is exit 2 with one sentence and the fix

	@Test
	void aReadOnlyDatabaseFileOrFolderIsExit2WithTheFixAndTheFixWorks() throws Exception {
		Path csv = csv("people.csv", 1, 10);
		assertThat(run("creates the database", load(csv)).exitCode()).isZero();
		Path more = csv("more.csv", 11, 20);
		String file = this.db.toString();

		ReadOnly readOnlyFile = ReadOnly.make(this.db);
		RowliftJar.Attempt refused;
		try {
			refused = run("read-only file", load(more));
		}
		finally {
			readOnlyFile.undo(); // as the message says
		}
		assertThat(refused.exitCode()).as(refused.output()).isEqualTo(2);
		assertThat(refused.lastLine()).isEqualTo("rowlift: the SQLite database " + file + " is read-only for this user; make it"
				+ " writable (chmod u+w " + file + ", as its owner, or chattr -i when it is immutable), or point"
				+ " spring.datasource.url at another file; nothing was written");
		assertThat(ids()).hasSize(10);

		ReadOnly readOnlyFolder = ReadOnly.make(this.db.getParent());
		try {
			refused = run("read-only folder", load(more));
		}
		finally {
			readOnlyFolder.undo();
		}
		assertThat(refused.exitCode()).as(refused.output()).isEqualTo(2);
		assertThat(refused.lastLine()).as(refused.output()).containsAnyOf(
				"rowlift: cannot write the SQLite database " + file + ": its folder " + this.db.getParent() + " is read-only for this user",
				"rowlift: cannot open the SQLite database " + file + " for writing: the file or its folder " + this.db.getParent()
						+ " cannot be written")
			.endsWith("nothing was written");
		assertThat(ids()).hasSize(10);

		RowliftJar.Attempt fixed = run("writable again", load(more));
		assertThat(fixed.exitCode()).as(fixed.output()).isZero();
		assertThat(ids()).hasSize(20);
	}

	@Test
	void aDatabaseFullBeforeTheFirstRowIsExit2WithTheFix() throws Exception {
		Path csv = csv("people.csv", 1, 10);
		List<String> args = new ArrayList<>(load(csv));
		args.set(0, "--spring.datasource.url=jdbc:sqlite:" + this.db + "?max_page_count=3"); // room for no table

		RowliftJar.Attempt full = run("full at once", args);

		assertThat(full.exitCode()).as(full.output()).isEqualTo(2);
		assertThat(full.lastLine()).isEqualTo("rowlift: database or disk is full: " + this.db
				+ "; free space, then run the same command; nothing was written");
		assertThat(run("room again", load(csv)).exitCode()).isZero();
		assertThat(ids()).hasSize(10);
	}

	/**
	 * Makes a file or folder read-only for this process: {@code chmod a-w} for a user, {@code chattr +i}
	 * for root, whom permissions do not stop; the test is aborted where neither can make it so.
	 */
	private record ReadOnly(Path path, boolean immutable) {

		static ReadOnly make(Path path) throws Exception {
			if (!"root".equals(System.getProperty("user.name"))) {
				Files.setPosixFilePermissions(path, java.nio.file.attribute.PosixFilePermissions.fromString(
						Files.isDirectory(path) ? "r-xr-xr-x" : "r--r--r--"));
				return new ReadOnly(path, false);
			}
			Process chattr = new ProcessBuilder("chattr", "+i", path.toString()).redirectErrorStream(true).start();
			String said = new String(chattr.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			org.junit.jupiter.api.Assumptions.assumeTrue(chattr.waitFor() == 0,
					"root ignores file permissions and chattr +i does not work here: " + said);
			return new ReadOnly(path, true);
		}

		void undo() throws Exception {
			if (this.immutable) {
				new ProcessBuilder("chattr", "-i", this.path.toString()).start().waitFor();
			}
			else {
				Files.setPosixFilePermissions(this.path, java.nio.file.attribute.PosixFilePermissions.fromString(
						Files.isDirectory(this.path) ? "rwxr-xr-x" : "rw-r--r--"));
			}
		}

	}

}
