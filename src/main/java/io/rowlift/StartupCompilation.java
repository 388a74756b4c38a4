package io.rowlift;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Keeps HotSpot's optimising compiler (C2) off the code that only runs while the application starts,
 * and gives it back before the load runs.
 *
 * <p>Why: starting Spring Boot, Spring Batch and Flyway runs a great deal of code once. With the JVM's
 * defaults C2 compiles the hottest of it in the background, which on a 2-core machine takes as much
 * CPU as the start itself (a 10-row load: about 13 s of CPU with C2, 6 s with the client compiler only)
 * and competes with the main thread for the second core; none of that compiled code is used again.
 * A jar cannot carry JVM options ({@code -XX:TieredStopAtLevel=1} is what {@code bin/rowlift} gives
 * small files), so this adds a compiler directive at run time, through the JVM's diagnostic command
 * MBean ({@code Compiler.directives_add}, what {@code jcmd} does): C2 excludes every method while it is
 * in place, and HotSpot then compiles those methods with C1 only. {@link #end()} removes the directive
 * when the load step of a file of 16 MiB or more starts ({@code job.CompilerHandover}; a smaller file
 * keeps it to the end of the command), so every method that becomes hot in a large load (the parser,
 * the writers, the drivers) is compiled by C2 as usual. A method that became hot during start-up stays
 * with C1's code for the rest of the run (HotSpot marks it not compilable by C2).
 *
 * <p>The directive is added on a background thread (the management classes take a few hundred
 * milliseconds to load), so the start does not wait for it. Skipped when the JVM already limits its
 * compilers ({@code -XX:TieredStopAtLevel}, {@code -Xint}, {@code -XX:-TieredCompilation}) or has
 * directives of its own ({@code -XX:CompilerDirectivesFile}), and when the system property
 * {@value #DISABLE} is {@code false}. Any failure only means a slower start: it is never reported as
 * an error.
 *
 * <p>Thread safety: {@link #begin()} and {@link #end()} may be called from any thread; {@code end}
 * waits for {@code begin}'s thread, and each does its work at most once per JVM. {@code end} removes
 * the latest directive, which is this one unless something else added one after it meanwhile.
 */
public final class StartupCompilation {

	/** System property: {@code false} leaves the JVM's compilers alone. */
	public static final String DISABLE = "rowlift.startup-compilation";

	private static final String DIRECTIVE = "[ { match: \"*.*\", c2: { Exclude: true } } ]\n";

	/** The JVM's one instance, behind {@link #begin()} and {@link #end()}. */
	private static final StartupCompilation JVM = new StartupCompilation(
			() -> ManagementFactory.getRuntimeMXBean().getInputArguments());

	private final Supplier<List<String>> jvmArguments;

	private Thread adding;

	private volatile boolean added;

	private boolean ended;

	StartupCompilation(Supplier<List<String>> jvmArguments) {
		this.jvmArguments = jvmArguments;
	}

	/** Starts adding the directive on a daemon thread; returns at once. */
	public static void begin() {
		if (!"false".equalsIgnoreCase(System.getProperty(DISABLE))) {
			JVM.start();
		}
	}

	/** Removes the directive (waits for {@link #begin()}'s thread first); a no-op when none was added. */
	public static void end() {
		JVM.stop();
	}

	synchronized void start() {
		if (this.adding != null || this.ended) {
			return;
		}
		this.adding = new Thread(this::add, "rowlift-startup-compilation");
		this.adding.setDaemon(true);
		this.adding.start();
	}

	void stop() {
		Thread thread;
		synchronized (this) {
			if (this.ended) {
				return;
			}
			this.ended = true;
			thread = this.adding;
		}
		if (thread == null) {
			return;
		}
		try {
			thread.join(10_000);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return;
		}
		if (this.added) {
			try {
				invoke("compilerDirectivesRemove");
				this.added = false;
			}
			catch (Exception | LinkageError ex) {
				// nothing to report: the load then runs with C1's code only, as with -XX:TieredStopAtLevel=1
			}
		}
	}

	/** True while this instance's directive is in place. */
	boolean added() {
		return this.added;
	}

	private void add() {
		Path file = null;
		try {
			if (compilersLimited(this.jvmArguments.get())) {
				return;
			}
			file = Files.createTempFile("rowlift-startup-", ".json");
			Files.writeString(file, DIRECTIVE, StandardCharsets.US_ASCII);
			synchronized (this) {
				if (this.ended) {
					return; // the load started before the directive could be added
				}
				invoke("compilerDirectivesAdd", file.toString());
				this.added = true;
			}
		}
		catch (Exception | LinkageError ex) {
			// a slower start, nothing else
		}
		finally {
			if (file != null) {
				try {
					Files.deleteIfExists(file);
				}
				catch (IOException ex) {
					// a temporary file of a few bytes left behind
				}
			}
		}
	}

	/** True when the JVM's own options already limit or direct its compilers. */
	static boolean compilersLimited(List<String> jvmArguments) {
		for (String argument : jvmArguments) {
			if (argument.startsWith("-XX:TieredStopAtLevel=") || argument.equals("-Xint")
					|| argument.equals("-XX:-TieredCompilation") || argument.startsWith("-XX:CompilerDirectivesFile=")
					|| argument.startsWith("-XX:CompileCommand")) {
				return true;
			}
		}
		return false;
	}

	/** Runs a diagnostic command ({@code jcmd}'s) through the platform MBean server; returns its output. */
	static String invoke(String operation, String... arguments) throws Exception {
		MBeanServer server = ManagementFactory.getPlatformMBeanServer();
		return (String) server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"), operation,
				new Object[] { arguments }, new String[] { String[].class.getName() });
	}

}
