package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The load command's scenarios on a real MySQL-compatible server (CI: MariaDB 10.11 at
 * 127.0.0.1:3306), in a fresh database for each test.
 */
class MySqlLoadJobIntegrationTests extends LoadJobScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("load_job");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
