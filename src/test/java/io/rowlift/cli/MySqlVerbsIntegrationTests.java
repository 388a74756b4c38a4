package io.rowlift.cli;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The verbs on a real MySQL-compatible server. */
class MySqlVerbsIntegrationTests extends VerbScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("verbs");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
