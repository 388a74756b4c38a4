package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Key-ordered loading into a real MySQL-compatible server ({@code tokens} is clustered by its key). */
class MySqlKeyOrderIntegrationTests extends KeyOrderScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("key_order");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
