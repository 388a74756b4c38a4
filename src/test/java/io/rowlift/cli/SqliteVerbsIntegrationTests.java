package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The verbs on a real SQLite file; help, --version and status on a file that does not exist. */
class SqliteVerbsIntegrationTests extends VerbScenarios {

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
	String schema() {
		return "main";
	}

	@Override
	String[] harmfulDefinition() {
		return new String[] { "DROP TABLE canary", "it is not a CREATE INDEX statement: it starts with DROP" };
	}

	@Override
	String[] secondStatement(String index) {
		return new String[] { "CREATE INDEX " + index + " ON ints (value_1); DROP TABLE canary",
				"it holds a ';' (a second statement) after CREATE INDEX " + index + " ON ints (value_1)" };
	}

	@Test
	void inferRefusesAReservedTable() throws Exception {
		// issue 34 item 1: infer wrote a migration that creates one of Rowlift's tables
		Path csv = Files.writeString(this.dir.resolve("people.csv"), "id,name\n1,a\n");
		Path out = this.dir.resolve("inferred");
		RowliftRun infer = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + csv, "--rowlift.target.table=batch_job_execution",
				"--rowlift.infer.output-dir=" + out));
		assertThat(infer.exitCode()).as(infer.toString()).isEqualTo(2);
		assertThat(infer.err()).contains("rowlift.target.table 'batch_job_execution' names BATCH_JOB_EXECUTION, Spring Batch's job "
				+ "repository, where Rowlift records its runs: ").contains("choose another table name in rowlift.target.table");
		assertThat(out).doesNotExist();
		RowliftRun other = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + csv, "--rowlift.target.table=people",
				"--rowlift.infer.output-dir=" + out));
		assertThat(other.exitCode()).as(other.toString()).isZero();
	}

	/**
	 * docs/verbs.md's pasted {@code $ rowlift --help} is the jar's own output, line for line (issue 34, item 11:
	 * it lacked {@code infer}); only the version on its first line is the build's.
	 */
	@Test
	void theHelpInDocsVerbsIsWhatTheJarPrints() throws Exception {
		String doc = Files.readString(Path.of("docs/verbs.md"));
		int start = doc.indexOf("$ rowlift --help\n");
		assertThat(start).as("docs/verbs.md's help block").isNotNegative();
		String pasted = doc.substring(start + "$ rowlift --help\n".length(), doc.indexOf("```", start));

		RowliftJar.Attempt help = this.jar.run("--help", List.of("--help"), Duration.ofMinutes(1));

		assertThat(help.exitCode()).as(this.jar.tail(5_000)).isZero();
		String version = help.output().lines().findFirst().orElseThrow().split(":")[0];
		assertThat(pasted.replaceFirst("^rowlift [^:]+:", version + ":").strip()).isEqualTo(help.output().strip());
	}

	@Test
	void helpVersionAndStatusDoNotCreateTheDatabaseFile() throws Exception {
		Path file = this.target.file();
		assertThat(file).doesNotExist();
		RowliftJar.Attempt version = this.jar.run("--version", List.of("--version", "--spring.datasource.url=jdbc:sqlite:" + file),
				Duration.ofMinutes(1));
		assertThat(version.exitCode()).as(this.jar.tail(5_000)).isZero();
		assertThat(version.output().strip()).as("the jar's manifest version").matches("rowlift \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?");

		RowliftRun help = verb("--help");
		assertThat(help.exitCode()).isZero();
		assertThat(help.out()).startsWith("rowlift " + version.output().strip().substring("rowlift ".length()) + ": loads a CSV file")
			.contains("  load              load the file into the table")
			.contains("  status  ").contains("  rebuild-indexes  ")
			.contains("--rowlift.source.path=FILE")
			.contains("3  refused, nothing written");
		assertThat(help.out().lines().count()).as("one screen").isLessThanOrEqualTo(40);
		assertThat(verb("help").out()).isEqualTo(help.out());
		assertThat(verb("-h", "--rowlift.source.path=x.csv").out()).isEqualTo(help.out());
		RowliftRun inProcessVersion = verb("status", "--version");
		assertThat(inProcessVersion.out()).as("from build-info where no manifest is").isEqualTo(version.output().strip() + "\n");

		RowliftRun status = verb("status");
		assertThat(status.exitCode()).isZero();
		assertThat(status.out()).isEqualTo("rowlift status: no loads in the sqlite database jdbc:sqlite:" + file
				+ " (Rowlift's tables are not there: no load ran in it)\n");
		assertThat(verb("rebuild-indexes", "--rowlift.target.table=ints").exitCode()).isEqualTo(2);
		assertThat(file).as("no verb but load creates the database").doesNotExist();
		try (var files = Files.list(file.getParent())) {
			assertThat(files).as("nor anything beside it").isEmpty();
		}
	}

}
