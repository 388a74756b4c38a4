package io.rowlift.database.write;

import java.sql.PreparedStatement;
import java.sql.SQLException;

import io.rowlift.database.BatchStatement;

/**
 * A chunk's INSERT statements ({@link InsertStatements#open}): one row ({@link #one}), and the multi-row one of
 * {@link #perInsert} rows ({@link #many}, or null), as the binder fills them. Closing closes their JDBC
 * statements. One chunk's, on its connection: not thread-safe.
 */
final class ChunkStatements implements AutoCloseable {

	private final PreparedStatement oneStatement;

	private final PreparedStatement manyStatement;

	/** The one-row INSERT. */
	final BatchStatement one;

	/** The multi-row INSERT of {@link #perInsert} rows, or null where a statement carries one row. */
	final BatchStatement many;

	/** Rows of {@link #many}. */
	final int perInsert;

	ChunkStatements(PreparedStatement oneStatement, PreparedStatement manyStatement, BatchStatement one, BatchStatement many,
			int perInsert) {
		this.oneStatement = oneStatement;
		this.manyStatement = manyStatement;
		this.one = one;
		this.many = many;
		this.perInsert = perInsert;
	}

	/** Closes the multi-row statement, then the one-row statement (as a try-with-resources of both did). */
	@Override
	public void close() throws SQLException {
		try {
			if (this.manyStatement != null) {
				this.manyStatement.close();
			}
		}
		finally {
			this.oneStatement.close();
		}
	}

}
