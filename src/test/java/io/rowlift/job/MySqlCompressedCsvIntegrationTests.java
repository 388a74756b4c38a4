package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Compressed CSV into a real MySQL-compatible server. */
class MySqlCompressedCsvIntegrationTests extends CompressedCsvScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("compressed");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
