package io.rowlift.database.mysql;

import io.rowlift.database.LoadSizing;

/** Partitions and sorted streams for a server that takes several writers at once. */
final class MySqlSizing implements LoadSizing {

	/**
	 * One per core at least, so the server gets as many connections inserting in parallel (measured:
	 * 1M rows of the ints shape loaded in 12.4 s with 2 partitions against 18.1 s with 1 on 2 cores),
	 * one per 64 MiB beyond that, at most twice the cores; a file under 8 MiB gets one, since splitting
	 * it costs more than it saves.
	 */
	@Override
	public int defaultPartitions(long dataBytes, int cores) {
		if (dataBytes < (8L << 20)) {
			return 1;
		}
		long bySize = dataBytes / (64L << 20) + 1;
		return (int) Math.max(cores, Math.min(bySize, cores * 2L));
	}

	@Override
	public String partitionsReason() {
		return "default: one per core, or one per 64 MiB of data up to twice the cores; one under 8 MiB";
	}

	/**
	 * Two streams where there are two cores or more: measured on 1M shuffled keys into MariaDB
	 * (docs/benchmarks.md), the server inserts one range while Rowlift merges the other; one on one core.
	 */
	@Override
	public int defaultSortedStreams(int cores) {
		return Math.max(1, Math.min(2, cores));
	}

	@Override
	public String sortedStreamsReason() {
		return "default for MySQL: two streams on two cores or more, one on one";
	}

}
