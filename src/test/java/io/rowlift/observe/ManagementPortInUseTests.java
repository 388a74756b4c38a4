package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Test;

/** The port a worker on a taken management port is told to use is one it can bind. */
class ManagementPortInUseTests {

	@Test
	void thePortAdvisedIsFreeAndAboveTheOneInUse() throws Exception {
		try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("0.0.0.0"))) {
			int port = taken.getLocalPort();
			int free = ManagementPortInUse.freePort(port);
			assertThat(free).isNotEqualTo(port);
			try (ServerSocket bound = new ServerSocket(free, 1, InetAddress.getByName("0.0.0.0"))) {
				assertThat(bound.getLocalPort()).isEqualTo(free);
			}
		}
	}

	@Test
	void theAdviceIsOneSentenceNamingTheSettingAndThePort() {
		assertThat(ManagementPortInUse.advice(8081, 8082)).isEqualTo("rowlift: port 8081 is in use by another process (another Rowlift"
				+ " worker or service on this host?), and management.server.port gives this one's health and metrics that port:"
				+ " start it with --management.server.port=8082 (free now)");
	}

}
