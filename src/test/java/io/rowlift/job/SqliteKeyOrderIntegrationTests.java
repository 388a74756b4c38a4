package io.rowlift.job;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Key-ordered loading into a real SQLite file ({@code tokens} is a {@code WITHOUT ROWID} table). */
class SqliteKeyOrderIntegrationTests extends KeyOrderScenarios {

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
