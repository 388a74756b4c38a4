package io.rowlift.schedule;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The service taking the new inputs, into a real MySQL-compatible server. */
class MySqlInboxInputIntegrationTests extends InboxInputScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("inbox_inputs");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@AfterAll
	void dispose() throws Exception {
		this.target.dispose();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
