package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import io.rowlift.database.MatchCounter;

/**
 * Counts the rows SQLite inserted into a table with a temporary {@code AFTER INSERT} trigger that adds
 * one to a row of a temporary table, both the connection's own: a row that matched a key fires no
 * INSERT trigger (an upsert's update fires the UPDATE triggers; {@code DO NOTHING} fires none), so
 * the matched rows are the applied ones less the inserted. {@code changes()} cannot tell them apart (it
 * counts an upsert's update as one change, like an insert). The counter is written in the chunk's
 * transaction, so a statement or savepoint rolled back takes its counts with it; the trigger is made at
 * the start of each chunk and dropped at its end, in its transaction.
 *
 * <p>Cost: one small temporary-table update per inserted row (measured in docs/modes.md). Assumes the
 * table's own triggers do not insert into the table itself. Thread-safe (stateless).
 */
final class SqliteInsertCounter implements MatchCounter {

	private static final String COUNTER = "temp.rowlift_inserted";

	private final String trigger;

	private final String dropTrigger;

	/** @param table the table, quoted */
	SqliteInsertCounter(String table) {
		String name = "rowlift_inserted_" + table.substring(1, table.length() - 1).replace("\"\"", "\"");
		String quoted = "\"" + name.replace("\"", "\"\"") + "\"";
		this.trigger = "CREATE TEMP TRIGGER IF NOT EXISTS " + quoted + " AFTER INSERT ON main." + table
				+ " BEGIN UPDATE rowlift_inserted SET n = n + 1; END";
		this.dropTrigger = "DROP TRIGGER IF EXISTS temp." + quoted;
	}

	String triggerSql() {
		return this.trigger;
	}

	@Override
	public void prepare(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("CREATE TEMP TABLE IF NOT EXISTS rowlift_inserted (n INTEGER NOT NULL)");
			st.execute("INSERT INTO " + COUNTER + " (n) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM " + COUNTER + ")");
			st.execute(this.trigger);
		}
	}

	/**
	 * Drops the trigger at the end of each chunk, in its transaction: a pooled connection would otherwise
	 * keep counting the table's inserts in later loads of the same process (scheduled mode), and an
	 * {@code ALTER TABLE ... RENAME} of the table would have to rewrite it. The statements of the next
	 * chunk are prepared anew anyway, so the schema change costs nothing more.
	 */
	@Override
	public void finish(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute(this.dropTrigger);
		}
	}

	@Override
	public void reset(Connection connection) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("UPDATE " + COUNTER + " SET n = 0");
		}
	}

	@Override
	public long matched(Connection connection, long applied) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery("SELECT n FROM " + COUNTER)) {
			rs.next();
			return applied - rs.getLong(1);
		}
	}

}
