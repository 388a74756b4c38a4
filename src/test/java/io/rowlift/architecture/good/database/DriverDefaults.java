package io.rowlift.architecture.good.database;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;

/** Keeps the rule: an {@code EnvironmentPostProcessor} adds to the Environment before the context starts. */
public class DriverDefaults implements EnvironmentPostProcessor {

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		environment.getProperty("spring.datasource.url");
	}

}
