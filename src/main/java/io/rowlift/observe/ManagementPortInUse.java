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
		return new FailureAnalysis(advice(cause.getPort(), freePortAbove(cause.getPort())), null, cause);
	}

	/**
	 * The sentence: the port, the setting, and the setting with a port to paste.
	 * @param free a port free now, or 0 when none was found near (the system then picks one)
	 */
	static String advice(int port, int free) {
		return "rowlift: port " + port + " is in use by another process (another Rowlift worker or service on this host?),"
				+ " and management.server.port gives this one's health and metrics that port: start it with"
				+ " --management.server.port=" + free + (free == 0 ? " (a free port the system picks)" : " (free now)")
				+ ", or with --management.server.port=-1 for none";
	}

	/** The first port above {@code port} that can be bound now, or 0 when none of the next {@value #TRIES} can. */
	static int freePortAbove(int port) {
		for (int candidate = port + 1; candidate <= Math.min(65_535, port + TRIES); candidate++) {
			try (ServerSocket socket = new ServerSocket(candidate, 1, InetAddress.getByName("0.0.0.0"))) {
				return candidate;
			}
			catch (IOException ex) {
				// taken: the next
			}
		}
		return 0;
	}

	/** Before Boot's own analyzer of the same failure, whose advice names no setting. */
	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

}
