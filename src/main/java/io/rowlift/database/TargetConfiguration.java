package io.rowlift.database;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** The target database's dialect and pool tuning. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(TargetProperties.class)
public class TargetConfiguration {

	@Bean
	static TargetDataSourcePostProcessor targetDataSourcePostProcessor(Environment environment,
			ObjectProvider<InputRecordLength> input) {
		return new TargetDataSourcePostProcessor(environment, input);
	}

	@Bean
	TargetDialect targetDialect(Environment environment) {
		return TargetDialects.forEnvironment(environment);
	}

}
