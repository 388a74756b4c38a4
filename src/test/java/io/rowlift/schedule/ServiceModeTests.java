package io.rowlift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.mock.env.MockEnvironment;

/**
 * Tests for {@link ServiceMode}: which settings make a service, and its two conditions.
 */
class ServiceModeTests {

	@Test
	void theScheduleSetInTheEnvironmentMakesAServiceAsDockerComposeSetsIt() {
		assertThat(ServiceMode.isOn(environment(Map.of("ROWLIFT_SCHEDULE_CRON", "0 * * * * *")))).isTrue();
		assertThat(ServiceMode.isOn(environment(Map.of("ROWLIFT_SCHEDULE_FIXEDDELAY", "30s")))).isTrue();
		assertThat(ServiceMode.isOn(environment(Map.of("ROWLIFT_SOURCE_PATH", "a.csv")))).isFalse();
	}

	@Test
	void onAndOffAreOppositeAndTheReportNamesTheSettings() {
		ConditionOutcome service = new ServiceMode.On().getMatchOutcome(context(new MockEnvironment()
			.withProperty(ServiceMode.FIXED_DELAY, "30s")), null);
		assertThat(service.isMatch()).isTrue();
		assertThat(service.getMessage()).isEqualTo("service mode: rowlift.schedule.cron or rowlift.schedule.fixed-delay is set");
		assertThat(new ServiceMode.Off().getMatchOutcome(context(new MockEnvironment()
			.withProperty(ServiceMode.FIXED_DELAY, "30s")), null).isMatch()).isFalse();

		ConditionOutcome load = new ServiceMode.Off().getMatchOutcome(context(new MockEnvironment()), null);
		assertThat(load.isMatch()).isTrue();
		assertThat(load.getMessage()).isEqualTo("a one-shot load: neither rowlift.schedule.cron nor rowlift.schedule.fixed-delay is set");
		assertThat(new ServiceMode.On().getMatchOutcome(context(new MockEnvironment()), null).isMatch()).isFalse();
	}

	private static ConditionContext context(MockEnvironment environment) {
		return new ConditionContext() {

			@Override
			public org.springframework.beans.factory.support.BeanDefinitionRegistry getRegistry() {
				throw new UnsupportedOperationException();
			}

			@Override
			public org.springframework.beans.factory.config.ConfigurableListableBeanFactory getBeanFactory() {
				return null;
			}

			@Override
			public org.springframework.core.env.Environment getEnvironment() {
				return environment;
			}

			@Override
			public org.springframework.core.io.ResourceLoader getResourceLoader() {
				throw new UnsupportedOperationException();
			}

			@Override
			public ClassLoader getClassLoader() {
				return ServiceModeTests.class.getClassLoader();
			}

		};
	}

	private static StandardEnvironment environment(Map<String, Object> variables) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
		ConfigurationPropertySources.attach(environment);
		return environment;
	}

}
