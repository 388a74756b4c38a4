package io.rowlift.job;

import java.util.List;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The load modes on SQLite (append, truncate, replace with its staging table and swap, killed and resumed)
 * with write method {@code insert-select} (the rowlift_rows extension, or its fallback where the build has
 * none).
 */
class SqliteInsertSelectLoadModeIntegrationTests extends SqliteLoadModeIntegrationTests {

	private SqliteTestTarget selectTarget;

	@Override
	TestTarget target() {
		if (this.selectTarget == null) {
			this.selectTarget = new SqliteTestTarget(this.databases, List.of("--rowlift.target.write-method=insert-select"));
		}
		return this.selectTarget;
	}

}
