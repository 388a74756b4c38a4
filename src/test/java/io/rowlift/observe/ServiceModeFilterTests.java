package io.rowlift.observe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

import io.rowlift.schedule.ServiceMode;

/**
 * Tests for {@link ServiceModeFilter}: which auto-configurations a one-shot load keeps.
 */
class ServiceModeFilterTests {

	private static final String[] CANDIDATES = { "org.springframework.boot.batch.autoconfigure.BatchAutoConfiguration",
			"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
			"org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration",
			"org.springframework.boot.micrometer.metrics.autoconfigure.export.prometheus.PrometheusMetricsExportAutoConfiguration",
			"org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration",
			"org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration",
			"org.springframework.boot.jdbc.autoconfigure.health.DataSourceHealthContributorAutoConfiguration",
			"org.springframework.boot.batch.autoconfigure.observation.BatchObservationAutoConfiguration",
			"io.rowlift.observe.ObservabilityAutoConfiguration", "io.rowlift.job.CheckpointsAutoConfiguration" };

	@Test
	void aOneShotLoadKeepsOnlyWhatALoadUses() {
		assertThat(filter(new MockEnvironment()).match(CANDIDATES, null)).containsExactly(true, true, false, false, false,
				false, false, false, false, true);
	}

	@Test
	void theServiceKeepsEverything() {
		assertThat(filter(new MockEnvironment().withProperty(ServiceMode.CRON, "0 */5 * * * *")).match(CANDIDATES, null))
			.containsOnly(true);
		assertThat(filter(new MockEnvironment().withProperty(ServiceMode.FIXED_DELAY, "30s")).match(CANDIDATES, null))
			.containsOnly(true);
	}

	@Test
	void aBlankScheduleIsAOneShotLoad() {
		assertThat(filter(new MockEnvironment().withProperty(ServiceMode.CRON, " ")).match(CANDIDATES, null)[2]).isFalse();
	}

	private static ServiceModeFilter filter(MockEnvironment environment) {
		ServiceModeFilter filter = new ServiceModeFilter();
		filter.setEnvironment(environment);
		return filter;
	}

}
