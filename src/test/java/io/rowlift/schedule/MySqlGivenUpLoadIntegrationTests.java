package io.rowlift.schedule;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

class MySqlGivenUpLoadIntegrationTests extends GivenUpLoadScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("givenup");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
