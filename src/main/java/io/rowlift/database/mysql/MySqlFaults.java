package io.rowlift.database.mysql;

import java.sql.SQLException;
import java.util.Optional;

import io.rowlift.database.EnvironmentFaults;

/** What MySQL's and MariaDB's errors mean ({@link MySqlFailures} tells the operator's lines). */
final class MySqlFaults implements EnvironmentFaults {

	/**
	 * SQLSTATE 22 (data: too long, out of range, wrong date) and 23 (integrity: duplicate key, NULL in
	 * a NOT NULL column), and CHECK constraint violations (3819); not deadlocks or lost connections,
	 * which fail the chunk (its transaction may be gone).
	 */
	@Override
	public boolean isRowError(SQLException error) {
		String state = error.getSQLState();
		return (state != null && (state.startsWith("22") || state.startsWith("23"))) || error.getErrorCode() == 3819;
	}

	/**
	 * ER_DUP_ENTRY (1062, {@code Duplicate entry '...' for key '...'}), which {@code ALTER TABLE ... ADD UNIQUE}
	 * reports for repeated keys, also ER_DUP_ENTRY_WITH_KEY_NAME (1586) and ER_DUP_UNKNOWN_IN_INDEX (1859).
	 */
	@Override
	public boolean isDuplicateKeyFailure(SQLException error) {
		int code = error.getErrorCode();
		return code == MySqlFailures.ER_DUP_ENTRY || code == 1586 || code == 1859;
	}

	@Override
	public Optional<String> describeEnvironmentFault(Throwable failure, String jdbcUrl) {
		return MySqlFailures.environment(failure, jdbcUrl);
	}

	@Override
	public Optional<String> describeFailure(Throwable failure, String jdbcUrl) {
		return MySqlFailures.describe(failure, jdbcUrl);
	}

}
