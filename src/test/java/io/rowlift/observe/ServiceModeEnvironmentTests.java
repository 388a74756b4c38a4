package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Tests for the defaults of {@link ServiceModeEnvironment}, by mode.
 */
class ServiceModeEnvironmentTests {

	@Test
	void aLoadIsNoWebApplicationAndTheServiceListensOnTheManagementPortOnly() {
		assertThat(ServiceModeEnvironment.defaults(false)).containsExactly(Map.entry("spring.main.web-application-type", "none"));
		assertThat(ServiceModeEnvironment.defaults(true)).containsEntry("spring.main.web-application-type", "servlet")
			.containsEntry("server.port", "-1")
			.containsEntry("management.server.port", "8081")
			.containsEntry("management.endpoints.web.exposure.include", "health,prometheus")
			.containsEntry("management.endpoint.health.show-details", "never")
			.containsEntry("logging.level.org.apache.catalina.loader.WebappClassLoaderBase", "error");
	}

}
