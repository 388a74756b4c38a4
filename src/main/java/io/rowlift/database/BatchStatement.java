package io.rowlift.database;

import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A prepared INSERT as {@link InsertBatchSink} uses it: parameters set through the {@link ValueSink}
 * methods, rows collected with {@link #addBatch} and run in order by {@link #executeBatch}. Through the
 * driver ({@link StatementSink}) or, for {@link WritePath.Sink#BOUND_INSERT_BATCHES}, the dialect's
 * own binding ({@link WritePaths#directStatement}). Not thread-safe, like its statement.
 */
public interface BatchStatement extends ValueSink {

	/** The statement this binds; it stays owned (and closed) by the caller. */
	PreparedStatement statement();

	/** Keeps the parameters set since the last call as the batch's next row. */
	void addBatch() throws SQLException;

	/**
	 * Runs the rows of the batch in order and empties it.
	 * @throws SQLException the first row the database refused (the rows before it took effect)
	 */
	void executeBatch() throws SQLException;

	/** Forgets the rows added. */
	void clearBatch() throws SQLException;

	/** Forgets the parameters set since the last {@link #addBatch}. */
	void clearParameters() throws SQLException;

	/** Runs the statement once with the parameters set (not added to the batch). */
	void executeUpdate() throws SQLException;

}
