package com.example.rowlift;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * How the jar hands its beans to Rowlift: a Boot auto-configuration, listed in
 * META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports. Rowlift finds an
 * ItemProcessor (or FieldSetMapper) bean and then runs the spring pipeline.
 */
@AutoConfiguration
public class ExampleAutoConfiguration {

	@Bean
	ShoutingProcessor shoutingProcessor() {
		return new ShoutingProcessor();
	}

	@Bean
	LoadReportListener loadReportListener() {
		return new LoadReportListener();
	}

}
