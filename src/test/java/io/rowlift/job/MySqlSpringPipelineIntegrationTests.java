package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The spring pipeline's scenarios on a real MariaDB / MySQL server (skipped without one, unless CI). */
class MySqlSpringPipelineIntegrationTests extends SpringPipelineScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("spring_pipeline");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
