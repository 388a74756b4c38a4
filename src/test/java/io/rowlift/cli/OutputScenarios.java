package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.TestTarget;

/**
 * What a load prints besides its report (issue 34, item 11), run as the packaged jar from a working
 * folder that is not the repository's: no ERROR line for what is not an error (a default migrations
 * folder that is not there, a bad record that goes to the reject file), a missing folder the operator
 * named said in a sentence that works when followed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OutputScenarios {

	static final Duration TIMEOUT = Duration.ofMinutes(3);

	/** A log line at ERROR, in the console pattern of application.yml. */
	static final String ERROR_LINE = "(?m)^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} ERROR ";

	@TempDir
	Path dir;

	/** The working folder: no config/ there, as anywhere but the repository's root. */
	Path elsewhere;

	RowliftJar jar;

	abstract TestTarget target();

	@BeforeEach
	void fresh() throws Exception {
		target().reset();
		this.elsewhere = Files.createDirectories(this.dir.resolve("elsewhere"));
		this.jar = new RowliftJar(this.elsewhere, this.dir.resolve("rowlift-" + target().id() + ".log"));
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, age INTEGER NOT NULL)");
		}
	}

	@AfterEach
	void killLeftovers() {
		this.jar.killAll();
	}

	@AfterAll
	void dropDatabase() throws Exception {
		target().dispose();
	}

	/** The database options without the test migrations: the table is made by hand, as some operators do. */
	List<String> load(Path file, String... more) {
		List<String> args = new ArrayList<>(target().options().stream().filter(o -> !o.startsWith("--spring.flyway.locations=")).toList());
		args.add("--rowlift.source.path=" + file);
		args.add("--rowlift.target.table=people");
		args.addAll(List.of(more));
		return args;
	}

	Path people(String name, String... rows) throws Exception {
		return Files.writeString(this.dir.resolve(name), "id,name,age\n" + String.join("\n", rows) + "\n");
	}

	@Test
	void aDefaultMigrationsFolderThatIsNotThereAndRejectedRecordsLogNoErrorOnEitherPipeline() throws Exception {
		// issue 34 item 11: "ERROR FileSystemScanner - Skipping filesystem location: config/db/migration/sqlite (not found)" at
		// every run outside the repository's root
		int id = 0;
		for (String pipeline : List.of("fast", "spring")) {
			Path csv = people(pipeline + ".csv", ++id + ",ann,31", ++id + ",bob,not a number", ++id + ",cy,27", id + ",dup,40");
			RowliftJar.Attempt run = this.jar.run(pipeline, load(csv, "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.skip-limit=2"),
					TIMEOUT);
			assertThat(run.exitCode()).as(run.output()).isZero();
			assertThat(run.output()).as(pipeline).contains("2 bad records rejected").doesNotContainPattern(ERROR_LINE)
				.doesNotContain("FileSystemScanner").doesNotContain("Retry exhausted").doesNotContain("Rolling back chunk");
		}
		// a chunk that fails the load is still said, with what to do
		for (String pipeline : List.of("fast", "spring")) {
			Path csv = people(pipeline + "-over.csv", ++id + ",ann,31", ++id + ",bob,x", ++id + ",cy,y", ++id + ",dee,z");
			RowliftJar.Attempt run = this.jar.run(pipeline + " over the limit",
					load(csv, "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.skip-limit=2"), TIMEOUT);
			assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
			assertThat(run.output()).as(pipeline).contains("That is bad record number 3, more than rowlift.job.skip-limit=2 allows");
			// said by Rowlift alone: Spring Batch's "Retry exhausted ... not skippable", "Rolling back chunk
			// transaction" and "Encountered an error executing step" only repeated it
			assertThat(run.output()).as(pipeline).doesNotContainPattern(ERROR_LINE).doesNotContain("WARN  HikariPool");
		}
	}

	/**
	 * The first bad record under the default skip limit (0) fails the load: Rowlift names it and what to do,
	 * with no framework ERROR line beside it; a failure that is no bad record keeps Spring Batch's ERROR line.
	 */
	@Test
	void aBadRecordThatFailsTheLoadIsSaidByRowliftAloneAndAnyOtherFailureKeepsItsErrorLine() throws Exception {
		int id = 100;
		for (String pipeline : List.of("fast", "spring")) {
			Path value = people(pipeline + "-value.csv", ++id + ",ann,31", ++id + ",bob,not a number");
			RowliftJar.Attempt run = this.jar.run(pipeline + " bad value", load(value, "--rowlift.job.pipeline=" + pipeline), TIMEOUT);
			assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
			assertThat(run.output()).as(pipeline).contains(value.getFileName() + ":3:3 (byte ").contains("'not a number' is not an integer")
				.doesNotContainPattern(ERROR_LINE).doesNotContain("WARN  HikariPool");
			Path key = people(pipeline + "-key.csv", ++id + ",cy,27", id + ",dup,40");
			RowliftJar.Attempt refused = this.jar.run(pipeline + " repeated key", load(key, "--rowlift.job.pipeline=" + pipeline), TIMEOUT);
			assertThat(refused.exitCode()).as(refused.output()).isEqualTo(1);
			assertThat(refused.output()).as(pipeline).contains(key.getFileName() + ":3").doesNotContainPattern(ERROR_LINE);
		}
		Path good = people("injected.csv", "300,ann,31", "301,bob,32", "302,cy,33");
		RowliftJar.Attempt injected = this.jar.run("injected", load(good, "--rowlift.test.fail-at-record=2"), TIMEOUT);
		assertThat(injected.exitCode()).as(injected.output()).isEqualTo(1);
		assertThat(injected.output()).containsPattern(ERROR_LINE + "AbstractStep - Encountered an error executing step loadWorker")
			.contains("injected failure (rowlift.test.fail-at-record=2)");
	}

	@Test
	void aMigrationsFolderTheOperatorNamedThatIsNotThereIsSaidOnceAndCreatingItAsAdvisedSilencesIt() throws Exception {
		Path named = this.dir.resolve("migrations");
		String setting = "--spring.flyway.locations=filesystem:" + named + "/{vendor}";
		Path folder = named.resolve(target().id());
		RowliftJar.Attempt run = this.jar.run("missing", load(people("one.csv", "1,ann,31"), setting), TIMEOUT);
		assertThat(run.exitCode()).as(run.output()).isZero();
		String advice = "WARN  Migrations - the migrations folder " + folder + " does not exist (spring.flyway.locations, set by the command line "
				+ "(--spring.flyway.locations)); no migration ran from it. Create the folder (mkdir -p " + folder
				+ ") or correct spring.flyway.locations";
		assertThat(run.output()).contains(advice).doesNotContainPattern(ERROR_LINE).doesNotContain("FileSystemScanner");
		assertThat(run.output().split(java.util.regex.Pattern.quote(advice), -1)).as("said once").hasSize(2);

		// the advice as given: the folder made with the command it names
		Process mkdir = new ProcessBuilder("sh", "-c", "mkdir -p " + folder).inheritIO().start();
		assertThat(mkdir.waitFor()).isZero();
		RowliftJar.Attempt after = this.jar.run("created", load(people("two.csv", "2,bob,32"), setting), TIMEOUT);
		assertThat(after.exitCode()).as(after.output()).isZero();
		assertThat(after.output()).doesNotContain("does not exist").doesNotContainPattern(ERROR_LINE);
	}


	/** Issue 34 item 11: a name holding a line break split the summary and could forge a log line. */
	@Test
	void aFileNameWithALineBreakATabAndAnEscapeIsPrintedEscapedAndForgesNoLine() throws Exception {
		String name = "evil\n12:00:00.000 ERROR Forged - injected\t\u001b[31mred.csv";
		String shown = this.dir + "/evil\\n12:00:00.000 ERROR Forged - injected\\t\\x1b[31mred.csv";
		Path csv = Files.writeString(this.dir.resolve(name), "id,name,age\n1,ann,31\n2,bob,oops\n");
		RowliftJar.Attempt run = this.jar.run("escaped", load(csv, "--rowlift.job.skip-limit=1"), TIMEOUT);
		assertThat(run.exitCode()).as(run.output()).isZero();
		assertThat(run.output()).contains(": 1 row from " + shown + " into people")
			.contains("rejects: 1 record (all runs) in " + shown + ".rejects.csv, reasons in " + shown + ".rejects.csv.reasons.csv");
		forgesNothing(run.output());
		assertThat(run.output()).doesNotContainPattern(ERROR_LINE);

		// a bad record beyond the limit: its place names the file, escaped
		Path blue = Files.writeString(this.dir.resolve(name.replace("red", "blue")), "id,name,age\n3,cy,x\n");
		RowliftJar.Attempt failed = this.jar.run("escaped, failed", load(blue), TIMEOUT);
		assertThat(failed.exitCode()).as(failed.output()).isEqualTo(1);
		assertThat(failed.output()).contains(shown.replace("red", "blue") + ":2:3 (byte ")
			.contains("this is an error in " + shown.replace("red", "blue") + " that the same command meets again")
			.contains("bad records then go to " + shown.replace("red", "blue") + ".rejects.csv (reasons in ");
		forgesNothing(failed.output());

		// status lists both loads with their files, escaped
		List<String> status = new ArrayList<>(List.of("status"));
		status.addAll(load(csv).subList(0, load(csv).size() - 2));
		RowliftJar.Attempt listed = this.jar.run("status", status, TIMEOUT);
		assertThat(listed.exitCode()).as(listed.output()).isZero();
		assertThat(listed.output()).containsPattern("people +" + java.util.regex.Pattern.quote(shown) + " ")
			.containsPattern("people +" + java.util.regex.Pattern.quote(shown.replace("red", "blue")) + " ");
		forgesNothing(listed.output());
	}

	/** No raw tab or ESC, and no line that the file's name began. */
	static void forgesNothing(String output) {
		assertThat(output).doesNotContain("\u001b").doesNotContain("\t");
		assertThat(output.lines()).noneMatch(line -> line.startsWith("12:00:00.000 ERROR Forged"));
	}

}
