package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** CSV correctness scenarios on a real MySQL-compatible server. */
class MySqlCsvIntegrationTests extends CsvCorrectnessScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("csv");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
