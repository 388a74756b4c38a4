package io.rowlift.database.write;

import java.util.List;

import io.rowlift.database.TargetDialect;
import io.rowlift.model.RawRecord;

/**
 * When rows are written as one strict multi-row INSERT without a savepoint. Only where the dialect's statements
 * are atomic ({@link io.rowlift.database.WritePaths#atomicStatements}: MySQL / MariaDB's InnoDB) and the values
 * are bound by the driver: a part of a bisection of at most {@value #ATOMIC_ROWS} rows and {@value #ATOMIC_BYTES}
 * bytes is such a statement, and once a chunk had refused rows so many that the next chunk's groups are at most
 * {@value #ATOMIC_GROUP_ROWS} rows, each group is one too: one round trip each, where a savepoint and its release
 * are two more (so also for the {@link BulkSink}, whose streams cost four). Immutable.
 */
final class AtomicInserts {

	/** Rows at most of one atomic INSERT (a strict multi-row statement written without a savepoint). */
	static final int ATOMIC_ROWS = 1024;

	/**
	 * Bytes of records (as read from the file) at most in one atomic INSERT, so that its text, values
	 * escaped (a byte of a binary column may take two), stays well under MySQL's smallest default
	 * {@code max_allowed_packet} (4 MiB; MariaDB's is 16 MiB): the driver sends one statement as one
	 * packet, where it splits a batch. Larger parts go through the batches, under a savepoint.
	 */
	static final int ATOMIC_BYTES = 1 << 20;

	/**
	 * Groups of at most this many rows (the size {@link ChunkBisection#groupRows} gives once a chunk had
	 * refused rows, 32 at 1 %) are written as atomic INSERTs, also on the {@code LOAD DATA} path: there a
	 * small stream costs four round trips (savepoint, stream, warning count, release) where the INSERT
	 * costs one. Larger groups stay streams or batches under a savepoint: their savepoint is paid once
	 * for many rows.
	 */
	static final int ATOMIC_GROUP_ROWS = 256;

	/** Whether a refused INSERT wrote nothing ({@link io.rowlift.database.WritePaths#atomicStatements}): small parts need no savepoint. */
	private final boolean atomic;

	/** @param direct whether values are bound through the dialect's own statement, which takes no multi-row INSERT of its own */
	AtomicInserts(TargetDialect dialect, boolean direct) {
		this.atomic = dialect.writing().atomicStatements() && !direct;
	}

	/**
	 * Whether {@code rows} (records that bound cleanly) are written as one atomic INSERT, without a
	 * savepoint: on a dialect whose statements are atomic, at most {@value #ATOMIC_ROWS} rows and
	 * {@value #ATOMIC_BYTES} bytes of records.
	 */
	boolean fits(List<? extends RawRecord> rows) {
		if (!this.atomic || rows.size() > ATOMIC_ROWS) {
			return false;
		}
		long bytes = 0;
		for (RawRecord row : rows) {
			bytes += row.rawLength();
			if (bytes > ATOMIC_BYTES) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether a chunk in groups of {@code groupRows} rows is written one atomic INSERT per group (the last chunk
	 * had refused rows, so many that the groups are at most {@value #ATOMIC_GROUP_ROWS} rows), rather than in
	 * batches or streams under savepoints.
	 */
	boolean groups(int groupRows) {
		return this.atomic && groupRows <= ATOMIC_GROUP_ROWS;
	}

}
