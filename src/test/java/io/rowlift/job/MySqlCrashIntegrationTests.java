package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Crash scenarios with the jar loading into a real MySQL-compatible server. */
class MySqlCrashIntegrationTests extends CrashScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("crash");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
