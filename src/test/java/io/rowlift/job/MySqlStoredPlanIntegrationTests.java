package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The stored plan and the before/after SQL on a real MySQL-compatible server. */
class MySqlStoredPlanIntegrationTests extends StoredPlanScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("plan");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
