package io.rowlift.job;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The bisection scenarios ({@link BisectionScenarios}) on MySQL/MariaDB with write method {@code load-data}. */
class MySqlBisectionIntegrationTests extends BisectionScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("bisect_load_data",
			List.of("--rowlift.target.write-method=load-data"));

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
