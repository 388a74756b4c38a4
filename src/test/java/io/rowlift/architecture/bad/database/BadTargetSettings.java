package io.rowlift.architecture.bad.database;

import org.springframework.core.env.PropertyResolver;

/**
 * Breaks: below the job only a {@code @Configuration} class or an {@code EnvironmentPostProcessor} reads the
 * Environment (here the URL, which a typed record should carry).
 */
public class BadTargetSettings {

	public String url(PropertyResolver environment) {
		return environment.getProperty("spring.datasource.url");
	}

}
