package io.rowlift.database.sqlite;

import java.sql.SQLException;
import java.util.Optional;

import io.rowlift.database.EnvironmentFaults;

/** What SQLite's errors mean ({@link SqliteFailures} tells the operator's lines). */
final class SqliteFaults implements EnvironmentFaults {

	/** SQLITE_CONSTRAINT (19, with its extended codes) and SQLITE_MISMATCH (20). */
	@Override
	public boolean isRowError(SQLException error) {
		int code = error.getErrorCode() & 0xff;
		return code == 19 || code == 20;
	}

	/**
	 * SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555), as {@code CREATE UNIQUE INDEX}
	 * reports repeated keys; by the message where the driver gives only the primary code (19):
	 * {@code UNIQUE constraint failed}, or {@code indexed columns are not unique} from SQLite before 3.8.
	 */
	@Override
	public boolean isDuplicateKeyFailure(SQLException error) {
		return SqliteFailures.duplicateKey(error);
	}

	@Override
	public Optional<String> describeEnvironmentFault(Throwable failure, String jdbcUrl) {
		return SqliteFailures.environment(failure, jdbcUrl);
	}

	@Override
	public Optional<String> describeFailure(Throwable failure, String jdbcUrl) {
		return SqliteFailures.describe(failure, jdbcUrl);
	}

	@Override
	public Optional<String> describeLockedDatabase(Throwable failure, String jdbcUrl) {
		return SqliteFailures.locked(failure, jdbcUrl);
	}

}
