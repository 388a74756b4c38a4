package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

class ClusterFilterTests {

	private static final String[] CANDIDATES = { "org.springframework.boot.amqp.autoconfigure.RabbitAutoConfiguration",
			"org.springframework.boot.integration.autoconfigure.IntegrationAutoConfiguration",
			"org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration" };

	@Test
	void aLocalLoadLeavesOutTheBrokerAndIntegration() {
		assertThat(filter(new MockEnvironment()).match(CANDIDATES, null)).containsExactly(false, false, true);
	}

	@Test
	void aRoleKeepsThem() {
		MockEnvironment environment = new MockEnvironment().withProperty(ClusterRole.SETTING, "worker");
		assertThat(filter(environment).match(CANDIDATES, null)).containsExactly(true, true, true);
		assertThat(ClusterRole.of(environment)).isEqualTo(ClusterRole.WORKER);
		assertThat(ClusterRole.of(new MockEnvironment().withProperty(ClusterRole.SETTING, " Manager "))).isEqualTo(ClusterRole.MANAGER);
	}

	private static ClusterFilter filter(MockEnvironment environment) {
		ClusterFilter filter = new ClusterFilter();
		filter.setEnvironment(environment);
		return filter;
	}

}
