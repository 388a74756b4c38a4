package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database's path for a whole chunk's rows in one statement ({@link WriteMethod#INSERT_SELECT}), for
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

}
