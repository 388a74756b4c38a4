package io.rowlift.database.mysql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.rowlift.database.MatchCounter;

/**
 * Counts matched rows in the session variable {@value #VARIABLE}, which the statement's
 * {@code ON DUPLICATE KEY UPDATE} adds one to for each row that collided with a key
 * ({@link MySqlKeyMatchSql#onKeyMatch}), changed or not.
 *
 * <p>Why not the affected-rows count: it is 1 for an insert, 2 for a changed row and 0 for an unchanged
 * one, but Connector/J's default ({@code CLIENT_FOUND_ROWS}) reports 1 for an unchanged row as well, and
 * a rewritten batch reports one total per multi-row statement, where 2 may be two inserts or one change.
 * Turning {@code useAffectedRows} on would break Spring Batch's own optimistic-lock checks on the same
 * pool. The variable is counted row by row by the server, atomically with each row, so rows of other
 * partitions inserted meanwhile count where they matched. It is not transactional: a statement rolled
 * back keeps what it added, so the caller resets before each group of statements and asks only after one
 * that took effect. Thread-safe (stateless; the count is the session's).
 */
final class MySqlMatchCounter implements MatchCounter {

	static final String VARIABLE = "@rowlift_matched";

	@Override
	public void prepare(Connection connection) {
	}

	@Override
	public void reset(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("SET " + VARIABLE + " = 0");
		}
	}

	@Override
	public long matched(Connection connection, long applied) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT " + VARIABLE)) {
			rs.next();
			return rs.getLong(1);
		}
	}

}
