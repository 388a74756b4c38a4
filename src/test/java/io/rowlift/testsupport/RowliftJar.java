package io.rowlift.testsupport;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assertions;

/**
 * The packaged jar ({@code target/rowlift.jar}, system property {@code rowlift.test.jar}) run as a
 * separate process, as an operator runs it, in a working folder of its own (so no {@code ./config}
 * of the project is read), standard output and error appended to one log file across attempts.
 * Each {@link #start} writes a header line (time of day and a label) to the log first, so the log
 * reads as the history of the attempts.
 * <p>
 * How the process starts: by default the jar unpacked once per build with a class-data archive
 * ({@link UnpackedJar}, the way {@code bin/rowlift} starts it), {@code java OPTIONS
 * -XX:SharedArchiveFile=... -cp app/rowlift.jar:TEST_CLASSES:EXTENSIONS io.rowlift.RowliftApplication
 * ARGS}: the same classes, arguments, output, exit codes, working folder, environment and signals as
 * {@code java -jar}, the process's pid the JVM's own, in about half the start time. {@link #javaJar}
 * runs {@code java OPTIONS -Dloader.path=TEST_CLASSES,EXTENSIONS -jar rowlift.jar ARGS} instead (a
 * copy of the jar), for tests of what {@code java -jar} itself does; so does the default when the jar
 * cannot be unpacked.
 */
public final class RowliftJar {

	/** The copy {@code java -jar} runs, or {@code null} when the unpacked jar runs. */
	private final Path jar;

	/** The unpacked jar with its archive, or {@code null} for {@code java -jar}. */
	private final UnpackedJar unpacked;

	private final Path workDir;

	private final Path log;

	private final List<Attempt> started = new ArrayList<>();

	/** Environment variables of every later start, beside the test JVM's own. */
	private final java.util.Map<String, String> environment = new java.util.LinkedHashMap<>();

	/** More entries of the classpath (loader.path for {@code java -jar}): a user's extension jars, after the test classes. */
	private final List<Path> loaderPath = new ArrayList<>();

	/** Starts the unpacked jar (falls back to {@code java -jar} when it cannot be unpacked). */
	public RowliftJar(Path workDir, Path log) throws IOException {
		this(workDir, log, UnpackedJar.of(jar(), java(), JVM_OPTIONS));
	}

	/**
	 * Copies the jar into {@code workDir} first when {@code java -jar} runs it: a {@code mvn package}
	 * running meanwhile (another build in the same project) rewrites {@code target/rowlift.jar}, and
	 * a JVM whose jar changes under it fails with {@code NoClassDefFoundError}. (The unpacked jar is
	 * a folder of its own, never rewritten.)
	 */
	private RowliftJar(Path workDir, Path log, UnpackedJar unpacked) throws IOException {
		this.unpacked = unpacked;
		this.jar = unpacked != null ? null
				: Files.copy(jar(), workDir.resolve("rowlift-under-test.jar"), StandardCopyOption.REPLACE_EXISTING);
		this.workDir = workDir;
		this.log = log;
	}

	/** Starts {@code java -jar} with {@code -Dloader.path}, for a test of what the packaged jar itself does. */
	public static RowliftJar javaJar(Path workDir, Path log) throws IOException {
		return new RowliftJar(workDir, log, null);
	}

	/** The jar failsafe names, or {@code target/rowlift.jar} of the project; fails when it is not built. */
	public static Path jar() {
		String property = System.getProperty("rowlift.test.jar");
		Path jar = (property == null || property.isBlank()) ? Path.of("target", "rowlift.jar").toAbsolutePath()
				: Path.of(property).toAbsolutePath();
		Assertions.assertTrue(Files.isRegularFile(jar), jar + " is missing: run mvn package first (failsafe runs after it)");
		return jar;
	}

	/** The compiled test classes (system property {@code rowlift.test.classes}, else {@code target/test-classes}). */
	public static Path testClasses() {
		String property = System.getProperty("rowlift.test.classes");
		return (property == null || property.isBlank() ? Path.of("target", "test-classes") : Path.of(property)).toAbsolutePath();
	}

	/**
	 * JVM options of every Rowlift process a test starts: the client compiler only and the serial
	 * collector. The suite starts a few hundred short processes on two cores, where the optimising
	 * compiler's and G1's threads cost more than they earn: a 5,000-row load took 14-15 s of CPU with
	 * the defaults and 6-7 s with these (while other builds shared the machine). They change how fast
	 * the code runs, never what it does; the launcher tests ({@code bin/rowlift}, README's commands)
	 * keep the defaults.
	 */
	public static final List<String> JVM_OPTIONS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");

	/** The {@code java} of the JVM running the tests. */
	public static String java() {
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		return Files.isExecutable(java) ? java.toString() : "java";
	}

	public Path log() {
		return this.log;
	}

	/**
	 * Adds {@code entries} (jars or folders) to the classpath of every later start, as a user's
	 * extensions: after the unpacked jar and the test classes on {@code -cp} (as {@code bin/rowlift}
	 * puts {@code LOADER_PATH}), or on {@code -Dloader.path} for {@link #javaJar}.
	 */
	public RowliftJar withLoaderPath(Path... entries) {
		for (Path entry : entries) {
			this.loaderPath.add(entry.toAbsolutePath());
		}
		return this;
	}

	/** A signal ({@code INT}) every later start gets ignored, as a shell's background job does; empty for none. */
	private String ignoring = "";

	/**
	 * Starts every later process with {@code signal} ignored ({@code env --ignore-signal}), as a script's
	 * {@code rowlift ... &} does for SIGINT: for a test of what Rowlift says then.
	 */
	public RowliftJar ignoringSignal(String signal) {
		this.ignoring = signal;
		return this;
	}

	/** Sets an environment variable for every later start (an operator's {@code ROWLIFT_...} or {@code MYSQL_URL}). */
	public RowliftJar withEnvironment(String name, String value) {
		this.environment.put(name, value);
		return this;
	}

	/**
	 * The whole command of a start with {@code args}: the unpacked jar or {@code java -jar} (see the
	 * class comment), with {@link #JVM_OPTIONS}; the test classes join the classpath, so the
	 * fault-injection configuration of the tests is there when a test sets {@code rowlift.test.*}
	 * (inert otherwise), and the {@link #withLoaderPath} entries after them.
	 */
	public List<String> command(List<String> args) {
		List<Path> classpath = new ArrayList<>();
		classpath.add(testClasses());
		classpath.addAll(this.loaderPath);
		List<String> command;
		if (this.unpacked != null) {
			command = this.unpacked.command(java(), JVM_OPTIONS, classpath);
		}
		else {
			command = new ArrayList<>();
			command.add(java());
			command.addAll(JVM_OPTIONS);
			command.add("-Dloader.path=" + String.join(",", classpath.stream().map(Path::toString).toList()));
			command.add("-jar");
			command.add(this.jar.toString());
		}
		command.addAll(args);
		return command;
	}

	/** Starts {@link #command} with {@code args} in the working folder, after writing {@code === label} to the log. */
	public Attempt start(String label, List<String> args) throws IOException {
		StartLog.record("jar");
		long offset = header(label);
		List<String> command = new ArrayList<>(SignalDefaults.PREFIX);
		command.addAll(this.ignoring.isEmpty() ? List.of() : List.of("env", "--ignore-signal=" + this.ignoring));
		command.addAll(command(args));
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.workDir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()))
			.redirectInput(ProcessBuilder.Redirect.PIPE);
		builder.environment().putAll(this.environment);
		Attempt attempt = new Attempt(label, builder.start(), offset, System.nanoTime());
		attempt.process.getOutputStream().close();
		this.started.add(attempt);
		return attempt;
	}

	/** Starts the command and waits for its end; kills it and fails after {@code timeout}. */
	public Attempt run(String label, List<String> args, Duration timeout) throws Exception {
		Attempt attempt = start(label, args);
		if (!attempt.waitFor(timeout.toMillis())) {
			attempt.kill();
			Assertions.fail(label + " did not end within " + timeout + "; killed it\n" + tail(60_000));
		}
		return attempt;
	}

	/**
	 * Runs the command in the test JVM, as {@code main} runs it ({@link RowliftRun#of}: the application started,
	 * its command run, its exit code returned instead of ending a process), after writing {@code === label (in the
	 * test JVM)} to the log, its output appended there too, so {@link #tail} and {@link Attempt#output} read as for
	 * a process. For a command whose process is not what the test looks at: above all the same command run again
	 * after a kill -9, where the test checks what that run does (its exit code, what it says, the table), not how a
	 * process starts or ends. It costs one Spring start in a warm JVM instead of a JVM's start, about a quarter of
	 * the CPU (0.6-0.8 against 2.4-3.1 CPU-s; issue #35, docs/development.md "Suite time").
	 * <p>
	 * Refused ({@link IllegalStateException}) for what only a process has: environment variables
	 * ({@link #withEnvironment}), extensions ({@link #withLoaderPath}), an ignored signal, a pause point
	 * ({@code rowlift.test.pause-at}, which nothing would end here), and an argument naming a file relative to the
	 * working folder. Runs one at a time with every other in-JVM command ({@link RowliftRun}'s lock).
	 *
	 * @throws AssertionError when the command has not ended within {@code timeout} (its thread is left running)
	 */
	public Attempt runHere(String label, List<String> args, Duration timeout) throws Exception {
		if (!this.environment.isEmpty() || !this.loaderPath.isEmpty() || !this.ignoring.isEmpty()) {
			throw new IllegalStateException("runHere: environment variables, extensions and ignored signals need a process: use run");
		}
		for (String arg : args) {
			if (arg.startsWith("--rowlift.test.pause-at=")) {
				throw new IllegalStateException("runHere: a pause point needs a process to kill: use start");
			}
			int equals = arg.indexOf('=');
			String value = equals < 0 ? arg : arg.substring(equals + 1);
			if (!value.isEmpty() && !value.startsWith("/") && !value.contains(":") && Files.exists(this.workDir.resolve(value))) {
				throw new IllegalStateException("runHere: " + arg + " names a file of the working folder " + this.workDir + ": use run");
			}
		}
		StartLog.record("here");
		long offset = header(label + " (in the test JVM)");
		long start = System.nanoTime();
		java.util.concurrent.CompletableFuture<RowliftRun> run = java.util.concurrent.CompletableFuture
			.supplyAsync(() -> RowliftRun.of(args), command -> {
				Thread thread = new Thread(command, "rowlift-here");
				thread.setDaemon(true);
				thread.start();
			});
		RowliftRun done;
		try {
			done = run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (java.util.concurrent.TimeoutException ex) {
			throw new AssertionError(label + " (in the test JVM) did not end within " + timeout + "; its thread is left running\n"
					+ tail(60_000));
		}
		Files.writeString(this.log, done.out() + done.err(), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
		Attempt attempt = new Attempt(label, null, offset, start);
		attempt.endedHere(done.exitCode());
		this.started.add(attempt);
		return attempt;
	}

	/** Writes {@code === time label} to the log; returns where the attempt's own output begins. */
	private long header(String label) throws IOException {
		Files.writeString(this.log, "\n=== " + LocalTime.now().truncatedTo(ChronoUnit.MILLIS) + " " + label + "\n",
				StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		return Files.size(this.log);
	}

	/**
	 * Waits until {@code attempt} has written {@code text} (a pause checkpoint's line, say); fails with
	 * the log's tail when it ends first or after {@code timeout}.
	 */
	public void awaitOutput(Attempt attempt, String text, Duration timeout) throws InterruptedException {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (!attempt.output().contains(text)) {
			if (attempt.waitFor(100)) {
				Assertions.fail("ended (exit " + attempt.exitCode() + ") before writing '" + text + "'\n" + tail(20_000));
			}
			if (System.nanoTime() > deadline) {
				Assertions.fail("no '" + text + "' after " + timeout + "\n" + tail(20_000));
			}
		}
	}

	/** The whole log, or its last {@code max} characters. */
	public String tail(int max) {
		try {
			String text = Files.exists(this.log) ? Files.readString(this.log, StandardCharsets.UTF_8) : "";
			return "--- " + this.log + (text.length() > max ? " (last " + max + " characters)" : "") + "\n"
					+ (text.length() > max ? text.substring(text.length() - max) : text) + "\n--- end of log";
		}
		catch (IOException ex) {
			return "--- cannot read " + this.log + ": " + ex;
		}
	}

	/** Kills whatever attempt is still alive (for a test that ends early). */
	public void killAll() {
		for (Attempt attempt : this.started) {
			if (attempt.process != null && attempt.process.isAlive()) {
				attempt.kill();
			}
		}
	}

	/**
	 * What makes a started process get the default SIGINT whatever the test JVM got: a shell hands the
	 * children of a background job ({@code mvn verify &} in a script) an ignored SIGINT, every process
	 * inherits that through fork and exec (Maven, failsafe's JVM, the Rowlift it starts), and a JVM
	 * whose SIGINT is ignored at its start never installs a handler for it, so the tests that send
	 * SIGINT saw the load complete. {@code env --default-signal=INT} (GNU coreutils 8.31 and later)
	 * resets it and then execs the JVM, whose pid stays the process's; {@code sh -c 'trap - INT'}
	 * cannot (a shell may not reset a signal that was ignored when it started). Where that {@code env}
	 * is missing (macOS, older coreutils), {@code perl} does the same ({@code $SIG{INT} = 'DEFAULT'}, then
	 * exec); where neither is, or with {@code -Drowlift.test.inherit-sigint=true}, the start is left as it is (a SIGINT
	 * test then fails when the suite was started with SIGINT ignored).
	 */
	static final class SignalDefaults {

		static final List<String> PREFIX = probe();

		private SignalDefaults() {
		}

		private static List<String> probe() {
			if (Boolean.getBoolean("rowlift.test.inherit-sigint")) {
				return List.of(); // the starts as before issue 20, to see the SIGINT tests fail under an ignored SIGINT
			}
			for (List<String> prefix : List.of(List.of("env", "--default-signal=INT"),
					List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec { $ARGV[0] } @ARGV or die \"exec $ARGV[0]: $!\\n\"", "--"))) {
				if (works(prefix)) {
					return prefix;
				}
			}
			System.err.println("RowliftJar: neither env --default-signal=INT nor perl is available here; Rowlift processes"
					+ " inherit the test JVM's SIGINT disposition");
			return List.of();
		}

		/** Whether {@code prefix true} runs and exits 0. */
		private static boolean works(List<String> prefix) {
			List<String> command = new ArrayList<>(prefix);
			command.add("true");
			try {
				Process probe = new ProcessBuilder(command).redirectErrorStream(true)
					.redirectOutput(ProcessBuilder.Redirect.DISCARD)
					.start();
				if (probe.waitFor(10, TimeUnit.SECONDS)) {
					return probe.exitValue() == 0;
				}
				probe.destroyForcibly();
			}
			catch (IOException ex) {
				// not on the PATH
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return false;
		}

	}

	/** One started process, or one command run in the test JVM ({@link #runHere}), which has ended when it is returned. */
	public final class Attempt {

		private final String label;

		/** The process, or {@code null} for a command run in the test JVM. */
		private final Process process;

		private final long logOffset;

		private final long startNanos;

		private long endNanos;

		/** The exit code of a command run in the test JVM. */
		private int exitHere;

		Attempt(String label, Process process, long logOffset, long startNanos) {
			this.label = label;
			this.process = process;
			this.logOffset = logOffset;
			this.startNanos = startNanos;
		}

		private void endedHere(int exitCode) {
			this.exitHere = exitCode;
			this.endNanos = System.nanoTime();
		}

		public String label() {
			return this.label;
		}

		/** The process's pid; fails for a command run in the test JVM, which has none of its own. */
		public long pid() {
			return process().pid();
		}

		private Process process() {
			if (this.process == null) {
				throw new IllegalStateException(this.label + " ran in the test JVM (runHere): it has no process");
			}
			return this.process;
		}

		/** @return whether the process ended (by itself) within {@code millis} of now */
		public boolean waitFor(long millis) throws InterruptedException {
			if (this.process == null) {
				return true;
			}
			boolean ended = this.process.waitFor(millis, TimeUnit.MILLISECONDS);
			if (ended) {
				this.endNanos = System.nanoTime();
			}
			return ended;
		}

		/** SIGKILL (on Linux {@link Process#destroyForcibly} is {@code kill -9}), then waits for the end. */
		public void kill() {
			Process process = process();
			process.destroyForcibly();
			try {
				if (!process.waitFor(30, TimeUnit.SECONDS)) {
					throw new IllegalStateException("process " + process.pid() + " survived SIGKILL for 30 s");
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.endNanos = System.nanoTime();
		}

		public int exitCode() {
			return this.process == null ? this.exitHere : this.process.exitValue();
		}

		/** Milliseconds from start to the end (or to now while it runs). */
		public long elapsedMillis() {
			return ((this.endNanos != 0 ? this.endNanos : System.nanoTime()) - this.startNanos) / 1_000_000;
		}

		/** What this attempt wrote to the log. */
		public String output() {
			try (RandomAccessFile file = new RandomAccessFile(RowliftJar.this.log.toFile(), "r")) {
				long length = file.length();
				long from = Math.min(this.logOffset, length);
				byte[] bytes = new byte[(int) (length - from)];
				file.seek(from);
				file.readFully(bytes);
				String text = new String(bytes, StandardCharsets.UTF_8);
				int next = text.indexOf("\n=== ");
				return next < 0 ? text : text.substring(0, next + 1);
			}
			catch (IOException ex) {
				return "(cannot read " + RowliftJar.this.log + ": " + ex + ")";
			}
		}

		/** The last non-blank line this attempt wrote, or {@code (nothing)}. */
		public String lastLine() {
			String[] lines = output().split("\n");
			for (int i = lines.length - 1; i >= 0; i--) {
				if (!lines[i].isBlank()) {
					return lines[i].strip();
				}
			}
			return "(nothing)";
		}

	}

}
