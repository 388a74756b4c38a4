package io.rowlift.architecture.good.database;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Keeps the rule: a {@code @Configuration} class may look at the Environment, and hands on a value. */
@Configuration(proxyBeanMethods = false)
public class OriginConfiguration {

	@Bean
	String profiles(Environment environment) {
		return String.join(",", environment.getActiveProfiles());
	}

	/** Nested in a {@code @Configuration} class: counts as it. */
	static final class Origins {

		static boolean commandLine(Environment environment) {
			return environment.containsProperty("spring.datasource.url");
		}

	}

}
