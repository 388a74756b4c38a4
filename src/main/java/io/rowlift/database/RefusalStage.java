package io.rowlift.database;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database's way to name the rows of a chunk its bulk path would refuse, before the chunk is sent
 * ({@link WritePath.Sink#ROW_STREAM} in {@code append}, as MySQL's): the columns the table's constraints read
 * ({@link #columns}) go with the bulk path into a staging table of the session that takes any row (the table's column
 * types, no key or constraint, every column nullable), each row with its index in the stream ({@code seq}, from 0),
 * and the rows the table would refuse are {@link #predict predicted} there with a few queries. The caller then sends
 * the other rows as one stream and tries each predicted row alone, so each refusal is the database's own and a row
 * predicted wrongly is stored; should the stream be refused all the same, the caller halves it.
 *
 * <p>Nothing is committed here: every call works in the connection's current transaction (the staging table is
 * temporary: making and dropping it does not commit), and the table itself is only read.
 *
 * <p>Thread-safe: an instance holds statement text and the table's constraints, read once; the staged rows live
 * in the session (each partition's connection has its own staging table).
 */
public interface RefusalStage {

	/**
	 * Whether this stage cannot name any refused row of this table (nothing to predict from, or no staging table can be
	 * declared): the caller then halves a refused chunk at once, without binding it for a stage. Answered from what
	 * was read once; false unless a stage says otherwise.
	 */
	default boolean declines(Connection connection) throws SQLException {
		return false;
	}

	/** The mapping's columns (indexes, ascending) a staged row carries after its {@code seq}: those the constraints read. */
	int[] columns(Connection connection) throws SQLException;

	/**
	 * Empties the session's staging table (making it if needed) and sends {@code rows} into it with the bulk path:
	 * the bulk loader's format ({@link BulkLoader#newRows}), each row its {@code seq} (0, 1, 2, ... in stream order) and then its {@link #columns}.
	 * @return the rows the database took without a warning; anything else (a value even the staging table would
	 *     not take as it is, such as a text too long) means this path cannot name the refused rows: the caller
	 *     writes the chunk the way it did before
	 */
	long stage(Connection connection, InputStream rows) throws SQLException;

	/**
	 * The {@code seq} of each staged row the table will probably refuse, ascending, from its constraints (CHECK, foreign
	 * keys, unique keys against its rows and, for a key repeated within the staged rows, each occurrence after the
	 * first). A guess: correctness never rests on it.
	 */
	int[] predict(Connection connection) throws SQLException;

}
