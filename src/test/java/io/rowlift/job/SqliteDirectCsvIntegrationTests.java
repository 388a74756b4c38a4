package io.rowlift.job;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The CSV correctness scenarios on a real SQLite file with write method {@code insert-direct}: Rowlift's
 * own binding into the native statement stores what the driver's path stores (see docs/sqlite-binding.md).
 */
class SqliteDirectCsvIntegrationTests extends CsvCorrectnessScenarios {

	@TempDir
	Path databases;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.databases, List.of("--rowlift.target.write-method=insert-direct"));
		}
		return this.target;
	}

}
