package io.rowlift.job;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@link RefusalsPropertyScenarios} on MariaDB: {@code LOAD DATA}, refused rows named on the server. */
class MySqlRefusalsPropertyIntegrationTests extends RefusalsPropertyScenarios {

	@Override
	TestTarget newTarget() {
		MySqlTestTarget target = new MySqlTestTarget("refusals_property");
		target.requireServer();
		return target;
	}

}
