package io.rowlift.database;

/**
 * A chunk's rows in the text format a {@link BulkLoader} streams to its database, built in one buffer that is
 * reused from chunk to chunk. A {@link ValueSink}: the column binders write converted, validated values into it,
 * parameter 1 being the row's first column. The loader makes it ({@link BulkLoader#newRows}); the generic
 * {@link BulkSink} fills it and hands its bytes over as they are read.
 *
 * <p>Use: {@link #clear}, then per row {@link #beginRow}, the binders' calls, and {@link #endRow} or (when a value
 * was refused) {@link #discardRow}; then {@link #copy} the bytes into the stream. Not thread-safe.
 */
public interface BulkRows extends ValueSink {

	/** Empties the buffer for the next chunk. */
	void clear();

	/** Starts a row. */
	void beginRow();

	/** Ends the row begun last. */
	void endRow();

	/** Forgets the row begun last: one of its values was refused. */
	void discardRow();

	/** Rows ended since {@link #clear}. */
	int rows();

	/** Bytes since {@link #clear}. */
	int size();

	/** Copies up to {@code length} bytes from offset {@code from}; returns how many (none at the end). */
	int copy(int from, byte[] to, int offset, int length);

	/**
	 * Appends to {@code into} (rows of the same loader's format) the fields {@code kept} (0-based, ascending) of the
	 * row that takes bytes {@code [start, end)} here, each as a field after those {@code into}'s row has: a few
	 * columns of rows bound once, for a {@link RefusalStage}.
	 */
	void appendFields(int start, int end, int[] kept, BulkRows into);

}
