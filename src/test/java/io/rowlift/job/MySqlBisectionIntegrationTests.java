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

	/** LOAD DATA has no exact upsert or ignore: Rowlift refuses them with this write method (exit 2). */
	@Override
	boolean modeApplies(String mode) {
		return !mode.equals("upsert") && !mode.equals("ignore");
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
