package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** UTF-16 and UTF-32 CSV files into a real MySQL-compatible server. */
class MySqlWideCharsetIntegrationTests extends WideCharsetScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("wide");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
