package io.rowlift.schedule;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

class SqliteGivenUpLoadIntegrationTests extends GivenUpLoadScenarios {

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.dir);
		}
		return this.target;
	}

}
