package io.rowlift.testsupport;

import org.junit.jupiter.api.Assumptions;

import io.rowlift.database.sqlite.RowsExtension;

/**
 * Tests of write method {@code insert-select} need the rowlift_rows extension in the build. A build made
 * with {@code -Drowlift.native.skip=true} (Maven hands the setting to the tests) or without a C compiler
 * skips them, unless it runs in CI ({@code CI=true}) without the skip setting: there the extension must be
 * there, so a CI whose compiler broke fails instead of testing only the fallback.
 */
public final class SqliteExtension {

	private SqliteExtension() {
	}

	/** Skips (or, in CI, fails) the test when the extension cannot be loaded here. */
	public static void require() {
		RowsExtension.Status status = RowsExtension.status();
		if (status.available()) {
			return;
		}
		boolean skipped = Boolean.getBoolean("rowlift.native.skip");
		if ("true".equalsIgnoreCase(System.getenv("CI")) && !skipped) {
			throw new AssertionError("the rowlift_rows extension should be built in CI, but " + status.unavailable());
		}
		Assumptions.abort("no rowlift_rows extension here: " + status.unavailable());
	}

}
