package io.rowlift.load;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Two requests through one context, into a real MySQL-compatible server. */
class MySqlOneContextIntegrationTests extends OneContextScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("one_context");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@AfterAll
	void dispose() throws Exception {
		this.target.dispose();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
