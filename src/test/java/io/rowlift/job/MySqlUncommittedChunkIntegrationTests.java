package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@link UncommittedChunkScenarios} on a real MariaDB / MySQL server (skipped without one, unless CI). */
class MySqlUncommittedChunkIntegrationTests extends UncommittedChunkScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("uncommitted_chunk");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
