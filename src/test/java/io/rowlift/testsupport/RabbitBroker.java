package io.rowlift.testsupport;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The RabbitMQ broker the cluster tests use: {@code ROWLIFT_TEST_RABBIT_HOST} (default 127.0.0.1), port
 * {@code ROWLIFT_TEST_RABBIT_PORT} (default 5672), guest/guest. Tests that need it skip when it does not
 * answer, and fail with {@code CI=true}. Each test takes a queue of its own ({@link #queue}): other
 * engineers' tests use the same broker at the same time.
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
