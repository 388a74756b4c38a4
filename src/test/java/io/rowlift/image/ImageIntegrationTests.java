package io.rowlift.image;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.MySqlTestTarget;

/**
 * Rowlift's container image as a user gets it: {@code target/rowlift-image.tar}, built by
 * {@code src/image/build.sh} (kept while the jar, the script and the JDK are the same), read back from
 * the Docker archive (skopeo), unpacked into a bundle with the image's own settings (umoci: its user,
 * working folder /data, entrypoint and environment) and run by runc on the host's network, with a folder
 * of the test's mounted at /data, as {@code docker run -v DIR:/data rowlift:VERSION ARGS} would: README's
 * quick start (its arguments, as README gives them to the jar), a load into MariaDB on 127.0.0.1, and the
 * service answering {@code /actuator/health}. Needs root and Debian's skopeo, umoci, runc and jq: missing,
 * the tests are skipped on a developer's machine and fail when {@code CI=true}.
 */
class ImageIntegrationTests {

	private static final Duration RUN = Duration.ofMinutes(3);

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final Path PROJECT = Path.of(System.getProperty("user.dir"));

	/** The bundle's config.json as umoci made it from the image's settings. */
	private static ObjectNode imageConfig;

	private static Path bundle;

	private static Path tar;

	@TempDir
	static Path shared;

	@TempDir
	Path dir;

	@BeforeAll
	static void unpackTheImage() throws Exception {
		requireTools();
		Path jar = Path.of(System.getProperty("rowlift.test.jar", PROJECT.resolve("target/rowlift.jar").toString()));
		tar = jar.resolveSibling("rowlift-image.tar");
		run(Duration.ofMinutes(15), "src/image/build.sh", jar.toString(), tar.toString());
		Path layout = shared.resolve("oci");
		run(RUN, "skopeo", "copy", "--quiet", "docker-archive:" + tar, "oci:" + layout + ":rowlift");
		bundle = shared.resolve("bundle");
		run(RUN, "umoci", "unpack", "--image", layout + ":rowlift", bundle.toString());
		imageConfig = (ObjectNode) JSON.readTree(bundle.resolve("config.json").toFile());
	}

	/**
	 * README's container quick start: its {@code docker run} line names the image the archive is tagged
	 * with and passes the quick start's own arguments (those README gives {@code bin/rowlift}); run in a mounted copy of the project's folder, it loads 5,000 rows into the
	 * sample's SQLite file, as the image's user, with the classes from the image's start cache.
	 */
	@Test
	void readmesQuickStartLoadsIntoTheMountedFolder() throws Exception {
		Path data = projectCopy();
		Matcher jarArgs = Pattern.compile("bin/rowlift (.*)$").matcher(readmeBlock("quickstart-load"));
		assertThat(jarArgs.find()).as("README's quick start runs bin/rowlift").isTrue();
		Matcher dockerRun = Pattern.compile("(?m)^docker run .* -v \"\\$PWD\":/data (rowlift:\\S+) (.*)$")
			.matcher(readmeBlock("image-quickstart"));
		assertThat(dockerRun.find()).as("README's image quick start: docker run ... -v \"$PWD\":/data IMAGE ARGS").isTrue();
		// docker load names docker.io/library/rowlift:V rowlift:V (the name skopeo writes for rowlift:V)
		assertThat(run(RUN, "tar", "-xOf", tar.toString(), "manifest.json")).as("the tag docker load gives the archive")
			.containsAnyOf("\"" + dockerRun.group(1) + "\"", "\"docker.io/library/" + dockerRun.group(1) + "\"");
		List<String> args = Arrays.asList(dockerRun.group(2).trim().split("\\s+"));
		assertThat(args).as("the jar's arguments, as they are").isEqualTo(Arrays.asList(jarArgs.group(1).trim().split("\\s+")));

		Container load = Container.start(data, args, Map.of("JAVA_TOOL_OPTIONS", "-Xlog:class+load=info:file=/data/classes.log"));
		assertThat(load.waitFor()).as(load.output()).isZero();
		assertThat(load.output()).contains("5,000 rows from examples/people/people.csv into people (sqlite)");
		assertThat(count("jdbc:sqlite:" + data.resolve("examples/people/people.db"), "SELECT COUNT(*) FROM people"))
			.isEqualTo(5_000);
		String classes = Files.readString(data.resolve("classes.log"));
		long cached = classes.lines().filter((line) -> line.contains("source: shared objects file (top)")).count();
		assertThat(cached).as("classes from the image's start cache, /app/rowlift.jsa").isGreaterThan(1_000);
		assertThat(Files.getAttribute(data.resolve("examples/people/people.db"), "unix:uid"))
			.as("written by the image's user").isEqualTo(10001);
	}

	/** The sample into MariaDB on the host's loopback, as docs/mysql.md runs it, with the image. */
	@Test
	void loadsIntoMariaDbOnTheHostsLoopback() throws Exception {
		MySqlTestTarget target = new MySqlTestTarget("image");
		target.requireServer();
		target.reset();
		try {
			Path data = projectCopy();
			Container load = Container.start(data,
					List.of("--spring.profiles.active=mysql", "--spring.config.additional-location=examples/people/"),
					Map.of("MYSQL_URL", target.url(), "MYSQL_USER", target.user(),
							"MYSQL_PASSWORD", target.password()));
			assertThat(load.waitFor()).as(load.output()).isZero();
			assertThat(load.output()).contains("5,000 rows from examples/people/people.csv into people (mysql)");
			try (Connection c = target.connect(); Statement st = c.createStatement();
					ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM people")) {
				assertThat(rs.next()).isTrue();
				assertThat(rs.getLong(1)).isEqualTo(5_000);
			}
		}
		finally {
			target.dispose();
		}
	}

	/**
	 * The service (docs/observability.md) in the image: healthy on its management port, a file dropped in
	 * its inbox loaded, and SIGTERM (docker stop) ending it with exit 0.
	 */
	@Test
	void theServiceAnswersItsHealthAndStopsOnSigterm() throws Exception {
		Path data = projectCopy();
		Files.createDirectories(data.resolve("inbox"));
		chown(data.resolve("inbox"));
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		Container service = Container.start(data,
				List.of("--rowlift.source.path=inbox/*.csv", "--rowlift.target.table=people",
						"--spring.datasource.url=jdbc:sqlite:service.db",
						"--spring.flyway.locations=filesystem:examples/people/db/{vendor}",
						"--rowlift.schedule.fixed-delay=1s", "--rowlift.schedule.settle=0s", "--management.server.port=" + port),
				Map.of());
		try {
			HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
			HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
				.timeout(Duration.ofSeconds(10))
				.build();
			String body = null;
			long deadline = System.nanoTime() + RUN.toNanos();
			while (body == null && System.nanoTime() < deadline && service.process.isAlive()) {
				try {
					HttpResponse<String> response = http.send(health, HttpResponse.BodyHandlers.ofString());
					body = response.statusCode() == 200 ? response.body() : null;
				}
				catch (IOException ex) {
					// not listening yet
				}
				if (body == null) {
					Thread.sleep(500);
				}
			}
			assertThat(body).as("GET /actuator/health\n" + service.output()).isNotNull().contains("\"status\":\"UP\"");

			Path file = Files.copy(data.resolve("examples/people/people.csv"), data.resolve("people.csv"));
			chown(file);
			Files.move(file, data.resolve("inbox/people.csv"));
			deadline = System.nanoTime() + RUN.toNanos();
			while (!Files.exists(data.resolve("inbox/loaded/people.csv")) && System.nanoTime() < deadline) {
				Thread.sleep(500);
			}
			assertThat(data.resolve("inbox/loaded/people.csv")).as(service.output()).exists();

			run(Duration.ofSeconds(30), "runc", "kill", service.id, "TERM");
			assertThat(service.waitFor()).as("SIGTERM between loads: exit 0\n" + service.output()).isZero();
			assertThat(service.output()).contains("service stopped");
			assertThat(count("jdbc:sqlite:" + data.resolve("service.db"), "SELECT COUNT(*) FROM people")).isEqualTo(5_000);
		}
		finally {
			service.destroy();
		}
	}

	/** The examples folder and README in a folder of the test's, owned by the image's user (uid 10001). */
	private Path projectCopy() throws Exception {
		Path data = Files.createDirectories(this.dir.resolve("data"));
		run(RUN, "cp", "-r", PROJECT.resolve("examples").toString(), data.toString());
		chown(data);
		return data;
	}

	private static void chown(Path path) throws Exception {
		run(RUN, "chown", "-R", "10001:10001", path.toString());
	}

	/** The lines between README's {@code <!-- name -->} and {@code <!-- /name -->}, without the fences. */
	private static String readmeBlock(String name) throws IOException {
		String readme = Files.readString(PROJECT.resolve("README.md"));
		Matcher block = Pattern.compile("<!-- " + name + " -->\\s*```\\s*(.*?)\\s*```\\s*<!-- /" + name + " -->", Pattern.DOTALL)
			.matcher(readme);
		assertThat(block.find()).as("README's <!-- " + name + " --> block").isTrue();
		return block.group(1).trim();
	}

	private static long count(String url, String sql) throws Exception {
		try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : -1;
		}
	}

	private static void requireTools() {
		List<String> missing = new ArrayList<>();
		for (String tool : List.of("skopeo", "umoci", "runc", "jq", "jlink")) {
			if (!onPath(tool)) {
				missing.add(tool);
			}
		}
		String why = null;
		if (!missing.isEmpty()) {
			why = "the image test needs " + String.join(", ", missing)
					+ " on PATH: apt-get install -y skopeo umoci runc jq (jlink: a JDK 17; .ci/run installs the others)";
		}
		else if (!"root".equals(System.getProperty("user.name"))) {
			why = "the image test runs containers with runc as root; this is " + System.getProperty("user.name");
		}
		if (why != null) {
			if ("true".equals(System.getenv("CI"))) {
				Assertions.fail(why + " (CI=true: the image test must not be skipped)");
			}
			Assumptions.abort(why);
		}
	}

	private static boolean onPath(String tool) {
		return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
			.anyMatch((folder) -> Files.isExecutable(Path.of(folder, tool)));
	}

	/** Runs a command in the project's folder; fails the test with its output unless it ends with 0 in time. */
	private static String run(Duration timeout, String... command) throws Exception {
		Path log = Files.createTempFile("rowlift-image-", ".log");
		try {
			Process process = new ProcessBuilder(command).directory(PROJECT.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			boolean ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
			if (!ended) {
				process.destroyForcibly();
			}
			String output = Files.readString(log);
			assertThat(ended && process.exitValue() == 0).as(String.join(" ", command) + "\n" + output).isTrue();
			return output;
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

	/**
	 * One container of the image: the image's own process settings (user, working folder, entrypoint,
	 * environment) with the arguments appended, {@code data} at /data, the host's network (no network
	 * namespace: 127.0.0.1 is the host's), no terminal.
	 */
	private static final class Container {

		final String id = "rowlift-it-" + UUID.randomUUID().toString().substring(0, 8);

		Process process;

		Path log;

		static Container start(Path data, List<String> args, Map<String, String> env) throws Exception {
			Container container = new Container();
			ObjectNode config = imageConfig.deepCopy();
			ObjectNode process = (ObjectNode) config.get("process");
			process.put("terminal", false);
			ArrayNode argv = (ArrayNode) process.get("args");
			args.forEach(argv::add);
			ArrayNode environment = (ArrayNode) process.get("env");
			env.forEach((name, value) -> environment.add(name + "=" + value));
			ArrayNode mounts = (ArrayNode) config.get("mounts");
			ObjectNode mount = mounts.addObject();
			mount.put("destination", "/data").put("type", "bind").put("source", data.toString());
			mount.putArray("options").add("rbind").add("rw");
			ArrayNode namespaces = (ArrayNode) config.get("linux").get("namespaces");
			for (int i = namespaces.size() - 1; i >= 0; i--) {
				if ("network".equals(namespaces.get(i).path("type").asText())) {
					namespaces.remove(i);
				}
			}
			JSON.writerWithDefaultPrettyPrinter().writeValue(bundle.resolve("config.json").toFile(), config);
			container.log = Files.createTempFile(data.getParent(), "container-", ".log");
			container.process = new ProcessBuilder("runc", "run", "--bundle", bundle.toString(), container.id)
				.redirectErrorStream(true)
				.redirectOutput(container.log.toFile())
				.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
				.start();
			return container;
		}

		/** Its exit code; fails the test when it runs longer than {@link #RUN}. */
		int waitFor() throws Exception {
			try {
				assertThat(this.process.waitFor(RUN.toMillis(), TimeUnit.MILLISECONDS)).as("ended in " + RUN + "\n" + output())
					.isTrue();
				return this.process.exitValue();
			}
			finally {
				destroy();
			}
		}

		String output() {
			try {
				return Files.readString(this.log, StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				return "(no output: " + ex.getMessage() + ")";
			}
		}

		void destroy() throws Exception {
			if (this.process.isAlive()) {
				new ProcessBuilder("runc", "kill", this.id, "KILL").start().waitFor(30, TimeUnit.SECONDS);
				this.process.waitFor(30, TimeUnit.SECONDS);
			}
			new ProcessBuilder("runc", "delete", "--force", this.id).start().waitFor(30, TimeUnit.SECONDS);
		}

	}

}
