package io.rowlift.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Debian's {@code chromium} run headless on a local page, as a person's browser would open it: the
 * DOM after the page's scripts ran ({@code --dump-dom}), or a screenshot. Each call is one browser
 * process with a profile of its own in {@code work} (no state shared between calls or with other
 * builds), no network needed. The binary is {@code ROWLIFT_TEST_CHROMIUM} or {@code chromium} on the
 * PATH; {@code .ci/run} installs it when missing.
 */
public final class HeadlessChromium {

	private static final long TIMEOUT_SECONDS = 120;

	private final String binary;

	private final Path work;

	private HeadlessChromium(String binary, Path work) {
		this.binary = binary;
		this.work = work;
	}

	/** The browser, or a skipped test (developer machine) or a failed one (CI=true) when it is missing. */
	public static HeadlessChromium require(Path work) {
		String configured = System.getenv("ROWLIFT_TEST_CHROMIUM");
		String binary = configured != null && !configured.isBlank() ? configured : onPath("chromium");
		if (binary == null || !Files.isExecutable(Path.of(binary))) {
			String why = "no headless browser: install Debian's chromium (apt-get install -y chromium) or set ROWLIFT_TEST_CHROMIUM "
					+ "to a Chromium binary; .ci/run installs it";
			if ("true".equals(System.getenv("CI"))) {
				Assertions.fail(why + " (CI=true: the browser test must not be skipped)");
			}
			Assumptions.abort(why);
		}
		return new HeadlessChromium(binary, work);
	}

	private static String onPath(String name) {
		for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
			Path candidate = Path.of(dir, name);
			if (!dir.isEmpty() && Files.isExecutable(candidate)) {
				return candidate.toString();
			}
		}
		return null;
	}

	/** The page's DOM once loaded, its scripts run, serialized as HTML. */
	public String dumpDom(Path page) throws Exception {
		Path out = Files.createTempFile(this.work, "dom", ".html");
		run(List.of("--dump-dom", page.toUri().toString()), out);
		return Files.readString(out, StandardCharsets.UTF_8);
	}

	/** A PNG of the page in a window of {@code width} x {@code height} pixels, written to {@code png}. */
	public Path screenshot(Path page, Path png, int width, int height) throws Exception {
		run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height, "--screenshot=" + png.toAbsolutePath(),
				page.toUri().toString()), Files.createTempFile(this.work, "screenshot", ".log"));
		Assertions.assertTrue(Files.isRegularFile(png), "chromium wrote no screenshot to " + png);
		return png;
	}

	private void run(List<String> args, Path stdout) throws Exception {
		Path profile = Files.createTempDirectory(this.work, "chromium-profile");
		Path log = Files.createTempFile(this.work, "chromium", ".log");
		List<String> command = new ArrayList<>(List.of(this.binary, "--headless", "--no-sandbox", "--disable-gpu",
				"--no-first-run", "--disable-extensions", "--user-data-dir=" + profile));
		command.addAll(args);
		Process process = new ProcessBuilder(command).redirectOutput(stdout.toFile()).redirectError(log.toFile()).start();
		if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
			process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
			Assertions.fail("chromium did not end in " + TIMEOUT_SECONDS + " s: " + command + "\n" + Files.readString(log));
		}
		Assertions.assertEquals(0, process.exitValue(),
				() -> "chromium exited " + process.exitValue() + ": " + command + "\n" + readQuietly(log));
	}

	private static String readQuietly(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			return "(cannot read " + file + ": " + ex + ")";
		}
	}

}
