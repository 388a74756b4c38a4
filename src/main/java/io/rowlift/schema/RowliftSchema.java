package io.rowlift.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

import java.util.List;

import javax.sql.DataSource;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import io.rowlift.database.RejectTable;
import io.rowlift.database.SharedRejectBudget;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;

/**
 * Rowlift's own tables in the target database: Spring Batch's job repository (so each chunk's
 * rows and the reader's offset commit in one transaction), the index ledger, the staged rejects, the
 * cluster's shared reject budgets and its workers' heartbeats. Created when
 * missing, left alone when present; never part of the operator's migrations.
 */
public final class RowliftSchema {

	/** The ledger of dropped indexes: written before a drop, emptied after the rebuild. */
	public static final String LEDGER = "ROWLIFT_INDEX_LEDGER";

	/**
	 * The scheduled service's memory of inbox files (docs/scheduled-runs.md): one row per content
	 * fingerprint and table, with the path it was last seen at, its state, its attempts and their
	 * reasons. In the target database so that every service loading into it shares it.
	 */
	public static final String INBOX = "ROWLIFT_INBOX";

	/**
	 * A cluster's worker heartbeats (docs/cluster.md): one row per worker process ({@code host:pid}), whose
	 * count of beats the worker raises every {@code rowlift.cluster.heartbeat-interval}; a worker that finds a
	 * partition held by a worker whose count stopped moving takes the partition over.
	 */
	public static final String HEARTBEATS = "ROWLIFT_WORKER_HEARTBEAT";

	private RowliftSchema() {
	}

	/**
	 * Creates {@value #INBOX} when missing (the scheduled service calls this; a one-shot load never
	 * does, so its start pays nothing for it). Safe to repeat and to run from two processes at once:
	 * a {@code CREATE TABLE} that loses the race fails, and the table is checked again.
	 */
	public static void ensureInbox(DataSource dataSource, TargetDialect dialect) throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			if (TableInfo.read(connection, INBOX).isEmpty()) {
				try (Statement st = connection.createStatement()) {
					st.execute("CREATE TABLE " + INBOX + " (CONTENT VARCHAR(100) NOT NULL, TABLE_NAME VARCHAR(200) NOT NULL,"
							+ " FILE_PATH " + dialect.sql().textType() + " NOT NULL, FILE_STAMP VARCHAR(100) NOT NULL,"
							+ " STATE VARCHAR(20) NOT NULL, ATTEMPTS INT NOT NULL, RUN_ID BIGINT, REASONS "
							+ dialect.sql().textType() + ", UPDATED_AT VARCHAR(40) NOT NULL, PRIMARY KEY (CONTENT, TABLE_NAME))");
				}
				catch (SQLException ex) {
					if (TableInfo.read(connection, INBOX).isEmpty()) {
						throw ex;
					}
				}
			}
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
	}

	/**
	 * Creates {@code table} with {@code ddl} unless it exists. Safe from two processes at once (on MySQL the
	 * run lock is one per table, so loads into two tables of a new database make these tables together):
	 * a {@code CREATE TABLE} that loses the race fails, and the table is checked again.
	 */
	private static void createIfMissing(Connection connection, String table, String ddl) throws SQLException {
		if (TableInfo.read(connection, table).isPresent()) {
			return;
		}
		try (Statement st = connection.createStatement()) {
			st.execute(ddl);
		}
		catch (SQLException ex) {
			if (TableInfo.read(connection, table).isEmpty()) {
				throw ex;
			}
		}
	}

	/** A sequence table made but not yet given its row (MySQL's script inserts one after each CREATE). */
	private static boolean emptySequence(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement()) {
			for (String table : BATCH_TABLES) {
				if (table.endsWith("_SEQ")) {
					try (var rs = st.executeQuery("SELECT COUNT(*) FROM " + table)) {
						if (rs.next() && rs.getLong(1) == 0) {
							return true;
						}
					}
				}
			}
		}
		return false;
	}

	private static List<String> missingBatchTables(Connection connection) throws SQLException {
		List<String> missing = new java.util.ArrayList<>();
		for (String table : BATCH_TABLES) {
			if (TableInfo.read(connection, table).isEmpty()) {
				missing.add(table);
			}
		}
		return missing;
	}

	/** Spring Batch's tables; a run killed while they were made may have left only some. */
	static final List<String> BATCH_TABLES = List.of("BATCH_JOB_INSTANCE", "BATCH_JOB_EXECUTION", "BATCH_JOB_EXECUTION_PARAMS",
			"BATCH_STEP_EXECUTION", "BATCH_STEP_EXECUTION_CONTEXT", "BATCH_JOB_EXECUTION_CONTEXT", "BATCH_STEP_EXECUTION_SEQ",
			"BATCH_JOB_EXECUTION_SEQ", "BATCH_JOB_INSTANCE_SEQ");

	/**
	 * Creates whatever of Rowlift's tables is missing. Run under the run lock, which on MySQL is one per
	 * table: loads into other tables may run it at the same time, and that is safe. Safe to repeat after a
	 * kill at any point: on MySQL, DDL is not transactional, so a killed first run can leave some of
	 * Spring Batch's tables made and others not; every table is checked, Spring Batch's script is run
	 * again for the missing ones (statements for tables that exist fail and are skipped; its sequence
	 * rows are inserted only where missing), and the result is checked.
	 */
	public static void ensure(DataSource dataSource, TargetDialect dialect) throws SQLException {
		try (Connection connection = dataSource.getConnection()) {
			if (!missingBatchTables(connection).isEmpty() || (dialect.sql().batchSequencesHaveRows() && emptySequence(connection))) {
				ResourceDatabasePopulator script = new ResourceDatabasePopulator(new ClassPathResource(dialect.sql().batchSchemaScript()));
				script.setContinueOnError(true);
				script.populate(connection);
				List<String> missing = missingBatchTables(connection);
				if (!missing.isEmpty()) {
					throw new SQLException("cannot create Spring Batch's tables " + missing + " with "
							+ dialect.sql().batchSchemaScript() + "; check the user's rights to create tables");
				}
			}
			createIfMissing(connection, LEDGER, "CREATE TABLE " + LEDGER + " (TABLE_NAME VARCHAR(200) NOT NULL, INDEX_NAME VARCHAR(200) NOT NULL,"
					+ " DEFINITION " + dialect.sql().textType() + " NOT NULL, IS_UNIQUE INT NOT NULL, COLUMN_LIST "
					+ dialect.sql().textType() + " NOT NULL, PRIMARY KEY (TABLE_NAME, INDEX_NAME))");
			createIfMissing(connection, RejectTable.NAME, RejectTable.ddl(dialect));
			// a cluster's shared reject budget: made by every load (a manager cannot tell whether its workers
			// will need it before they do), so a worker never makes tables
			createIfMissing(connection, SharedRejectBudget.NAME, SharedRejectBudget.ddl());
			// a cluster's worker heartbeats: made here too, for the same reason; a worker writes its row once it exists
			createIfMissing(connection, HEARTBEATS, "CREATE TABLE " + HEARTBEATS + " (WORKER VARCHAR(200) NOT NULL,"
					+ " BEATS BIGINT NOT NULL, INTERVAL_MS BIGINT NOT NULL, PRIMARY KEY (WORKER))");
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
	}

}
