package io.rowlift.job;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The stored plan and the before/after SQL on a real SQLite file. */
class SqliteStoredPlanIntegrationTests extends StoredPlanScenarios {

	@TempDir
	Path databases;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.databases);
		}
		return this.target;
	}

}
