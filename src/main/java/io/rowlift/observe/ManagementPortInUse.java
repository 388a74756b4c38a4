package io.rowlift.observe;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.web.server.PortInUseException;
import org.springframework.core.Ordered;

/**
 * A service's or worker's management port ({@code management.server.port}, its only HTTP port: health and
 * metrics) taken by another process, typically a second worker started on the same host: one sentence naming
 * the setting and a port that is free now, instead of Boot's generic advice (exit 2:
 * {@link io.rowlift.RowliftException#exitCodeOf}). Stateless.
 */
public final class ManagementPortInUse extends AbstractFailureAnalyzer<PortInUseException> implements Ordered {

	/** How many ports above the one in use are tried for a free one to advise. */
	static final int TRIES = 100;

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, PortInUseException cause) {
		return new FailureAnalysis(advice(cause.getPort(), freePort(cause.getPort())), null, cause);
	}

	/** The sentence: the port, the setting, and the setting with a port free now, to paste. */
	static String advice(int port, int free) {
		return "rowlift: port " + port + " is in use by another process (another Rowlift worker or service on this host?),"
				+ " and management.server.port gives this one's health and metrics that port: start it with"
				+ " --management.server.port=" + free + " (free now)";
	}

	/**
	 * A port that can be bound now: the first of the {@value #TRIES} above {@code port} (easy to remember beside
	 * it), else one the system picks.
	 */
	static int freePort(int port) {
		for (int candidate = port + 1; candidate <= Math.min(65_535, port + TRIES); candidate++) {
			try (ServerSocket socket = new ServerSocket(candidate, 1, InetAddress.getByName("0.0.0.0"))) {
				return candidate;
			}
			catch (IOException ex) {
				// taken: the next
			}
		}
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			return port + 1; // no port can be bound at all: the start says so again, on that one
		}
	}

	/** Before Boot's own analyzer of the same failure, whose advice names no setting. */
	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
