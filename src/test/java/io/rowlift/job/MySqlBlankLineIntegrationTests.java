package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Blank-line scenarios on a real MySQL-compatible server. */
class MySqlBlankLineIntegrationTests extends BlankLineScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("blank");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
