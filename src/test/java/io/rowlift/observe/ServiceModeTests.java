package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Tests for {@link ServiceMode} and the defaults of {@link ServiceModeEnvironment}.
 */
class ServiceModeTests {

	@Test
	void theScheduleSetInTheEnvironmentMakesAServiceAsDockerComposeSetsIt() {
		assertThat(ServiceMode.isOn(environment(Map.of("ROWLIFT_SCHEDULE_CRON", "0 * * * * *")))).isTrue();
		assertThat(ServiceMode.isOn(environment(Map.of("ROWLIFT_SCHEDULE_FIXEDDELAY", "30s")))).isTrue();
		assertThat(ServiceMode.isOn(environment(Map.of("ROWLIFT_SOURCE_PATH", "a.csv")))).isFalse();
	}

	@Test
	void aLoadIsNoWebApplicationAndTheServiceListensOnTheManagementPortOnly() {
		assertThat(ServiceModeEnvironment.defaults(false)).containsExactly(Map.entry("spring.main.web-application-type", "none"));
		assertThat(ServiceModeEnvironment.defaults(true)).containsEntry("spring.main.web-application-type", "servlet")
			.containsEntry("server.port", "-1")
			.containsEntry("management.server.port", "8081")
			.containsEntry("management.endpoints.web.exposure.include", "health,prometheus")
			.containsEntry("management.endpoint.health.show-details", "never");
	}

	private static StandardEnvironment environment(Map<String, Object> variables) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
		ConfigurationPropertySources.attach(environment);
		return environment;
	}

}
