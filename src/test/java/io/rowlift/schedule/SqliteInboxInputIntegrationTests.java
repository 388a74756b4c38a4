package io.rowlift.schedule;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The service taking the new inputs, into a real SQLite file. */
class SqliteInboxInputIntegrationTests extends InboxInputScenarios {

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
