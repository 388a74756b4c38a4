package io.rowlift.testsupport;

import org.junit.jupiter.api.Assumptions;

import io.rowlift.database.sqlite.RowsExtension;

/**
 * Tests of write method {@code insert-select} need the rowlift_rows extension in the build. A build made
 * with {@code -Dnative.skip=true} (Maven hands the setting to the tests as rowlift.test.native-skip) or without a C compiler
 * skips them, unless it runs in CI ({@code CI=true}) without the skip setting: there the extension must be
 * there, so a CI whose compiler broke fails instead of testing only the fallback.
 */
public final class SqliteExtension {

	private SqliteExtension() {
	}

	/** Skips (or, in CI, fails) the test when the extension cannot be loaded here. */
	public static void require() {
		if (!available()) {
			Assumptions.abort("no rowlift_rows extension here: " + RowsExtension.status().unavailable());
		}
	}

	/**
	 * Whether the extension can be loaded here (a load with {@code insert-select} uses it; else it falls
	 * back to INSERT batches); in CI without the skip setting it must be.
	 */
	public static boolean available() {
		RowsExtension.Status status = RowsExtension.status();
		if (status.available()) {
			return true;
		}
		if ("true".equalsIgnoreCase(System.getenv("CI")) && !Boolean.getBoolean("rowlift.test.native-skip")) {
			throw new AssertionError("the rowlift_rows extension should be built in CI, but " + status.unavailable());
		}
		return false;
	}

	/** What the summary's write method says for a load with {@code insert-select} here: the extension's or the fallback's. */
	public static String insertSelectSummary() {
		return available() ? "whole-chunk INSERT ... SELECTs (rowlift_rows) of" : "INSERT batches of";
	}


	/** What the summary's write method says for a load into SQLite with the default write method here. */
	public static String defaultSummary() {
		return available() ? "whole-chunk INSERT ... SELECTs (rowlift_rows) of 10,000-row chunks (the default for sqlite, through"
				+ " the rowlift_rows extension)" : "INSERT batches of 10,000-row chunks (the default for sqlite is one INSERT ..."
						+ " SELECT per chunk, but " + RowsExtension.status().unavailable() + "; INSERT batches instead)";
	}

}
