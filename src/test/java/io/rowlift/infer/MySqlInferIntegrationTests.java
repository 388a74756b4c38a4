package io.rowlift.infer;

import org.junit.jupiter.api.AfterEach;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@code infer} then {@code load} into a real MySQL/MariaDB database. */
class MySqlInferIntegrationTests extends InferScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("infer");

	@Override
	TestTarget target() {
		this.target.requireServer();
		return this.target;
	}

	@AfterEach
	void drop() throws Exception {
		this.target.dispose();
	}

}
