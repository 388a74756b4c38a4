package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The row filter, computed columns and the header-mismatch advice on both pipelines, on a real MySQL-compatible server. */
class MySqlMappingIntegrationTests extends MappingScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("mapping");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
