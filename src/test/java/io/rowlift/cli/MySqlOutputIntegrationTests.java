package io.rowlift.cli;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** What a load prints besides its report, on a real MySQL-compatible server. */
class MySqlOutputIntegrationTests extends OutputScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("output");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
