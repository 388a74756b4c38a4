package io.rowlift.database.sqlite;

import io.rowlift.database.LoadSizing;

/** One partition and one sorted stream: SQLite takes one writer at a time. */
final class SqliteSizing implements LoadSizing {

	@Override
	public int defaultPartitions(long dataBytes, int cores) {
		return 1;
	}

	@Override
	public String partitionsReason() {
		return "default for SQLite, which takes one writer at a time";
	}

	@Override
	public String sortedStreamsReason() {
		return "default for SQLite, which takes one writer at a time";
	}

}
