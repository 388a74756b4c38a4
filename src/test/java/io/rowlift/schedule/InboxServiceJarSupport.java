package io.rowlift.schedule;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.rowlift.testsupport.RowliftJar;

/** What the service tests that run the real jar share: waiting with a bounded time and a clear failure. */
final class InboxServiceJarSupport {

	static final Duration WAIT = Duration.ofSeconds(120);

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private InboxServiceJarSupport() {
	}

	/** Waits until {@code condition}; fails naming {@code what} and showing the log when it does not come. */
	static void await(RowliftJar jar, String what, BooleanSupplier condition, RowliftJar.Attempt... mustRun) throws Exception {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!condition.getAsBoolean()) {
			for (RowliftJar.Attempt attempt : mustRun) {
				if (attempt.waitFor(0)) {
					throw new AssertionError(attempt.label() + " ended (exit " + attempt.exitCode() + ") before " + what + "\n"
							+ jar.tail(20_000));
				}
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("not within " + WAIT + ": " + what + "\n" + jar.tail(20_000));
			}
			Thread.sleep(100);
		}
	}

	/** Sends {@code SIG<signal>} and waits for the end; fails when the process does not end. */
	static int signal(RowliftJar jar, RowliftJar.Attempt attempt, String signal) throws Exception {
		send(attempt, signal);
		if (!attempt.waitFor(WAIT.toMillis())) {
			throw new AssertionError(attempt.label() + " did not end within " + WAIT + " after SIG" + signal + "\n" + jar.tail(20_000));
		}
		return attempt.exitCode();
	}

	/** Sends {@code SIG<signal>} and returns at once. */
	static void send(RowliftJar.Attempt attempt, String signal) throws Exception {
		if (new ProcessBuilder("kill", "-" + signal, String.valueOf(attempt.pid())).start().waitFor() != 0) {
			throw new AssertionError("kill -" + signal + " " + attempt.pid() + " failed");
		}
	}

	static List<String> names(Path folder) {
		if (!Files.isDirectory(folder)) {
			return List.of();
		}
		try (Stream<Path> files = Files.list(folder)) {
			return files.map(f -> f.getFileName().toString()).sorted().toList();
		}
		catch (java.io.IOException ex) {
			return List.of();
		}
	}

	/** A port free now, for a service's management server (a test that needs the port before the start). */
	static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	/** GET {@code path} on {@code 127.0.0.1:port}; null while nothing listens there. */
	static HttpResponse<String> get(int port, String path) throws InterruptedException {
		try {
			return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(30)).build(),
					HttpResponse.BodyHandlers.ofString());
		}
		catch (ConnectException refused) {
			return null;
		}
		catch (IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	/** Whether {@code GET path} answers 200 now. */
	static boolean answers(int port, String path) {
		try {
			HttpResponse<String> response = get(port, path);
			return response != null && response.statusCode() == 200;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	/** The value of the Prometheus sample {@code series} (name and labels as printed), or null when absent. */
	static Double sample(String exposition, String series) {
		Matcher m = Pattern.compile("^" + Pattern.quote(series) + " (\\S+)$", Pattern.MULTILINE).matcher(exposition);
		return m.find() ? Double.valueOf(m.group(1)) : null;
	}

}
