package io.rowlift.schema;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.TargetDialect;

/**
 * Removes what an abandoned {@code replace} left: its staging table and the staging table's rows in
 * the index ledger (their indexes go with the table). Called under the run lock, before the abandoned
 * run is marked abandoned, so a kill in between leaves a run that is abandoned again by the same
 * command. Safe to repeat. Stateless.
 */
public final class StagingCleanup {

	private StagingCleanup() {
	}

	/**
	 * Drops the staging table of a replace into {@code table}, if any.
	 * @return its name
	 */
	public static String discard(DataSource dataSource, TargetDialect dialect, String table) throws SQLException {
		String staging = dialect.tables().stagingName(table);
		try (Connection connection = dataSource.getConnection()) {
			dialect.tables().dropStaging(connection, staging);
			new IndexLedger(new JdbcTemplate(new SingleConnectionDataSource(connection, true))).forgetAll(staging);
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
		return staging;
	}

}
