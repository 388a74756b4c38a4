package io.rowlift.report;

import java.io.Console;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the progress can be drawn as a bar: standard output and standard error both go to a
 * terminal. Thread-safe.
 *
 * <p>How: {@link System#console()} is non-null on Java 17 only when standard input and output are a
 * terminal; from Java 22 it may return a console for redirected streams too, and
 * {@code Console.isTerminal()} (called by reflection, absent before 22) tells. The bar goes to
 * standard error, which Java cannot test; on Linux, {@code /proc/self/fd/2} names where it goes, and
 * anything but a terminal device ({@code /dev/pts/N}, {@code /dev/ttyN}) means lines.
 */
public final class Terminals {

	private Terminals() {
	}

	/** Whether both standard output and standard error are a terminal, as far as the platform tells. */
	public static boolean interactive() {
		Console console = System.console();
		if (console == null) {
			return false;
		}
		try {
			Method isTerminal = Console.class.getMethod("isTerminal");
			if (!(Boolean) isTerminal.invoke(console)) {
				return false;
			}
		}
		catch (NoSuchMethodException ex) {
			// before Java 22: a console means a terminal
		}
		catch (ReflectiveOperationException | RuntimeException ex) {
			return false;
		}
		return stderrIsTerminal(Path.of("/proc/self/fd/2"));
	}

	/** Whether the link {@code fd} (a {@code /proc} file descriptor) names a terminal; true where it cannot tell. */
	static boolean stderrIsTerminal(Path fd) {
		if (!Files.isSymbolicLink(fd)) {
			return true; // not Linux: trust the console
		}
		try {
			String target = Files.readSymbolicLink(fd).toString();
			return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
		}
		catch (IOException | RuntimeException ex) {
			return true;
		}
	}

}
