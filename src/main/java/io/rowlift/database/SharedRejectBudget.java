package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A {@link RejectBudget} over one counter row per job execution in {@value #NAME}, in the target database
 * every process of a run shares: the budget of a cluster's workers, so that {@code rowlift.job.skip-limit}
 * holds over all of them exactly as over the threads of a local run.
 *
 * <p>Each bad record adds one to the row in the chunk's own transaction ({@link #take}), on the chunk's
 * connection, and reads the sum back: the committed rejects of the run and this chunk's. The update locks
 * the row until the chunk commits or rolls back, so a chunk of another partition (of any process) that
 * rejects a record waits for it and then counts its rejects too, as a local run's budget counts those of
 * chunks still open; chunks without rejects never touch the row. A chunk that rolls back rolls its
 * additions back with it, so {@link #giveBack} has nothing to do, and a worker killed mid-chunk leaves no
 * count behind. The row is made when a worker first opens a partition of the execution ({@link #open}),
 * from the rejects the load's earlier runs committed; rows stay after the run (a few bytes each).
 *
 * <p>Thread-safe: the database serializes the additions.
 */
public final class SharedRejectBudget implements RejectBudget {

	/** The table of counters: one row per job execution of a run loaded by workers. */
	public static final String NAME = "ROWLIFT_REJECT_BUDGET";

	private final DataSource dataSource;

	private final long execution;

	private final long limit;

	private SharedRejectBudget(DataSource dataSource, long execution, long limit) {
		this.dataSource = dataSource;
		this.execution = execution;
		this.limit = limit;
	}

	/** The table's DDL ({@code io.rowlift.schema.RowliftSchema} creates it when missing). */
	public static String ddl() {
		return "CREATE TABLE " + NAME + " (EXECUTION_ID BIGINT NOT NULL, RUN_ID BIGINT NOT NULL, USED BIGINT NOT NULL,"
				+ " PRIMARY KEY (EXECUTION_ID))";
	}

	/**
	 * The budget of job execution {@code execution} of run {@code run}: its counter row, made now unless
	 * another partition (of this or another process) made it, starting from the rejects the load's earlier
	 * runs committed. Run outside any chunk's transaction, on a connection of its own.
	 * @param limit bad records tolerated in the whole load ({@code rowlift.job.skip-limit} of the run)
	 * @throws IllegalStateException when the row can be neither made nor found, with the database's words
	 */
	public static SharedRejectBudget open(DataSource dataSource, long execution, long run, long limit) {
		try (Connection connection = dataSource.getConnection()) {
			if (used(connection, execution) < 0) {
				long committed = committed(connection, run);
				try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + NAME
						+ " (EXECUTION_ID, RUN_ID, USED) VALUES (?, ?, ?)")) {
					insert.setLong(1, execution);
					insert.setLong(2, run);
					insert.setLong(3, committed);
					insert.executeUpdate();
				}
				catch (SQLException ex) {
					// another partition made it first (a duplicate key): theirs counts from the same committed rejects
					if (used(connection, execution) < 0) {
						throw ex;
					}
				}
			}
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot make the reject budget of run " + run + " (execution " + execution + ") in "
					+ NAME + ": " + ex.getMessage() + "; check that the manager created Rowlift's tables in this database"
					+ " (it does when a load starts) and that this user may insert into them", ex);
		}
		return new SharedRejectBudget(dataSource, execution, limit);
	}

	private static long committed(Connection connection, long run) throws SQLException {
		try (PreparedStatement count = connection.prepareStatement("SELECT COUNT(*) FROM " + RejectTable.NAME + " WHERE RUN_ID = ?")) {
			count.setLong(1, run);
			try (ResultSet rs = count.executeQuery()) {
				rs.next();
				return rs.getLong(1);
			}
		}
	}

	/** The execution's count, or -1 when it has no row. */
	private static long used(Connection connection, long execution) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement("SELECT USED FROM " + NAME + " WHERE EXECUTION_ID = ?")) {
			select.setLong(1, execution);
			try (ResultSet rs = select.executeQuery()) {
				return rs.next() ? rs.getLong(1) : -1;
			}
		}
	}

	/**
	 * Adds one to the row in the current chunk's transaction and returns the sum.
	 * @throws IllegalStateException outside a transaction (an addition that commits by itself would never be
	 * given back), or when the database refuses the update (a lock wait that timed out fails the chunk, and
	 * the same command resumes the run)
	 */
	@Override
	public long take() {
		if (!TransactionSynchronizationManager.isActualTransactionActive()) {
			throw new IllegalStateException("a bad record was counted against the shared reject budget outside a chunk's "
					+ "transaction (execution " + this.execution + "): its count would never be given back; this is a bug in Rowlift");
		}
		Connection connection = DataSourceUtils.getConnection(this.dataSource); // the chunk's, bound to its transaction
		try {
			try (PreparedStatement add = connection.prepareStatement("UPDATE " + NAME + " SET USED = USED + 1 WHERE EXECUTION_ID = ?")) {
				add.setLong(1, this.execution);
				if (add.executeUpdate() != 1) {
					throw new IllegalStateException("no row of execution " + this.execution + " in " + NAME
							+ " (someone deleted it while the run loaded): run the same command again to resume");
				}
			}
			return used(connection, this.execution);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot count a bad record in " + NAME + " (execution " + this.execution + "): "
					+ ex.getMessage(), ex);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
	}

	/** Nothing to do: the chunk's rollback took its additions back. */
	@Override
	public void giveBack(long n) {
	}

	@Override
	public long limit() {
		return this.limit;
	}

}
