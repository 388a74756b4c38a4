package io.rowlift.database.write;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import io.rowlift.database.BulkLoader;
import io.rowlift.database.RefusalStage;
import io.rowlift.database.Rejection;
import io.rowlift.database.BulkRows;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.model.RawRecord;

/**
 * Writes records as streams to the dialect's {@link BulkLoader} ({@link WritePath.Sink#ROW_STREAM}), bound
 * as rows of the loader's format ({@link BulkRows}) while the driver reads it: the whole chunk
 * as one stream while the chunks are clean, in groups of {@link ChunkBisection#groupRows} once a chunk
 * had refused rows. A stream the database did not take whole is rolled back to its savepoint and the
 * {@link ChunkBisection} sends its rows again in halves, each a stream of its own; a row refused alone
 * goes through the {@link InsertBatchSink}'s strict INSERT, which names why, and is rejected.
 *
 * <p>Where the dialect's INSERTs are atomic ({@link WritePaths#atomicStatements}: MariaDB, MySQL), the
 * parts of a bisection small enough for one statement ({@link InsertBatchSink#atomic}) are strict
 * multi-row INSERTs without a savepoint, and a chunk whose groups are small ({@link InsertBatchSink#atomicGroups})
 * goes whole to the {@link InsertBatchSink}, one such INSERT per group: a stream of a few rows costs four
 * round trips (savepoint, stream, warning count, release), the INSERT one; with 1 % of the rows refused
 * the streams made the load 7.8 times as long as a clean one.
 *
 * <p>Where the dialect names refused rows on the server ({@link WritePaths#refusalStage}: MariaDB, MySQL, in
 * {@code append}), a refused stream is not halved ({@link StagedChunkWriter}): its rows are bound once into memory,
 * the columns the table's constraints read go as a stream into the session's staging table, the rows the table would
 * refuse are predicted there from its constraints, the others go from memory as one stream into the table, and each
 * predicted row is then tried alone (in file order) with a strict INSERT, whose refusal is the database's reason, as
 * before. Should the stream of the others be refused all the same (a refusal no constraint predicts: a trigger), it
 * is halved as before; should the staging stream itself not be taken cleanly, the chunk goes the way it went before.
 * A chunk after one with refused rows goes this way at once (its first stream would only be rolled back). Halving
 * cost about 8 statements per refused row, and groups of 32 rows after the first refused chunk: 2.5 to 3.3 times a
 * clean load with 1 % of the rows refused.
 *
 * <p>Nothing here commits: the staging table is temporary, every statement runs in the chunk's transaction, so a
 * run killed in the middle resumes from the last committed chunk.
 *
 * <p>One instance per partition's writer: not thread-safe (the stream is read on the writer's thread).
 */
public final class BulkSink {

	/** Bytes of rows bound at a time for the bulk loader's stream. */
	private static final int STREAM_BLOCK = 64 << 10;

	private final BulkLoader loader;

	/** The server-side path for a refused stream, or null (halving). */
	private final StagedChunkWriter staged;

	/** Whether the last chunk had rows the database refused: then the next one is staged at once. */
	private boolean stageFirst;

	/** Rows of the current chunk the database refused. */
	private int refusedInChunk;

	private final RecordBinder binder;

	private final InsertBatchSink inserts;

	private final ChunkBisection bisection;

	/** The chunk's rows in the loader's format ({@link BulkLoader#newRows}). */
	private final BulkRows rows;

	/** Rows of the streams written since {@link #takeMatched} whose key matched (a loader of a mode that matches keys). */
	private long matched;

	/**
	 * @param stage the dialect's server-side path for a refused stream, or null (halving)
	 * @param bisection the partition's, shared with {@code inserts}
	 */
	public BulkSink(BulkLoader loader, RefusalStage stage, RecordBinder binder, InsertBatchSink inserts, ChunkBisection bisection) {
		this.loader = loader;
		this.rows = loader.newRows();
		this.staged = stage == null ? null : new StagedChunkWriter(stage, loader, binder, bisection);
		this.binder = binder;
		this.inserts = inserts;
		this.bisection = bisection;
	}

	/**
	 * Sends the records to the bulk loader as streams that bind them as the driver reads them, so
	 * the database takes the first rows while the next are bound (bound first and then sent, the
	 * server sat idle a quarter of the time on the keys benchmark: 75 % of a core for the server, 35 %
	 * for the JVM). Records refused while binding are rejected after the load, on the same connection.
	 * A stream the database does not take cleanly is rolled back and bisected. Returns the rows written.
	 */
	public long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		if (this.staged == null && this.inserts.atomicGroups()) {
			return this.inserts.write(connection, records, rejects); // rejects staged and the chunk ended there
		}
		this.refusedInChunk = 0;
		long written = this.staged != null && this.stageFirst ? staged(connection, records, rejects, true) : -1;
		if (written < 0) {
			written = streams(connection, records, rejects);
		}
		// staged after the streams: a stream rolled back to its savepoint must not take a reject with it
		rejects.rejectDeferred(connection);
		this.stageFirst = this.refusedInChunk > 0;
		this.bisection.chunkDone(records.size());
		return written;
	}

	/** Sends the records as streams (one, or groups), each refused one staged or bisected; returns the rows written. */
	private long streams(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		int group = this.staged != null ? ChunkBisection.UNLIMITED : Math.max(1, this.bisection.groupRows(ChunkBisection.UNLIMITED));
		long written = 0;
		for (int from = 0; from < records.size(); from += group) {
			ChunkStream stream = new ChunkStream(records.subList(from, Math.min(records.size(), from + group)));
			// stream.batched fills while the driver reads the stream: the rows taken, or the rows to split
			written += SavepointSplit.write(connection, false, stream.batched, () -> {
				long took = this.loader.load(connection, stream);
				stream.finish(); // a load that stopped early (the server refused it) left records unbound
				for (int i = 0; i < stream.refused.size(); i++) {
					rejects.defer(stream.refused.get(i), stream.reasons.get(i));
				}
				if (took != stream.batched.size()) {
					return new SQLException("the bulk load took " + took + " of " + stream.batched.size() + " rows");
				}
				this.matched += this.loader.matched(connection); // before the release: it reads the load's own counts
				return null;
			}, refused -> split(connection, refused, rejects));
		}
		return written;
	}

	/** The rows of a refused stream, rolled back: staged ({@link StagedChunkWriter}) where it can, else bisected. */
	private long split(Connection connection, List<RawRecord> refused, RejectHandling rejects) throws SQLException {
		long staged = this.staged != null ? staged(connection, refused, rejects, false) : -1;
		return staged >= 0 ? staged : this.bisection.bisect(connection, refused, part(connection, rejects));
	}

	/** The staged path ({@link StagedChunkWriter}) for these records; the rows it found refused count for the chunk. */
	private long staged(Connection connection, List<? extends RawRecord> records, RejectHandling rejects, boolean afterRefusedChunk)
			throws SQLException {
		long written = this.staged.write(connection, records, rejects, afterRefusedChunk, part(connection, rejects));
		if (written >= 0) {
			this.refusedInChunk += this.staged.refused();
		}
		return written;
	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 in {@code append}. Rows a bisection wrote alone are
	 * counted by the {@link InsertBatchSink}.
	 */
	public long takeMatched() {
		long taken = this.matched;
		this.matched = 0;
		return taken;
	}

	/**
	 * A part of a refused stream: one atomic INSERT where {@link InsertBatchSink#atomic}, else a stream of its
	 * own; one row alone through a strict INSERT.
	 */
	private ChunkBisection.Part<RawRecord> part(Connection connection, RejectHandling rejects) {
		return new ChunkBisection.Part<>() {

			@Override
			public boolean atomic(List<RawRecord> rows) {
				return BulkSink.this.inserts.atomic(rows);
			}

			@Override
			public Exception write(List<RawRecord> rows) throws SQLException {
				if (atomic(rows)) {
					return BulkSink.this.inserts.insertAtomic(connection, rows);
				}
				ChunkStream stream = new ChunkStream(rows);
				long took = BulkSink.this.loader.load(connection, stream);
				stream.finish();
				if (took == rows.size()) {
					BulkSink.this.matched += BulkSink.this.loader.matched(connection);
					return null;
				}
				return new SQLException("the bulk load took " + took + " of " + rows.size() + " rows without a warning");
			}

			@Override
			public Exception writeAlone(RawRecord row) throws SQLException {
				return atomic(List.of(row)) ? BulkSink.this.inserts.insertAtomic(connection, List.of(row))
						: BulkSink.this.inserts.insertAlone(connection, row);
			}

			@Override
			public void refused(RawRecord row, Exception reason) throws SQLException {
				rejects.defer(row, BulkSink.this.inserts.refused(row, (SQLException) reason));
			}

		};
	}

	/**
	 * A chunk as the bulk loader's stream, bound {@value #STREAM_BLOCK} bytes at a time as it is read;
	 * collects the records it sent and those it refused, in chunk order. Not thread-safe (the driver
	 * reads it on the writer's thread).
	 */
	private final class ChunkStream extends InputStream {

		private final Iterator<? extends RawRecord> records;

		final List<RawRecord> batched;

		final List<RawRecord> refused = new ArrayList<>();

		final List<Rejection> reasons = new ArrayList<>();

		private int position;

		private final byte[] single = new byte[1];

		ChunkStream(List<? extends RawRecord> chunk) {
			this.records = chunk.iterator();
			this.batched = new ArrayList<>(chunk.size());
			BulkSink.this.rows.clear();
		}

		@Override
		public int read(byte[] to, int offset, int length) throws IOException {
			if (length == 0) {
				return 0;
			}
			BulkRows rows = BulkSink.this.rows;
			while (this.position >= rows.size()) {
				if (!this.records.hasNext()) {
					return -1;
				}
				rows.clear();
				this.position = 0;
				try {
					bindSome(STREAM_BLOCK);
				}
				catch (SQLException ex) {
					throw new IOException(ex);
				}
			}
			int n = rows.copy(this.position, to, offset, length);
			this.position += n;
			return n;
		}

		@Override
		public int read() throws IOException {
			return read(this.single, 0, 1) < 0 ? -1 : this.single[0] & 0xff;
		}

		/** Binds what the driver did not read, so that the refused and sent records are all known. */
		void finish() throws SQLException {
			if (this.records.hasNext()) {
				BulkSink.this.rows.clear();
				bindSome(Integer.MAX_VALUE);
			}
		}

		private void bindSome(int bytes) throws SQLException {
			BulkRows rows = BulkSink.this.rows;
			RecordBinder binder = BulkSink.this.binder;
			while (rows.size() < bytes && this.records.hasNext()) {
				RawRecord record = this.records.next();
				rows.beginRow();
				Rejection bad = binder.bind(rows, 0, record);
				if (bad != null) {
					rows.discardRow();
					this.refused.add(record);
					this.reasons.add(bad);
				}
				else {
					rows.endRow();
					this.batched.add(record);
				}
			}
		}

	}

}
