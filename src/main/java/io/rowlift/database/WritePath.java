package io.rowlift.database;

/**
 * What a write method does, as the generic code needs to know it: which sink writes a chunk, how the summary
 * names it, and the chunk size a sorted stream into it takes by default. The dialect that offers a method
 * describes it ({@link WritePaths#path}); the generic code asks this, never the method's name.
 *
 * @param sink how each chunk reaches the table
 * @param name a short name for sizing reasons ({@code LOAD DATA})
 * @param summary how the summary line names the chunks' writes ({@code LOAD DATA LOCAL streams})
 * @param sortedChunkSize records per chunk of a sorted stream when {@code rowlift.job.chunk-size} is not set;
 *     0 for the common default
 */
public record WritePath(Sink sink, String name, String summary, int sortedChunkSize) {

	/** INSERT batches the driver binds: every database's path, and the fallback of the others. */
	public static final WritePath INSERT_BATCHES = new WritePath(Sink.INSERT_BATCHES, "INSERT", "INSERT batches", 0);

	/** How each chunk reaches the table; each is written by its own sink, with the same fallback to find a refused row. */
	public enum Sink {

		/** JDBC batches of INSERT statements, values bound by the driver ({@link InsertBatchSink}). */
		INSERT_BATCHES,

		/**
		 * The same INSERT statements, values bound by the dialect's own statement
		 * ({@link WritePaths#directStatement}) straight from the record's bytes.
		 */
		BOUND_INSERT_BATCHES,

		/** Each chunk as one buffer of typed values, bound once and inserted with one statement ({@link WritePaths#rowsLoader}). */
		STATEMENT_PER_CHUNK,

		/** Each chunk as one stream of text rows the database reads while they are made ({@link WritePaths#bulkLoader}). */
		ROW_STREAM

	}

}
