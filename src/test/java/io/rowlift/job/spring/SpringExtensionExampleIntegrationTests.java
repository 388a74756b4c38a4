package io.rowlift.job.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.SqliteTestTarget;

/**
 * The example in {@code examples/spring-extension}, built and used as a user would: its sources are
 * compiled against Spring Batch and Boot, jarred with their auto-configuration list, and its README's
 * command runs as written ({@code java -Dloader.path=<the jar> -jar target/rowlift.jar}, with the
 * example's migrations). Its ItemProcessor selects the
 * spring pipeline (and the summary says why), upper-cases names and filters drafts (counted as
 * filtered); its JobExecutionListener runs; with {@code rowlift.job.pipeline=fast} (the jar now after
 * the unpacked jar on {@code -cp}, as the other tests start Rowlift) the fast path runs and says the
 * processor is not used; with {@code bin/rowlift} {@code LOADER_PATH} names it.
 */
class SpringExtensionExampleIntegrationTests {

	static final Path EXAMPLE = Path.of("examples/spring-extension").toAbsolutePath();

	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	@TempDir
	Path dir;

	@Test
	void theExampleJarOnLoaderPathSelectsTheSpringPipelineAndItsProcessorAndListenerRun() throws Exception {
		Path jar = buildExample(this.dir); // where the README's build puts it, /tmp/example/ being this folder
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path csv = Files.copy(EXAMPLE.resolve("data/people.csv"), this.dir.resolve("people.csv"));
		Path summary = this.dir.resolve("summary.json");

		// the example's README command as written (java -Dloader.path=<the example jar> -jar target/rowlift.jar,
		// Boot's PropertiesLauncher), in the project folder, /tmp/example/ made this test's folder (issue 20: it
		// ended in "..." and failed with "table 'required' does not exist")
		List<String> readme = readmeCommand(Files.readString(EXAMPLE.resolve("README.md")), this.dir);
		Path log = this.dir.resolve("readme-command.log");
		Process example = new ProcessBuilder(readme).directory(Path.of("").toAbsolutePath().toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		assertThat(example.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).as("the README's command ended").isTrue();
		String printed = Files.readString(log);
		assertThat(example.exitValue()).as(readme + "\n" + printed).isZero();
		assertThat(rows("jdbc:sqlite:" + this.dir.resolve("example.db"), "SELECT id, name, note FROM required ORDER BY id"))
			.containsExactly(List.of("1", "ADA", "<null>"), List.of("3", "LINUS", "kernel"));
		assertThat(printed).contains("; spring pipeline (a user ItemProcessor bean com.example.rowlift.ShoutingProcessor is present)")
			.contains("read 3 = written 2 + rejected 0 + filtered 1")
			.contains("example listener: run 1 ended COMPLETED");

		target.reset();
		// the example jar on the classpath after the unpacked jar (how the other tests start Rowlift; bin/rowlift's way)
		RowliftJar unpacked = new RowliftJar(this.dir, this.dir.resolve("rowlift-cp.log")).withLoaderPath(jar);
		RowliftJar.Attempt fast = unpacked.run("with the example jar, fast", args(target, csv, "--rowlift.job.pipeline=fast",
				"--rowlift.report.summary-file=" + summary),
				Duration.ofMinutes(2));

		assertThat(fast.exitCode()).as(unpacked.tail(20_000)).isZero();
		assertThat(rows(target, "SELECT name FROM required ORDER BY id")).containsExactly(List.of("ada"),
				List.of("grace\nhopper"), List.of("linus"));
		assertThat(fast.output()).contains("; fast pipeline (set by rowlift.job.pipeline; a user ItemProcessor bean "
				+ "com.example.rowlift.ShoutingProcessor is present but is not used)");
		assertThat(Files.readString(summary)).contains("\"pipeline\":\"fast\"");

		target.reset();
		// the documented way with bin/rowlift: LOADER_PATH names the extension jars
		List<String> command = new ArrayList<>(List.of("bash", Path.of("bin/rowlift").toAbsolutePath().toString()));
		command.addAll(args(target, csv));
		ProcessBuilder script = new ProcessBuilder(command)
			.directory(this.dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("script.log").toFile());
		script.environment().put("LOADER_PATH", jar.toString());
		script.environment().put("ROWLIFT_JAR", RowliftJar.jar().toString());
		Process process = script.start();
		assertThat(process.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
		String output = Files.readString(this.dir.resolve("script.log"));
		assertThat(process.exitValue()).as(output).isZero();
		assertThat(output).contains("; spring pipeline (a user ItemProcessor bean com.example.rowlift.ShoutingProcessor is present)");
		assertThat(rows(target, "SELECT name FROM required ORDER BY id")).containsExactly(List.of("ADA"), List.of("LINUS"));
	}

	/**
	 * The README's run command (the indented block that starts with {@code java -Dloader.path=}, its
	 * lines joined at their trailing backslashes), split into words as a shell would (it has no quotes),
	 * with {@code /tmp/example/} replaced by {@code folder}. Fails when the README has no such command.
	 */
	static List<String> readmeCommand(String readme, Path folder) {
		List<String> lines = readme.lines().toList();
		for (int i = 0; i < lines.size(); i++) {
			if (lines.get(i).strip().startsWith("java -Dloader.path=")) {
				StringBuilder command = new StringBuilder();
				int j = i;
				String line = lines.get(j).strip();
				while (line.endsWith("\\")) {
					command.append(line, 0, line.length() - 1).append(' ');
					line = lines.get(++j).strip();
				}
				command.append(line);
				assertThat(command.toString()).as("the README's command").doesNotContain("...").doesNotContain("'").doesNotContain("\"");
				List<String> words = new ArrayList<>();
				for (String word : command.toString().strip().split("\\s+")) {
					words.add(word.replace("/tmp/example/", folder.toAbsolutePath() + "/"));
				}
				return words;
			}
		}
		throw new AssertionError("no 'java -Dloader.path=' command in " + EXAMPLE.resolve("README.md"));
	}

	static List<String> args(SqliteTestTarget target, Path csv, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : target.options()) {
			args.add(option.startsWith("--spring.flyway.locations=") ? "--spring.flyway.locations=filesystem:" + MIGRATIONS
					+ "/{vendor}" : option);
		}
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=required");
		args.addAll(List.of(more));
		return args;
	}

	/** Compiles the example against the jars the project builds with, and jars it with its resources. */
	static Path buildExample(Path build) throws Exception {
		Path classes = Files.createDirectories(build.resolve("classes"));
		List<String> sources;
		try (Stream<Path> files = Files.walk(EXAMPLE.resolve("src/main/java"))) {
			sources = files.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
		}
		JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
		List<String> options = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", classpath(), "-proc:none"));
		options.addAll(sources);
		assertThat(compiler.run(null, null, null, options.toArray(String[]::new))).as("javac of the example").isZero();
		Path jar = build.resolve("rowlift-example-extension.jar");
		try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
			add(zip, classes);
			add(zip, EXAMPLE.resolve("src/main/resources"));
		}
		return jar;
	}

	private static void add(JarOutputStream zip, Path root) throws IOException {
		try (Stream<Path> files = Files.walk(root)) {
			for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
				zip.putNextEntry(new JarEntry(root.relativize(file).toString().replace('\\', '/')));
				Files.copy(file, zip);
				zip.closeEntry();
			}
		}
	}

	/** The jars of the API the example uses, wherever the test runtime has them. */
	private static String classpath() throws URISyntaxException {
		List<String> entries = new ArrayList<>();
		for (Class<?> type : List.of(org.springframework.batch.infrastructure.item.ItemProcessor.class,
				org.springframework.batch.core.job.JobExecution.class,
				org.springframework.boot.autoconfigure.AutoConfiguration.class,
				org.springframework.boot.SpringApplication.class, org.springframework.context.annotation.Bean.class,
				org.springframework.beans.factory.BeanFactory.class, org.springframework.core.annotation.AliasFor.class)) {
			entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
		}
		return String.join(java.io.File.pathSeparator, entries);
	}

	static List<List<String>> rows(SqliteTestTarget target, String sql) throws Exception {
		try (Connection c = target.connect()) {
			return rows(c, sql);
		}
	}

	static List<List<String>> rows(String url, String sql) throws Exception {
		try (Connection c = java.sql.DriverManager.getConnection(url)) {
			return rows(c, sql);
		}
	}

	static List<List<String>> rows(Connection c, String sql) throws Exception {
		List<List<String>> rows = new ArrayList<>();
		try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			int columns = rs.getMetaData().getColumnCount();
			while (rs.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 1; i <= columns; i++) {
					String value = rs.getString(i);
					row.add(value == null ? "<null>" : value);
				}
				rows.add(row);
			}
		}
		return rows;
	}

}
