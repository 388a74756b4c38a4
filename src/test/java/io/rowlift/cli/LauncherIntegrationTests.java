package io.rowlift.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.RowliftJar;

/**
 * {@code bin/rowlift}, the fast-start launcher, run as an operator runs it: it must behave exactly
 * as {@code java -jar} (arguments, output, exit codes, the JVM itself receiving signals), make its
 * unpacked jar and class cache once (the AOT cache on Java 25 or newer, a class-data archive before), make
 * them anew for a rebuilt jar, and never fail a run for a cache the JVM cannot use.
 */
class LauncherIntegrationTests {

	/** The cache the launcher makes for the JVM running the tests. */
	private static final String CACHE = Runtime.version().feature() >= 25 ? "rowlift.aot" : "rowlift.jsa";

	/** A Java 25 or newer JDK's home, for the AOT cache's tests when the tests run on an older one. */
	private static final String JAVA25_HOME = "ROWLIFT_TEST_JAVA25_HOME";

	@TempDir
	Path dir;

	private Path jar;

	/** Whether ROWLIFT_JAR names the jar relative to the launcher's working folder (this.dir). */
	private boolean relativeJar;

	/** The JDK the launcher runs (JAVA_HOME): the tests' own unless a test names another. */
	private String javaHome = System.getProperty("java.home");

	@BeforeEach
	void setUp() throws IOException {
		Files.createDirectories(this.dir.resolve("target"));
		this.jar = Files.copy(RowliftJar.jar(), this.dir.resolve("target/rowlift.jar"));
		Files.createDirectories(this.dir.resolve("db/sqlite"));
		Files.writeString(this.dir.resolve("db/sqlite/V1__people.sql"),
				"CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE INDEX people_name ON people (name);\n");
	}

	@Test
	void loadsLikeJavaJarAndMakesItsArchiveOnce() throws Exception {
		Path first = csv("first.csv", 10);
		Result run = launch(load(first));
		assertThat(run.exit).as(run.output).isZero();
		assertThat(run.output).contains("rowlift: run 1 completed: 10 rows from " + first);
		assertThat(cacheFiles(CACHE)).as("one class-data archive next to the jar").hasSize(1);
		assertThat(cacheFiles("no-archive")).isEmpty();

		Result second = launch(load(csv("second.csv", 7)));
		assertThat(second.exit).as(second.output).isZero();
		assertThat(second.output).doesNotContain("cds").doesNotContain("warning");
		assertThat(rows()).isEqualTo(17);
		assertThat(cacheFiles(CACHE)).as("the archive is reused, not made again").hasSize(1);
	}

	@Test
	void passesExitCodesAndErrorsThrough() throws Exception {
		Result missing = launch(load(this.dir.resolve("nope.csv")));
		assertThat(missing.exit).isEqualTo(2);
		assertThat(missing.output).contains("nope.csv");

		Path file = csv("people.csv", 3);
		assertThat(launch(load(file)).exit).isZero();
		Result again = launch(load(file));
		assertThat(again.exit).as(again.output).isEqualTo(3);
	}

	@Test
	void theJvmReplacesTheLauncherSoSignalsReachRowlift() throws Exception {
		List<String> args = new ArrayList<>(load(csv("people.csv", 5)));
		args.add("--rowlift.test.pause-at=summary");
		Process process = start(args, true);
		try {
			waitForOutput(process, "rowlift-test: paused at summary");
			String command = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "cmdline"), StandardCharsets.UTF_8);
			assertThat(command).as("the launcher's pid runs java itself").contains("java").contains(Runtime.version().feature() >= 25 ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=");
			Path thp = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");
			boolean onRequest = Files.isReadable(thp) && Files.readString(thp).contains("[madvise]");
			assertThat(command.contains("-XX:+UseTransparentHugePages")).as("the heap on huge pages where the kernel gives them on request")
				.isEqualTo(onRequest);
		}
		finally {
			process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
	}

	@Test
	void aRebuiltJarGetsANewArchive() throws Exception {
		assertThat(launch(load(csv("a.csv", 2))).exit).isZero();
		Files.setLastModifiedTime(this.jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
		Result run = launch(load(csv("b.csv", 2)));
		assertThat(run.exit).as(run.output).isZero();
		assertThat(cacheFiles(CACHE)).as("one archive per jar version").hasSize(2);
	}

	@Test
	void aRelativeJarPathStillMakesTheArchive() throws Exception {
		// the training runs in another folder: a relative ROWLIFT_JAR failed it, and every start then ran without the archive
		this.relativeJar = true;
		Result run = launch(load(csv("rel.csv", 3)));
		assertThat(run.exit).as(run.output).isZero();
		assertThat(cacheFiles(CACHE)).as("the archive, made with the jar named relative to the working folder").hasSize(1);
		assertThat(cacheFiles("no-archive")).isEmpty();
	}

	@Test
	void aTruncatedCacheIsMadeAgainAndTheRunLoads() throws Exception {
		assertThat(launch(load(csv("a.csv", 2))).exit).isZero();
		Path cache = cacheFiles(CACHE).get(0);
		truncate(cache);
		// Java 17 mapped a truncated archive without checking its length and died of SIGBUS (exit 135)
		Result run = launch(load(csv("b.csv", 3)));
		assertThat(run.exit).as(run.output).isZero();
		assertThat(rows()).isEqualTo(5);
		assertThat(Files.size(cache)).as("made again, whole").isEqualTo(Long.parseLong(Files.readString(cache.resolveSibling(CACHE + ".bytes")).strip()));
	}

	@Test
	void onJava25AnAotCacheTheJvmCannotUseFallsBackToASlowerStartThatTheDebugLogNames() throws Exception {
		this.javaHome = java25().toString();
		Result first = launch(load(csv("a.csv", 2)));
		assertThat(first.exit).as(first.output).isZero();
		assertThat(first.output).doesNotContain("WARNING").doesNotContain("[aot]");
		Path cache = cacheFiles("rowlift.aot").get(0);
		assertThat(cacheFiles("rowlift.jsa")).isEmpty();
		List<String> debug = new ArrayList<>(load(csv("b.csv", 3)));
		debug.add("--logging.level.io.rowlift=debug");
		Result used = launch(debug);
		assertThat(used.exit).as(used.output).isZero();
		assertThat(used.output).contains("start-up: the JVM used the ahead-of-time cache " + cache);

		// the same length with a damaged header: the JVM refuses the cache (-XX:AOTMode=auto) and starts without it
		byte[] noise = new byte[4096];
		new Random(36).nextBytes(noise);
		try (FileChannel file = FileChannel.open(cache, StandardOpenOption.WRITE)) {
			file.write(ByteBuffer.wrap(noise), 0);
		}
		debug = new ArrayList<>(load(csv("c.csv", 4)));
		debug.add("--logging.level.io.rowlift=debug");
		Result damaged = launch(debug);
		assertThat(damaged.exit).as(damaged.output).isZero();
		assertThat(damaged.output).contains("start-up: the JVM did not use the ahead-of-time cache " + cache)
			.doesNotContain("[aot]").doesNotContain("[error");
		assertThat(rows()).isEqualTo(9);

		truncate(cache);
		debug = new ArrayList<>(load(csv("d.csv", 1)));
		debug.add("--logging.level.io.rowlift=debug");
		Result remade = launch(debug);
		assertThat(remade.exit).as(remade.output).isZero();
		assertThat(remade.output).as("a truncated cache is made again before the start").contains("the JVM used the ahead-of-time cache");
		assertThat(rows()).isEqualTo(10);
	}

	/** A Java 25 or newer JDK: {@value #JAVA25_HOME}, else one under /usr/lib/jvm; skips without one unless CI=true. */
	private static Path java25() throws IOException {
		String named = System.getenv(JAVA25_HOME);
		if (named != null && !named.isBlank()) {
			return Path.of(named);
		}
		if (Runtime.version().feature() >= 25) {
			return Path.of(System.getProperty("java.home"));
		}
		Path jvms = Path.of("/usr/lib/jvm");
		if (Files.isDirectory(jvms)) {
			try (Stream<Path> homes = Files.list(jvms)) {
				for (Path home : homes.sorted().toList()) {
					Path release = home.resolve("release");
					if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
						Matcher version = Pattern.compile("JAVA_VERSION=\"(\\d+)")
							.matcher(Files.readString(release));
						if (version.find() && Integer.parseInt(version.group(1)) >= 25) {
							return home;
						}
					}
				}
			}
		}
		Assumptions.assumeFalse(System.getenv("CI") == null,
				"no Java 25 JDK under /usr/lib/jvm and no " + JAVA25_HOME + ": the AOT cache's fallback is not tested");
		throw new AssertionError("CI=true and no Java 25 JDK: install one under /usr/lib/jvm or name it in " + JAVA25_HOME);
	}

	private static void truncate(Path file) throws IOException {
		try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
			channel.truncate(channel.size() / 2);
		}
	}

	private List<String> load(Path csv) {
		return List.of("--spring.datasource.url=jdbc:sqlite:" + this.dir.resolve("people.db"),
				"--spring.flyway.locations=filesystem:" + this.dir.resolve("db") + "/{vendor}", "--rowlift.source.path=" + csv,
				"--rowlift.target.table=people");
	}

	private Path csv(String name, int rows) throws IOException {
		StringBuilder text = new StringBuilder("id,name\n");
		for (int i = 0; i < rows; i++) {
			text.append(name.hashCode() % 1000 * 1000 + i).append(",person ").append(i).append('\n');
		}
		return Files.writeString(this.dir.resolve(name), text);
	}

	private Process start(List<String> args) throws IOException {
		return start(args, false);
	}

	/** @param testClasses whether the tests' fault configuration joins the classpath (LOADER_PATH, as RowliftJar does for java -jar) */
	private Process start(List<String> args, boolean testClasses) throws IOException {
		List<String> command = new ArrayList<>(List.of("bash", Path.of("bin", "rowlift").toAbsolutePath().toString()));
		command.addAll(args);
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(this.dir.resolve("out-" + System.nanoTime() + ".log").toFile());
		builder.environment().put("ROWLIFT_JAR", this.relativeJar ? this.dir.relativize(this.jar).toString() : this.jar.toString());
		builder.environment().put("JAVA_HOME", this.javaHome);
		if (testClasses) {
			builder.environment().put("LOADER_PATH", RowliftJar.testClasses().toString());
		}
		return builder.start();
	}

	private Result launch(List<String> args) throws Exception {
		Process process = start(args);
		if (!process.waitFor(300, TimeUnit.SECONDS)) { // a first start trains the cache: minutes on a busy 2-core machine
			process.destroyForcibly();
			throw new AssertionError("bin/rowlift did not end in 300 s");
		}
		return new Result(process.exitValue(), lastLog());
	}

	private void waitForOutput(Process process, String text) throws Exception {
		for (int i = 0; i < 1200 && process.isAlive(); i++) {
			if (lastLog().contains(text)) {
				return;
			}
			Thread.sleep(100);
		}
		throw new AssertionError("no '" + text + "' in the output:\n" + lastLog());
	}

	private String lastLog() throws IOException {
		try (Stream<Path> logs = Files.list(this.dir)) {
			Path log = logs.filter(p -> p.getFileName().toString().startsWith("out-")).sorted().reduce((a, b) -> b).orElseThrow();
			return Files.readString(log, StandardCharsets.UTF_8);
		}
	}

	private List<Path> cacheFiles(String name) throws IOException {
		try (Stream<Path> files = Files.walk(this.dir.resolve("target/.rowlift-launch"))) {
			return files.filter(p -> p.getFileName().toString().equals(name)).toList();
		}
	}

	private long rows() throws Exception {
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + this.dir.resolve("people.db"));
				Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT count(*) FROM people")) {
			rs.next();
			return rs.getLong(1);
		}
	}

	private record Result(int exit, String output) {
	}

}
