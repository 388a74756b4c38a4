package io.rowlift.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * With the environment variable {@code ROWLIFT_TEST_STARTS} naming a file, every start a test makes is a line
 * there: the time, what started ({@code jar}, a process of {@link RowliftJar}; {@code here}, a command in the test
 * JVM ({@link RowliftJar#runHere}, then also an {@code app}); {@code app}, {@link RowliftRun#of}; {@code session}, an application
 * {@link LoadSessions} keeps; {@code reuse}, a load in a kept one) and the test class that asked. For the suite's
 * time (issue #35): a process costs about four times the CPU of a start in the warm test JVM, so where the starts
 * are says where the time goes (docs/development.md, "Suite time", has the command that counts them). Without the
 * variable it does nothing. Thread-safe.
 */
final class StartLog {

	private static final String FILE = System.getenv("ROWLIFT_TEST_STARTS");

	private StartLog() {
	}

	static void record(String kind) {
		if (FILE == null || FILE.isBlank()) {
			return;
		}
		String[] test = { "?" };
		StackWalker.getInstance().forEach(frame -> { // the outermost Rowlift class that is not test support: the test's
			String name = frame.getClassName();
			if (name.startsWith("io.rowlift.") && !name.startsWith("io.rowlift.testsupport.")) {
				test[0] = name;
			}
		});
		synchronized (StartLog.class) {
			try {
				Files.writeString(Path.of(FILE), System.currentTimeMillis() + " " + kind + " " + test[0] + "\n",
						StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
			}
			catch (IOException ex) {
				// a diagnostic only: a start is never failed for it
			}
		}
	}

}
