package io.rowlift.database;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * A database's way to find the rows of a refused chunk on the server, without sending them again row by
 * row ({@link WriteMethod#LOAD_DATA} in {@code append}, MySQL / MariaDB): the chunk's rows go once more with
 * the bulk path into a staging table of the session that takes any row (the target's column types, no key or
 * constraint, every column nullable), each with its index in the stream ({@code seq}, from 0); the rows the
 * target would refuse are {@link #predict predicted} from its constraints with a few queries, and the others
 * go into the target with one {@code INSERT ... SELECT}. The predicted rows are then tried one by one, so each
 * refusal is the database's own, and a row predicted wrongly is stored.
 *
 * <p>Nothing is committed here: every call works in the connection's current transaction (the staging table is
 * temporary: making and dropping it does not commit), so a run killed in the middle resumes from the last
 * committed chunk. The rows written by {@link #insert} are the only rows of the target this touches.
 *
 * <p>Thread-safe: an instance holds statement text and the table's constraints, read once; the staged rows live
 * in the session (each partition's connection has its own staging table).
 */
public interface RefusalStage {

	/**
	 * Empties the session's staging table (making it if needed) and sends {@code rows} into it with the bulk path:
	 * {@link TsvRows}' format, each row's first field its {@code seq} (0, 1, 2, ... in stream order).
	 * @return the rows the database took without a warning; anything else (a value even the staging table would
	 *     not take as it is, such as a text too long) means this path cannot name the refused rows: the caller
	 *     writes the chunk the way it did before
	 */
	long stage(Connection connection, InputStream rows) throws SQLException;

	/**
	 * The {@code seq} of each staged row the target will probably refuse, ascending, from its constraints (CHECK,
	 * NOT NULL, foreign keys, unique keys against its rows and, for a key repeated within the staged rows, each
	 * occurrence after the first). A guess: correctness never rests on it (see {@link #insert}).
	 */
	int[] predict(Connection connection) throws SQLException;

	/**
	 * Inserts into the target, in {@code seq} order and with one statement, the staged rows whose {@code seq} is in
	 * {@code [from, to]} and not in {@code excluded} (ascending). The statement is atomic: refused, it wrote nothing
	 * and the transaction goes on.
	 * @return null when the target took the rows; otherwise the database's refusal (a row error)
	 * @throws SQLException a failure that is not a refused row (the connection, the transaction): the chunk fails
	 */
	SQLException insert(Connection connection, int from, int to, int[] excluded) throws SQLException;

}
