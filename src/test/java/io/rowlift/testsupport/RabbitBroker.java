package io.rowlift.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The RabbitMQ broker the cluster tests use: {@code ROWLIFT_TEST_RABBIT_HOST} (default 127.0.0.1), port
 * {@code ROWLIFT_TEST_RABBIT_PORT} (default 5672), guest/guest. Tests that need it skip when it does not
 * answer, and fail with {@code CI=true}. Each test takes a queue of its own ({@link #queue}): other
 * engineers' tests use the same broker at the same time.
 * <p>
 * A test of a broker restart stops and starts the broker's application with {@code rabbitmqctl}
 * ({@code ROWLIFT_TEST_RABBITMQCTL}, default {@code rabbitmqctl} on the PATH; it needs the node's Erlang
 * cookie, as root has where {@code .ci/run} starts the broker): {@link #requireControl}, {@link #stop}.
 * Such a restart drops every connection to the broker, other tests' too.
 */
public final class RabbitBroker {

	private final String host = env("ROWLIFT_TEST_RABBIT_HOST", "127.0.0.1");

	private final int port = Integer.parseInt(env("ROWLIFT_TEST_RABBIT_PORT", "5672"));

	/** Skips the test, or fails it with {@code CI=true}, when the broker does not answer. */
	public void require() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(this.host, this.port), 2_000);
		}
		catch (IOException ex) {
			String why = "no RabbitMQ broker at " + this.host + ":" + this.port + ": " + ex.getMessage();
			if ("true".equals(System.getenv("CI"))) {
				Assertions.fail(why + " (CI=true: cluster tests must not be skipped; .ci/run starts one)");
			}
			Assumptions.abort(why);
		}
	}

	/**
	 * Skips the test, or fails it with {@code CI=true}, when {@code rabbitmqctl} cannot control the broker
	 * (missing, no rights to the node's cookie, or the broker is on another host).
	 */
	public void requireControl() {
		String why = null;
		if (!this.host.equals("127.0.0.1") && !this.host.equals("localhost")) {
			why = "the broker at " + this.host + " is not on this machine; rabbitmqctl controls only a local one";
		}
		else {
			Control status = control(30, "status");
			if (status.exit() != 0) {
				why = RABBITMQCTL + " status failed (exit " + status.exit() + "; run the tests as root, or as the broker's"
						+ " user, or set ROWLIFT_TEST_RABBITMQCTL): " + status.output().strip();
			}
		}
		if (why != null) {
			if ("true".equals(System.getenv("CI"))) {
				Assertions.fail(why + " (CI=true: the broker restart test must not be skipped)");
			}
			Assumptions.abort(why);
		}
	}

	/**
	 * Stops the broker's application ({@code rabbitmqctl stop_app}: every connection drops, the node
	 * stays up, durable queues and persistent messages stay on its disk); closing the outage starts it
	 * again ({@code start_app}) and waits until it takes connections. Use it in try-with-resources, so
	 * the broker comes back even when the test fails while it is down.
	 */
	public Outage stop() {
		Control stopped = control(120, "stop_app");
		if (stopped.exit() != 0) {
			control(120, "start_app"); // whatever it left behind, the broker must be up for the next test
			Assertions.fail(RABBITMQCTL + " stop_app failed (exit " + stopped.exit() + "): " + stopped.output().strip());
		}
		return new Outage();
	}

	/** A stopped broker; {@link #close} starts it again. */
	public final class Outage implements AutoCloseable {

		private Outage() {
		}

		/** Starts the broker again and waits (up to 2 min) until it takes connections; fails saying how to start it by hand. */
		@Override
		public void close() {
			Control started = control(120, "start_app");
			long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
			while (started.exit() == 0 && !answers() && System.nanoTime() < deadline) {
				sleep(200);
			}
			if (started.exit() != 0 || !answers()) {
				Assertions.fail("RabbitMQ did not come back after the restart test (" + RABBITMQCTL + " start_app: exit " + started.exit()
						+ ", " + started.output().strip() + "); start it by hand: " + RABBITMQCTL + " start_app");
			}
		}

	}

	/** A queue's messages as the broker counts them: waiting for a consumer, and delivered but not yet acknowledged. */
	public record Depth(long ready, long unacknowledged) {

		public long total() {
			return this.ready + this.unacknowledged;
		}

	}

	/** {@code queue}'s messages now ({@code rabbitmqctl list_queues}); fails when the broker has no such queue. */
	public Depth depth(String queue) {
		Control list = control(60, "list_queues", "-q", "--no-table-headers", "name", "messages_ready", "messages_unacknowledged");
		Assertions.assertEquals(0, list.exit(), () -> RABBITMQCTL + " list_queues failed: " + list.output());
		for (String line : list.output().split("\n")) {
			String[] fields = line.strip().split("\\s+");
			if (fields.length == 3 && fields[0].equals(queue)) {
				return new Depth(Long.parseLong(fields[1]), Long.parseLong(fields[2]));
			}
		}
		return Assertions.fail("RabbitMQ has no queue " + queue + "; its queues:\n" + list.output());
	}

	/** {@code rabbitmqctl ARGS}, its exit code and output, killed after {@code seconds}. */
	private static Control control(int seconds, String... args) {
		List<String> command = new ArrayList<>();
		command.add(RABBITMQCTL);
		command.addAll(List.of(args));
		try {
			java.nio.file.Path output = java.nio.file.Files.createTempFile("rabbitmqctl", ".out");
			try {
				// output to a file, not a pipe: a command that hangs cannot block the read, only the bounded wait
				Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
				process.getOutputStream().close();
				if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
					process.destroyForcibly();
					return new Control(-1, String.join(" ", command) + " did not end within " + seconds + " s");
				}
				return new Control(process.exitValue(), java.nio.file.Files.readString(output, StandardCharsets.UTF_8));
			}
			finally {
				java.nio.file.Files.deleteIfExists(output);
			}
		}
		catch (IOException ex) {
			return new Control(-1, String.join(" ", command) + ": " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return new Control(-1, String.join(" ", command) + ": interrupted");
		}
	}

	private record Control(int exit, String output) {
	}

	private boolean answers() {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(this.host, this.port), 2_000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** The broker's control command. */
	private static final String RABBITMQCTL = env("ROWLIFT_TEST_RABBITMQCTL", "rabbitmqctl");

	/** {@code host:port}, as Rowlift's messages name the broker. */
	public String address() {
		return this.host + ":" + this.port;
	}

	/** A queue name no other test uses. */
	public static String queue(String test) {
		return "rowlift.test." + test + "." + UUID.randomUUID().toString().substring(0, 8);
	}

	/** The options that point a Rowlift process at this broker. */
	public List<String> options() {
		return List.of("--spring.rabbitmq.host=" + this.host, "--spring.rabbitmq.port=" + this.port,
				"--spring.rabbitmq.username=guest", "--spring.rabbitmq.password=guest");
	}

	private static String env(String name, String fallback) {
		String value = System.getenv(name);
		return value == null || value.isBlank() ? fallback : value;
	}

}
