package io.rowlift.job;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The bisection scenarios ({@link BisectionScenarios}) on a real SQLite file with write method
 * {@code insert-select} (the default where the jar has the extension), foreign keys checked ({@code foreign_keys=true} in the URL).
 */
class SqliteSelectBisectionIntegrationTests extends BisectionScenarios {

	@TempDir
	Path databases;

	private TestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = SqliteTestTarget.withForeignKeys(this.databases, List.of("--rowlift.target.write-method=insert-select"));
		}
		return this.target;
	}

}
