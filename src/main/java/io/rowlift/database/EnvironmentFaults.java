package io.rowlift.database;

import java.sql.SQLException;
import java.util.Optional;

/**
 * What a database's errors mean: a refused row, a repeated key, a fault of the environment the operator fixes
 * (a full disk, a lost server, a locked file), each told in one line that names the place and the fix. One of a
 * {@link TargetDialect}'s roles ({@link TargetDialect#faults()}); stateless and thread-safe.
 */
public interface EnvironmentFaults {

	/**
	 * Whether the database refused one row (a constraint, a value it will not store) rather than
	 * the whole statement or connection: such a row is rejected, anything else fails the chunk.
	 */
	boolean isRowError(SQLException error);

	/**
	 * Whether building a unique index, or writing a row, failed because two rows have one of the table's keys
	 * (a primary key or a unique index), and not for another reason: a lock, a full disk, a bad definition.
	 * The index rebuild builds first and looks for the repeated keys only after this says so, so a clean load
	 * pays for no such search; after a load into a table that held rows, a row refused for this names the
	 * modes that load over rows already there.
	 */
	boolean isDuplicateKeyFailure(SQLException error);

	/**
	 * One line for the operator when a load failed for a reason the database reports and that the
	 * same command resumes after, once the cause is gone: a full database or disk, an I/O error, a lost
	 * connection, a lock timeout. It names the cause, the database ({@code jdbcUrl}'s file or server and
	 * database, never a user or password) and the fix, as in {@code database or disk is full:
	 * data/rowlift.db; free space, then run the same command}. Looks through {@code failure}'s causes.
	 * @param failure what ended the load (a step's failure, or what the launcher threw)
	 * @param jdbcUrl the database's URL, possibly with parameters and credentials
	 * A bug in Rowlift's own code ({@link io.rowlift.model.CodeFault}) is never one of these, whatever
	 * exception the driver wrapped it in (Connector/J reports an exception thrown by a LOAD DATA stream as
	 * a communications failure).
	 * @return the line, or empty for any other failure (which keeps its own message)
	 */
	default Optional<String> describeFailure(Throwable failure, String jdbcUrl) {
		return Optional.empty();
	}

	/**
	 * When {@code failure} is the database refusing this process because something holds it locked (SQLite:
	 * {@code SQLITE_BUSY} or {@code SQLITE_LOCKED} once the busy handler gave up), one sentence for the case
	 * that no run of Rowlift holds its run lock: what holds it, where ({@code jdbcUrl}'s file, never a
	 * password) and the fix; the caller asks {@link RunLocking#runLockHolder} first and refuses the command as another
	 * run being active when one holds it. Empty for any other failure, and where locks only make a statement
	 * wait (MySQL: no statement Rowlift runs before it holds the run lock takes a lock of the table).
	 */
	default Optional<String> describeLockedDatabase(Throwable failure, String jdbcUrl) {
		return Optional.empty();
	}

	/**
	 * One sentence for a fault of the environment that keeps Rowlift from writing to the database at all,
	 * found before anything was written (exit 2): the server cannot be reached or logged into, the database
	 * does not exist, the database file or its folder cannot be written, the disk is full. It says what is
	 * wrong, where ({@code jdbcUrl}'s file or server, never a user's password) and the fix. Looks through
	 * {@code failure}'s causes; a bug in Rowlift's code ({@link io.rowlift.model.CodeFault}) is never one.
	 * @return the sentence, or empty for any other failure
	 */
	default Optional<String> describeEnvironmentFault(Throwable failure, String jdbcUrl) {
		return Optional.empty();
	}

}
