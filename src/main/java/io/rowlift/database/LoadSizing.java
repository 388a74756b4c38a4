package io.rowlift.database;

/**
 * How many partitions and sorted streams a load into this database runs when the operator sets none, and why.
 * One of a {@link TargetDialect}'s roles ({@link TargetDialect#sizing()}); stateless and thread-safe.
 */
public interface LoadSizing {

	/**
	 * The partition count when the operator sets none.
	 * @param dataBytes bytes of data in the file
	 * @param cores available processors
	 */
	int defaultPartitions(long dataBytes, int cores);

	/** Why {@link #defaultPartitions} chose what it chose, for the summary. */
	String partitionsReason();

	/**
	 * How many ordered streams load a file sorted on disk when {@code rowlift.sort.streams} is not set: each
	 * stream a key range of the sorted file, written on a connection of its own. One where the database takes
	 * one writer at a time.
	 * @param cores available processors
	 */
	default int defaultSortedStreams(int cores) {
		return 1;
	}

	/** Why {@link #defaultSortedStreams} chose what it chose, for the summary. */
	default String sortedStreamsReason() {
		return "default: one writer at a time";
	}

}
