package io.rowlift.database;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database's bulk path for a chunk's rows ({@link WritePath.Sink#ROW_STREAM}), for one table mapping.
 * Thread-safe (it holds only the statement text).
 */
public interface BulkLoader {

	/**
	 * Empty rows in this loader's format, for {@link #load}'s stream; the caller keeps and reuses them.
	 */
	BulkRows newRows();

	/**
	 * Sends {@code rows} (the bytes of {@link #newRows}' format) on {@code connection}, in its current transaction. The
	 * stream may make its bytes as it is read: the database takes the first rows while the next are made.
	 * @return the rows the database took without a warning; anything other than {@code rows.rows()}
	 *     means some row was refused, changed or skipped, or the database refused the bulk path
	 *     itself: the caller rolls back what this call did and inserts the rows another way
	 * @throws SQLException a failure of the connection or transaction (the chunk fails)
	 */
	long load(Connection connection, InputStream rows) throws SQLException;

	/**
	 * In a load that matches keys ({@link KeyMatching}): the rows of the last {@link #load} on
	 * {@code connection} whose key was already in the table (updated or skipped), asked only after a load
	 * that took every row; 0 for a loader of {@code append}.
	 */
	default long matched(Connection connection) throws SQLException {
		return 0;
	}

}
