package io.rowlift.job;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Loads into different tables of one MySQL database run side by side: none waits, none fails. */
class MySqlSideBySideIntegrationTests extends SideBySideScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("sidebyside");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	@Override
	List<String> sideBySideOptions() {
		return List.of();
	}

	@Override
	int startTogether() {
		return 3;
	}

	@Override
	int rounds() {
		return 2;
	}

}
