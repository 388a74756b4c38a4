package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Header-name scenarios on a real MySQL-compatible server. */
class MySqlHeaderNameIntegrationTests extends HeaderNameScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("header");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
