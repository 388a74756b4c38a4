package io.rowlift.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.rowlift.RowliftApplication;

/**
 * One run of the Rowlift command in this JVM, as a script would run the jar: arguments in, exit
 * code and output out.
 *
 * @param exitCode the exit code the process would end with
 * @param out what it printed on standard output
 * @param err what it printed on standard error
 */
public record RowliftRun(int exitCode, String out, String err) {

	public static synchronized RowliftRun of(List<String> args) {
		StartLog.record("app");
		return captured(() -> RowliftApplication.run(args.toArray(String[]::new)));
	}

	/**
	 * Runs {@code command} with standard output and error copied into the returned run (and still written
	 * through): its exit code and what it printed. Callers hold this class's lock, as {@link #of} does.
	 */
	static RowliftRun captured(java.util.function.IntSupplier command) {
		PrintStream out = System.out;
		PrintStream err = System.err;
		ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
		ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
		try (PrintStream o = new PrintStream(new Tee(outBytes, out), true, StandardCharsets.UTF_8);
				PrintStream e = new PrintStream(new Tee(errBytes, err), true, StandardCharsets.UTF_8)) {
			System.setOut(o);
			System.setErr(e);
			int code = command.getAsInt();
			return new RowliftRun(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8));
		}
		finally {
			System.setOut(out);
			System.setErr(err);
		}
	}

	/**
	 * Standard error without the live progress lines ({@code rowlift: progress ...}, which a run writes
	 * there when standard error is not a terminal): what it said about problems, stripped.
	 */
	public String problems() {
		return this.err.lines().filter(line -> !line.startsWith("rowlift: progress ")).collect(
				java.util.stream.Collectors.joining("\n")).strip();
	}

	@Override
	public String toString() {
		return "exit " + this.exitCode + "\n--- out\n" + this.out + "--- err\n" + this.err;
	}

	private static final class Tee extends java.io.OutputStream {

		private final java.io.OutputStream a;

		private final java.io.OutputStream b;

		Tee(java.io.OutputStream a, java.io.OutputStream b) {
			this.a = a;
			this.b = b;
		}

		@Override
		public void write(int x) throws java.io.IOException {
			this.a.write(x);
			this.b.write(x);
		}

		@Override
		public void write(byte[] bytes, int off, int len) throws java.io.IOException {
			this.a.write(bytes, off, len);
			this.b.write(bytes, off, len);
		}

	}

}
