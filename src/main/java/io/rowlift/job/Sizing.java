package io.rowlift.job;

import io.rowlift.RowliftException;
import io.rowlift.database.WritePath;
import io.rowlift.sort.KeyOrder;

/**
 * How a new load is cut up and paced, each value with the reason the summary prints. Fixed by a
 * load's first run: a resume keeps them (they are job parameters).
 *
 * @param partitions byte ranges the file is split into
 * @param partitionsReason why that many
 * @param threads partitions loaded at once
 * @param chunkSize records per transaction
 * @param chunkSizeReason why that size ({@code default} for the plain default)
 */
public record Sizing(int partitions, String partitionsReason, int threads, int chunkSize, String chunkSizeReason) {

	/** Most partitions a load may have. */
	static final int MAX_PARTITIONS = 4096;

	/** Connections of the pool the threads leave to the job repository, the reject table and the index steps. */
	static final int RESERVED_CONNECTIONS = 3;

	/** Records per chunk unless set. */
	static final int DEFAULT_CHUNK = 10_000;

	/** The sizing of a new load with one sorted stream; see the full form. */
	public static Sizing choose(JobProperties settings, KeyOrder order, WritePath path, int cores, int poolSize,
			int defaultPartitions, String defaultPartitionsReason) {
		return choose(settings, order, path, cores, poolSize, defaultPartitions, defaultPartitionsReason, 1,
				"one stream");
	}

	/**
	 * The sizing of a new load. Pure: every input is a value.
	 * @param settings {@code rowlift.job.*} (partitions, threads, chunk size; null where not set)
	 * @param order the load's key order; {@link KeyOrder#SORT} is {@code streams} merged streams, each a key
	 *     range: a partition and a thread each
	 * @param path what the run's write method does (its dialect's {@link io.rowlift.database.WritePaths#path}): a
	 *     sorted stream takes its {@link WritePath#sortedChunkSize} by default
	 * @param cores available processors
	 * @param poolSize {@code spring.datasource.hikari.maximum-pool-size}
	 * @param defaultPartitions the dialect's partition count for this file when none is set
	 * @param defaultPartitionsReason why the dialect chose it
	 * @param streams sorted streams ({@code rowlift.sort.streams} or the dialect's default)
	 * @param streamsReason why that many
	 * @throws RowliftException (exit 2) for a partition count, thread count or chunk size out of range
	 */
	public static Sizing choose(JobProperties settings, KeyOrder order, WritePath path, int cores, int poolSize,
			int defaultPartitions, String defaultPartitionsReason, int streams, String streamsReason) {
		boolean sorted = order == KeyOrder.SORT;
		int partitions;
		String reason;
		if (sorted && streams <= 1) {
			partitions = 1;
			reason = "one stream merged in key order";
		}
		else if (sorted) {
			partitions = streams;
			reason = streams + " streams merged in key order, one per key range (" + streamsReason + ")";
		}
		else if (settings.partitions() != null) {
			partitions = settings.partitions();
			reason = "set by rowlift.job.partitions";
		}
		else {
			partitions = defaultPartitions;
			reason = defaultPartitionsReason;
		}
		if (partitions < 1 || partitions > MAX_PARTITIONS) {
			throw RowliftException.badInput("rowlift.job.partitions is " + partitions + "; it must be between 1 and " + MAX_PARTITIONS);
		}
		if (sorted && partitions > poolSize - RESERVED_CONNECTIONS) {
			throw RowliftException.badInput("rowlift.sort.streams is " + partitions + "; it must be between 1 and "
					+ (poolSize - RESERVED_CONNECTIONS) + " (spring.datasource.hikari.maximum-pool-size minus 3: each stream writes"
					+ " on a connection of its own; raise that to run more streams)");
		}
		int threads = sorted ? partitions : settings.threads() != null ? settings.threads() : Math.min(partitions, cores);
		checkThreads(threads, poolSize);
		int chunkSize;
		String chunkReason;
		if (settings.chunkSize() != null) {
			chunkSize = settings.chunkSize();
			chunkReason = "set by rowlift.job.chunk-size";
		}
		else if (sorted && path.sortedChunkSize() > 0) {
			chunkSize = path.sortedChunkSize();
			chunkReason = (partitions == 1 ? "default for one sorted stream into " : "default for sorted streams into ") + path.name();
		}
		else {
			chunkSize = DEFAULT_CHUNK;
			chunkReason = "default";
		}
		if (chunkSize < 1) {
			throw RowliftException.badInput("rowlift.job.chunk-size is " + chunkSize + "; it must be at least 1");
		}
		return new Sizing(partitions, reason, threads, chunkSize, chunkReason);
	}

	/**
	 * This sizing for an input that cannot be split (its format has no byte ranges, as a compressed file):
	 * one partition, one thread; the chunk size stays.
	 */
	public Sizing oneStream(String reason) {
		return this.partitions == 1 && this.threads == 1 ? this : new Sizing(1, reason, 1, this.chunkSize, this.chunkSizeReason);
	}

	/**
	 * Checks a thread count against the connection pool; the launcher asks for {@code rowlift.job.threads}
	 * before it decides which run a command means, so that a bad value is refused even where the run would
	 * be refused for another reason.
	 * @throws RowliftException (exit 2) when {@code threads} is below 1 or above the pool's size minus {@value #RESERVED_CONNECTIONS}
	 */
	public static void checkThreads(int threads, int poolSize) {
		int maxThreads = poolSize - RESERVED_CONNECTIONS;
		if (threads < 1 || threads > maxThreads) {
			throw RowliftException.badInput("rowlift.job.threads is " + threads + "; it must be between 1 and " + maxThreads
					+ " (spring.datasource.hikari.maximum-pool-size minus 3; raise that to run more threads)");
		}
	}

}
