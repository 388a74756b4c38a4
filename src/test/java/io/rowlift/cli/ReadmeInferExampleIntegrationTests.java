package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.FileSystemUtils;

import io.rowlift.testsupport.RowliftJar;

/**
 * Issue 34, item 11: README's {@code infer} example, pasted as README writes it (the block between its
 * {@code infer-example} markers, run by bash) in the root of a copy of the repository's sample, with the jar
 * as {@code target/rowlift.jar} there: it writes both migrations where its comment says and loads the
 * sample's 5,000 rows through them. Before, it named a {@code people.csv} in the working directory, which
 * the repository's root does not have.
 */
class ReadmeInferExampleIntegrationTests {

	@TempDir
	Path dir;

	@Test
	void theInferExamplePastedAtTheRepositorysRootInfersAndLoadsTheSample() throws Exception {
		String readme = Files.readString(Path.of("README.md"));
		int from = readme.indexOf("<!-- infer-example -->");
		int to = readme.indexOf("<!-- /infer-example -->");
		assertThat(from).as("README's infer-example markers").isNotNegative().isLessThan(to);
		String example = readme.substring(from, to).lines().filter(l -> !l.startsWith("<!--") && !l.startsWith("```"))
			.collect(java.util.stream.Collectors.joining("\n"));
		Path root = Files.createDirectories(this.dir.resolve("clone"));
		FileSystemUtils.copyRecursively(Path.of("examples/people"), root.resolve("examples/people"));
		Files.deleteIfExists(root.resolve("examples/people/people.db"));
		Files.createDirectories(root.resolve("target"));
		Files.createSymbolicLink(root.resolve("target/rowlift.jar"), RowliftJar.jar().toAbsolutePath());
		Path log = this.dir.resolve("example.log");

		Process bash = new ProcessBuilder("bash", "-e", "-c", example).directory(root.toFile()).redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();

		assertThat(bash.waitFor(3, TimeUnit.MINUTES)).as("the example ends").isTrue();
		String output = Files.readString(log);
		assertThat(bash.exitValue()).as(output).isZero();
		String comment = example.lines().filter(l -> l.startsWith("# wrote ")).findFirst().orElseThrow();
		for (String written : comment.substring("# wrote ".length()).split(" and ")) {
			assertThat(root.resolve(written)).as("README says infer wrote it").exists();
			assertThat(output).contains(written);
		}
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + root.resolve("infer-demo/people.db"));
				Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM people")) {
			assertThat(rs.next()).isTrue();
			assertThat(rs.getLong(1)).as(output).isEqualTo(5_000);
		}
	}

}
