package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Counts, on one connection, the rows of a load in mode {@code upsert} or {@code ignore} whose key was
 * already in the table (updated or skipped), as the database itself decided it, row by row: so keys
 * repeated in the file, rows equal to the ones they match and rows of other partitions committed
 * meanwhile all count exactly. Its statements run on the chunk's connection, in the chunk's
 * transaction.
 *
 * <p>Use: {@link #prepare} once per chunk; then for each group of statements that either all take
 * effect or are all rolled back (a batch, or one row): {@link #reset}, run them, and if they took
 * effect, {@link #matched}. A group that was rolled back is simply not asked. At the end of a chunk
 * written without error, {@link #finish}: the session is as it was (on a chunk that fails, the rollback
 * of its transaction does the same where {@code prepare} changed the schema). Implementations are
 * stateless (the count lives in the connection's session) and thread-safe.
 */
public interface MatchCounter {

	/** Makes the session ready to count (a dialect may create session objects here). */
	void prepare(Connection connection) throws SQLException;

	/** Undoes {@link #prepare}, in the chunk's transaction, so a pooled connection carries nothing of it to its next use. */
	default void finish(Connection connection) throws SQLException {
	}

	/** Starts counting from zero. */
	void reset(Connection connection) throws SQLException;

	/**
	 * The rows whose key matched since {@link #reset}.
	 * @param applied how many rows the statements since the reset took (inserted or matched)
	 */
	long matched(Connection connection, long applied) throws SQLException;

}
