package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** JSON Lines loads on a real MySQL-compatible server. */
class MySqlJsonlIntegrationTests extends JsonlScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("jsonl");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
