package io.rowlift.job;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The CSV correctness scenarios on a real SQLite file with write method {@code insert-select}: a chunk as
 * one buffer through Rowlift's SQLite extension (rowlift_rows) stores what the driver's path stores (see
 * docs/sqlite-binding.md); where the build has no extension, the same scenarios on its fallback.
 */
class SqliteInsertSelectCsvIntegrationTests extends CsvCorrectnessScenarios {

	@TempDir
	Path databases;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.databases, List.of("--rowlift.target.write-method=insert-select"));
		}
		return this.target;
	}

}
