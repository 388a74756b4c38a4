package io.rowlift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.FileSystemUtils;

import io.rowlift.testsupport.RowliftJar;

/**
 * Issue #20, item 4: README's scheduled-runs example, run as README writes it right after README's quick
 * start, in a copy of the sample: two files loaded, the third (its header names a column the table does
 * not have) moved to {@code failed/} after its three attempts, health UP. Before, the example loaded into
 * the quick start's database, where the sample's rows were loaded already: all three files failed and the
 * dropped indexes kept health at 503. The commands come from README itself (between its
 * {@code quickstart-load} and {@code scheduled-example} markers), with the jar as {@code target/rowlift.jar}
 * of the copy and {@code bin/rowlift} beside it, the quick start's build left out and the management port a free one.
 */
class ReadmeScheduledExampleIntegrationTests {

	@TempDir
	Path dir;

	@Test
	void theScheduledRunsExampleWorksRightAfterTheQuickStart() throws Exception {
		String readme = Files.readString(Path.of("README.md"));
		String quickStart = between(readme, "<!-- quickstart-load -->", "<!-- /quickstart-load -->");
		quickStart = quickStart.substring(quickStart.indexOf("&& ") + 3); // the build: done by the test run
		String example = between(readme, "<!-- scheduled-example -->", "<!-- /scheduled-example -->");
		Path work = Files.createDirectories(this.dir.resolve("clone"));
		FileSystemUtils.copyRecursively(Path.of("examples/people"), work.resolve("examples/people"));
		Files.deleteIfExists(work.resolve("examples/people/people.db"));
		Files.createDirectories(work.resolve("target"));
		Files.createSymbolicLink(work.resolve("target/rowlift.jar"), RowliftJar.jar().toAbsolutePath());
		Files.createDirectories(work.resolve("bin")); // the quick start runs bin/rowlift
		Files.copy(Path.of("bin/rowlift"), work.resolve("bin/rowlift"), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);

		Process load = bash(work, quickStart, this.dir.resolve("quickstart.log"));
		assertThat(load.waitFor(5, TimeUnit.MINUTES)).isTrue(); // bin/rowlift's first start makes its cache
		assertThat(load.exitValue()).as(Files.readString(this.dir.resolve("quickstart.log"))).isZero();

		int port = InboxServiceJarSupport.freePort();
		String[] lines = example.split("\n(?=java )", 2);
		Process prepare = bash(work, lines[0], this.dir.resolve("prepare.log"));
		assertThat(prepare.waitFor(1, TimeUnit.MINUTES)).isTrue();
		assertThat(prepare.exitValue()).isZero();
		Path log = this.dir.resolve("service.log");
		Process service = bash(work, "exec " + lines[1].strip() + " --management.server.port=" + port, log);
		try {
			Path failed = work.resolve("inbox/failed/people-3.csv");
			long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
			while (!Files.exists(failed) && service.isAlive() && System.nanoTime() < deadline) {
				Thread.sleep(200);
			}
			Thread.sleep(500); // the tick's end and its health
			String output = Files.readString(log);
			assertThat(failed).as(output).exists();
			assertThat(InboxServiceJarSupport.names(work.resolve("inbox/loaded"))).as(output)
				.containsExactly("people-1.csv", "people-2.csv");
			assertThat(output).contains("the header names column 'phone'").doesNotContain("PRIMARY KEY");
			HttpResponse<String> health = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health")).timeout(Duration.ofSeconds(10))
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
			assertThat(health.body()).contains("\"indexes\":{\"status\":\"UP\"}");
		}
		finally {
			service.destroy(); // SIGTERM: the service ends between ticks
			if (!service.waitFor(60, TimeUnit.SECONDS)) {
				service.destroyForcibly();
			}
		}
	}

	private static String between(String text, String start, String end) {
		Matcher m = Pattern.compile(Pattern.quote(start) + "\\s*```\\w*\\n(.*?)```\\s*" + Pattern.quote(end), Pattern.DOTALL).matcher(text);
		assertThat(m.find()).as("README has " + start).isTrue();
		return m.group(1).replace("\\\n", " ").strip();
	}

	private static Process bash(Path work, String script, Path output) throws Exception {
		return new ProcessBuilder(List.of("bash", "-c", script)).directory(work.toFile())
			.redirectErrorStream(true)
			.redirectOutput(output.toFile())
			.start();
	}

}
