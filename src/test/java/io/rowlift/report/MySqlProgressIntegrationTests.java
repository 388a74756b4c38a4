package io.rowlift.report;

import org.junit.jupiter.api.BeforeEach;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Live progress and the run report on a real MySQL/MariaDB server (LOAD DATA streams by default). */
class MySqlProgressIntegrationTests extends ProgressScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("progress");

	@Override
	TestTarget target() {
		return this.target;
	}

	@Override
	@BeforeEach
	void setUp() throws Exception {
		this.target.requireServer();
		super.setUp();
	}

}
