package io.rowlift.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The packaged jar made fast to start for the tests, the way {@code bin/rowlift} does it: unpacked
 * once ({@code java -Djarmode=tools -jar rowlift.jar extract}; a fat jar's nested jars cost about
 * 0.6 s of class loading at every start) plus a dynamic class-data sharing archive made by one
 * training load with {@code -XX:ArchiveClassesAtExit} and {@link RowliftJar#JVM_OPTIONS}, the options
 * every test start uses. A start then runs {@code java OPTIONS -XX:SharedArchiveFile=... -cp
 * app/rowlift.jar:TEST_CLASSES:EXTENSIONS MAIN ARGS}: a 10-row load in about half the time of
 * {@code java -jar}.
 * <p>
 * Kept in {@code <jar's folder>/rowlift-test-launch/<stamp>/} (stamp: the jar's size and time, the
 * {@code java} binary and the options), so every test JVM of one build shares it and a rebuilt jar or
 * another JDK makes a new one. It is made in a private folder and renamed into place, so test JVMs
 * making it at once are safe (the first rename wins, the others use it; a file lock makes the others wait
 * for the first instead of doing the same work); once made it is never
 * changed, so a {@code mvn package} rewriting the jar meanwhile affects neither it nor the runs that
 * use it. Folders of stamps unused for {@link #KEEP} are removed when a new one is made.
 * <p>
 * Only speed depends on it: {@link #of} answers {@code null} when the jar cannot be unpacked (the
 * caller then runs {@code java -jar} on a copy, as before), and an archive that cannot be made only
 * means starts without one; each says so in one line on the test JVM's standard error. Thread safe:
 * one lookup at a time per JVM, each stamp made at most once per JVM.
 */
final class UnpackedJar {

	/** Stamp folders unused (not looked up by any test JVM) for this long are removed. */
	static final Duration KEEP = Duration.ofHours(3);

	private static final Map<String, UnpackedJar> MADE = new HashMap<>();

	/** Stamps that failed to unpack in this JVM: not tried again at every start. */
	private static final Map<String, Boolean> FAILED = new HashMap<>();

	private final Path app;

	private final Path archive;

	private final String mainClass;

	private UnpackedJar(Path app, Path archive, String mainClass) {
		this.app = app;
		this.archive = archive;
		this.mainClass = mainClass;
	}

	/** The unpacked jar, which names its libraries in its manifest's {@code Class-Path}. */
	Path app() {
		return this.app;
	}

	/** The class-data archive, or {@code null} when it could not be made. */
	Path archive() {
		return this.archive;
	}

	/** The unpacked jar's {@code Main-Class} (the fat jar's {@code Start-Class}). */
	String mainClass() {
		return this.mainClass;
	}

	/**
	 * The JVM options and classpath up to the main class: {@code options}, the archive if any,
	 * {@code -cp app/rowlift.jar:entries...} and the main class; the program's arguments follow. The
	 * archive was made with the unpacked jar alone on the classpath, a prefix of this one, so the
	 * entries after it (test classes, extension jars) do not make it unusable.
	 */
	List<String> command(String java, List<String> options, List<Path> classpath) {
		List<String> command = new ArrayList<>();
		command.add(java);
		command.addAll(options);
		if (this.archive != null) {
			// -Xshare:auto (the default): an archive the JVM cannot use is ignored, not an error; its log is off
			command.add("-XX:SharedArchiveFile=" + this.archive);
			command.add("-Xlog:cds=off");
			command.add("-Xlog:cds+dynamic=off");
		}
		StringBuilder cp = new StringBuilder(this.app.toString());
		for (Path entry : classpath) {
			cp.append(File.pathSeparatorChar).append(entry);
		}
		command.add("-cp");
		command.add(cp.toString());
		command.add(this.mainClass);
		return command;
	}

	/**
	 * The unpacked form of {@code jar} for {@code java} with {@code options}, made now if it is not
	 * there yet; {@code null} when the jar cannot be unpacked.
	 */
	static synchronized UnpackedJar of(Path jar, String java, List<String> options) {
		String stamp;
		try {
			stamp = stamp(jar, java, options);
		}
		catch (IOException ex) {
			note("cannot stat " + jar + " or " + java + " (" + ex + "): running java -jar");
			return null;
		}
		UnpackedJar made = MADE.get(stamp);
		if (made != null || FAILED.containsKey(stamp)) {
			return made;
		}
		Path root = jar.toAbsolutePath().getParent().resolve("rowlift-test-launch");
		Path dir = root.resolve(stamp);
		long started = System.nanoTime();
		try (FileChannel lockFile = lockFile(root, stamp); FileLock lock = lockFile.lock()) {
			Path app = dir.resolve("app").resolve("rowlift.jar");
			boolean unpacked = !Files.isRegularFile(app);
			if (unpacked) {
				unpack(jar, java, options, root, stamp);
			}
			Files.setLastModifiedTime(dir, FileTime.from(Instant.now())); // in use: not pruned
			String mainClass = mainClass(app);
			Path archive = dir.resolve("rowlift.jsa");
			Path none = dir.resolve("no-archive");
			String trained = "";
			boolean training = !Files.isRegularFile(archive) && !Files.isRegularFile(none);
			if (training) {
				trained = train(java, options, app, mainClass, archive, root);
				if (!trained.isEmpty()) {
					Files.writeString(none, trained + "\n", StandardCharsets.UTF_8); // not tried again by every test JVM
				}
			}
			else if (Files.isRegularFile(none)) {
				trained = Files.readString(none, StandardCharsets.UTF_8).strip();
			}
			made = new UnpackedJar(app, Files.isRegularFile(archive) ? archive : null, mainClass);
			if (made.archive == null) {
				note("no class-data archive in " + dir + ", starts are slower (" + trained + ")");
			}
			else if (unpacked || training) {
				System.err.printf("rowlift tests: unpacked %s with a class-data archive into %s in %.1f s%n", jar, dir,
						(System.nanoTime() - started) / 1e9);
			}
		}
		catch (IOException | RuntimeException ex) {
			note("cannot unpack " + jar + " into " + dir + " (" + ex + "): running java -jar");
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			note("interrupted while unpacking " + jar + ": running java -jar");
		}
		if (made == null) {
			FAILED.put(stamp, true);
			return null;
		}
		MADE.put(stamp, made);
		return made;
	}

	/**
	 * The file {@code root/stamp.lock}, which the test JVMs of one build lock while they look up and make
	 * a stamp: failsafe's forks start at once, and without it each unpacked and trained the same jar (the
	 * renames kept that safe; the lock saves the second fork's CPU, which on two cores the first needs).
	 * {@link #prune} removes it once it is {@link #KEEP} old (a JVM then locking a new file beside one still
	 * locked only makes the same stamp at once, which the renames keep safe).
	 */
	private static FileChannel lockFile(Path root, String stamp) throws IOException {
		Files.createDirectories(root);
		return FileChannel.open(root.resolve(stamp + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
	}

	/**
	 * Unpacks a copy of the jar in a private folder and renames it to {@code root/stamp} (the archive
	 * names the unpacked jar by its path, so it is trained there, afterwards).
	 */
	private static void unpack(Path jar, String java, List<String> options, Path root, String stamp)
			throws IOException, InterruptedException {
		Files.createDirectories(root);
		prune(root);
		Path tmp = Files.createTempDirectory(root, "making-" + stamp + "-");
		try {
			// a copy first: a mvn package running meanwhile rewrites the jar, and the stamp must name what was unpacked
			Path copy = Files.copy(jar, tmp.resolve("rowlift.jar"), StandardCopyOption.COPY_ATTRIBUTES);
			if (!stamp(jar, java, options).equals(stamp) || !stamp(copy, java, options).equals(stamp)) {
				throw new IOException(jar + " changed while it was copied");
			}
			Path dir = Files.createDirectories(tmp.resolve("stamp"));
			String output = run(tmp, Duration.ofMinutes(2), java, "-Djarmode=tools", "-jar", copy.toString(), "extract",
					"--destination", dir.resolve("app").toString());
			if (!Files.isRegularFile(dir.resolve("app").resolve("rowlift.jar"))) {
				throw new IOException("no app/rowlift.jar after extract: " + output);
			}
			try {
				Files.move(dir, root.resolve(stamp), StandardCopyOption.ATOMIC_MOVE);
			}
			catch (IOException ex) {
				if (!Files.isRegularFile(root.resolve(stamp).resolve("app").resolve("rowlift.jar"))) {
					throw ex;
				}
				// another test JVM made it first (rename(2) onto a non-empty folder fails): use that one, ours goes below
			}
		}
		finally {
			delete(tmp);
		}
	}

	/**
	 * One small load into a scratch SQLite file, in its own folder and environment (no
	 * {@code application.yml}, {@code SPRING_*} or {@code ROWLIFT_*} of the caller applies), with the
	 * classes it loaded archived at its exit, then renamed to {@code archive} (test JVMs training at
	 * once each rename a whole archive); answers why not when no archive came of it, else "".
	 */
	private static String train(String java, List<String> options, Path app, String mainClass, Path archive, Path root)
			throws IOException, InterruptedException {
		Path dir = Files.createTempDirectory(root, "training-");
		try {
			Files.createDirectories(dir.resolve("db/sqlite"));
			Files.writeString(dir.resolve("train.csv"), "id,name,score,born,at\n1,a,1.5,2024-01-31,2024-01-31 10:00:00\n"
					+ "2,\"b, \"\"c\"\"\",2,2024-02-01,2024-02-01 11:00:00\n3,,3,2024-02-02,2024-02-02 12:00:00\n", StandardCharsets.UTF_8);
			Files.writeString(dir.resolve("db/sqlite/V1__train.sql"), "CREATE TABLE train (id INTEGER PRIMARY KEY, name TEXT, "
					+ "score DECIMAL(9,2), born DATE, at TIMESTAMP);\nCREATE INDEX train_name ON train (name);\n", StandardCharsets.UTF_8);
			Path made = dir.resolve("rowlift.jsa");
			List<String> command = new ArrayList<>();
			command.add(java);
			command.addAll(options);
			command.addAll(List.of("-XX:ArchiveClassesAtExit=" + made, "-cp", app.toString(), mainClass,
					"--spring.datasource.url=jdbc:sqlite:" + dir.resolve("train.db"),
					"--spring.flyway.locations=filesystem:" + dir.resolve("db") + "/{vendor}",
					"--rowlift.source.path=" + dir.resolve("train.csv"), "--rowlift.target.table=train"));
			String output;
			try {
				output = run(dir, Duration.ofMinutes(3), command.toArray(String[]::new));
			}
			catch (IOException ex) {
				return "the training load failed: " + ex.getMessage();
			}
			if (!Files.isRegularFile(made) || Files.size(made) == 0) {
				String tail = output.length() > 2000 ? output.substring(output.length() - 2000) : output;
				return "the training load made none: " + tail.strip().replace('\n', ' ');
			}
			Files.move(made, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			return "";
		}
		finally {
			delete(dir);
		}
	}

	/** Runs a command in {@code dir} with only PATH and HOME set; answers its output. */
	private static String run(Path dir, Duration timeout, String... command) throws IOException, InterruptedException {
		Path log = dir.resolve("command-" + System.nanoTime() + ".log");
		ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile());
		Map<String, String> env = builder.environment();
		String path = env.get("PATH");
		String home = env.get("HOME");
		env.clear();
		if (path != null) {
			env.put("PATH", path);
		}
		env.put("HOME", home != null ? home : dir.toString());
		Process process = builder.start();
		process.getOutputStream().close();
		if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
			process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
			throw new IOException(String.join(" ", command) + " did not end within " + timeout);
		}
		String output = Files.readString(log, StandardCharsets.UTF_8);
		if (process.exitValue() != 0) {
			throw new IOException(String.join(" ", command) + " exited " + process.exitValue() + ": " + output);
		}
		return output;
	}

	private static String mainClass(Path app) throws IOException {
		try (JarFile file = new JarFile(app.toFile())) {
			String main = file.getManifest() == null ? null : file.getManifest().getMainAttributes().getValue("Main-Class");
			if (main == null || main.isBlank() || main.startsWith("org.springframework.boot.loader")) {
				throw new IOException(app + " names no application Main-Class: " + main);
			}
			return main.strip();
		}
	}

	/** Size and time of the jar and of the java binary, and the options, hashed (12 hex digits). */
	private static String stamp(Path jar, String java, List<String> options) throws IOException {
		StringBuilder text = new StringBuilder();
		text.append(Files.size(jar)).append(' ').append(Files.getLastModifiedTime(jar).toMillis()).append('\n');
		Path binary = Path.of(java);
		if (Files.exists(binary)) {
			binary = binary.toRealPath();
			text.append(binary).append(' ').append(Files.size(binary)).append(' ').append(Files.getLastModifiedTime(binary).toMillis());
		}
		else {
			text.append(java).append(' ').append(System.getProperty("java.home"));
		}
		text.append('\n').append(String.join(" ", options));
		try {
			byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(hash, 0, 6);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Removes stamp folders, their lock files and leftovers of interrupted makers not used for {@link #KEEP}. */
	private static void prune(Path root) {
		Instant before = Instant.now().minus(KEEP);
		try (Stream<Path> entries = Files.list(root)) {
			for (Path entry : entries.toList()) {
				if (Files.getLastModifiedTime(entry).toInstant().isBefore(before)) {
					if (Files.isDirectory(entry)) {
						delete(entry);
					}
					else if (entry.getFileName().toString().endsWith(".lock")) {
						Files.deleteIfExists(entry); // a stamp's lock file
					}
				}
			}
		}
		catch (IOException | UncheckedIOException ex) {
			// another JVM pruning at the same time, or a folder in use: only disk space is at stake
		}
	}

	private static void delete(Path dir) {
		try (Stream<Path> files = Files.walk(dir)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(file);
			}
		}
		catch (IOException | UncheckedIOException ex) {
			// a leftover in target/ costs disk only; mvn clean removes it
		}
	}

	private static void note(String line) {
		System.err.println("rowlift tests: " + line);
	}

}
