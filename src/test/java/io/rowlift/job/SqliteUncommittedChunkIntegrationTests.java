package io.rowlift.job;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** {@link UncommittedChunkScenarios} on a real SQLite file. */
class SqliteUncommittedChunkIntegrationTests extends UncommittedChunkScenarios {

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
