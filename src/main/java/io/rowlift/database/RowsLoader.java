package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database's path for a whole chunk's rows in one statement ({@link WritePath.Sink#STATEMENT_PER_CHUNK}), for
 * one table mapping: SQLite's {@code INSERT INTO t (...) SELECT ... FROM rowlift_rows(?)}. Thread-safe (it
 * holds only the statement text).
 */
public interface RowsLoader {

	/**
	 * Inserts the rows of {@code rows} in their order on {@code connection}, in its current transaction,
	 * with one statement.
	 * @throws SQLException the database refused a row (then the caller rolls back and writes the chunk
	 *     another way, which finds the row) or the statement
	 */
	void load(Connection connection, RowsBuffer rows) throws SQLException;

	/**
	 * The statement of {@link #load} prepared once on {@code connection} for several buffers in a row (the
	 * groups and parts of a chunk with refused rows: a statement prepared per part of a few rows cost more
	 * than its rows); the caller closes it. By default each buffer is prepared again.
	 */
	default Prepared prepare(Connection connection) throws SQLException {
		return rows -> load(connection, rows);
	}

	/**
	 * Whether a statement of {@link #load} that the database refuses leaves nothing of it written, while the
	 * transaction and the statements before it stay, so that a part of a chunk needs no savepoint to be
	 * taken or refused whole. By default false.
	 */
	default boolean atomic() {
		return false;
	}

	/** The statement of {@link #load}, prepared for several buffers; not thread-safe. */
	interface Prepared extends AutoCloseable {

		/** As {@link RowsLoader#load}, on the prepared statement's connection. */
		void load(RowsBuffer rows) throws SQLException;

		@Override
		default void close() throws SQLException {
		}

	}

}
