package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.List;

/**
 * "Try the rows whole under a savepoint; if the database refuses them, roll back to it and split them": the one
 * copy of what each sink ({@link InsertBatchSink}, {@link BulkSink}, {@link StagedChunkWriter},
 * {@link RowsBufferSink}) and the {@link ChunkBisection} itself do with a group, stream or part.
 *
 * <p>The contract that keeps a load exact: an attempt the database took keeps its rows (the savepoint is
 * released); an attempt it refused leaves nothing behind (rolled back to the savepoint, then released, or an
 * {@code atomic} attempt, one statement the database takes or refuses whole, which needs no savepoint) before
 * the {@link Split} writes the rows again, so no row is written twice; the split must account for every row
 * (written, or deferred as a reject), so none is lost. A failure that is not a refusal (the connection, the
 * transaction) is thrown by the attempt and passes through: the savepoint is left to the chunk's rollback.
 * Nothing here commits. Holds no state: the sinks' differences (what an attempt writes, what counts as taken,
 * how the refused rows are found) are the arguments.
 */
final class SavepointSplit {

	private SavepointSplit() {
	}

	/** One attempt to write rows whole in the chunk's transaction. */
	@FunctionalInterface
	interface Attempt {

		/**
		 * Writes the rows.
		 * @return null when the database took them all; otherwise its refusal (or a description of it)
		 * @throws SQLException a failure that is not a refused row: the chunk fails
		 */
		Exception run() throws SQLException;

	}

	/** What becomes of rows the database refused whole, once the attempt was rolled back. */
	@FunctionalInterface
	interface Split<T> {

		/** Writes {@code rows} again (by halving, or another way); returns the rows written, the others rejected. */
		long written(List<T> rows) throws SQLException;

	}

	/**
	 * Runs {@code attempt} under a savepoint of {@code connection} (none when {@code atomic}); when it is refused,
	 * rolls back to the savepoint and hands {@code rows} to {@code split}.
	 * @param rows the rows the attempt writes; read after the attempt, which may fill it (a stream collects the
	 *     records it bound while the driver read it)
	 * @return {@code rows.size()} when the attempt was taken, else what {@code split} wrote
	 */
	static <T> long write(Connection connection, boolean atomic, List<T> rows, Attempt attempt, Split<T> split)
			throws SQLException {
		Savepoint savepoint = begin(connection, atomic);
		Exception refusal = attempt.run();
		if (end(connection, savepoint, refusal)) {
			return rows.size();
		}
		return split.written(rows);
	}

	/** A savepoint for an attempt, or null for an {@code atomic} one (a refused one wrote nothing). */
	static Savepoint begin(Connection connection, boolean atomic) throws SQLException {
		return atomic ? null : connection.setSavepoint();
	}

	/**
	 * Ends an attempt's savepoint ({@link #begin}; null: none): rolled back to when the attempt was refused, then
	 * released. Returns whether the attempt was taken ({@code refusal} null).
	 */
	static boolean end(Connection connection, Savepoint savepoint, Exception refusal) throws SQLException {
		if (savepoint != null) {
			if (refusal != null) {
				connection.rollback(savepoint);
			}
			connection.releaseSavepoint(savepoint);
		}
		return refusal == null;
	}

}
