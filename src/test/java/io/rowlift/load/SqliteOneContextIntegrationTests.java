package io.rowlift.load;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Two requests through one context, into a real SQLite file. */
class SqliteOneContextIntegrationTests extends OneContextScenarios {

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

	@AfterAll
	void dispose() throws Exception {
		target().dispose();
	}

}
