package io.rowlift.database;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import io.rowlift.model.RawRecord;

/**
 * Writes records as streams to the dialect's {@link BulkLoader} (write method
 * {@link WriteMethod#LOAD_DATA}), bound as tab-separated rows while the driver reads it: the whole chunk
 * as one stream while the chunks are clean, in groups of {@link ChunkBisection#groupRows} once a chunk
 * had refused rows. A stream the database did not take whole is rolled back to its savepoint and the
 * {@link ChunkBisection} sends its rows again in halves, each a stream of its own; a row refused alone
 * goes through the {@link InsertBatchSink}'s strict INSERT, which names why, and is rejected.
 *
 * <p>Where the dialect's INSERTs are atomic ({@link TargetDialect#atomicStatements}: MariaDB, MySQL), the
 * parts of a bisection small enough for one statement ({@link InsertBatchSink#atomic}) are strict
 * multi-row INSERTs without a savepoint, and a chunk whose groups are small ({@link InsertBatchSink#atomicGroups})
 * goes whole to the {@link InsertBatchSink}, one such INSERT per group: a stream of a few rows costs four
 * round trips (savepoint, stream, warning count, release), the INSERT one; with 1 % of the rows refused
 * the streams made the load 7.8 times as long as a clean one.
 *
 * <p>Where the dialect names refused rows on the server ({@link TargetDialect#refusalStage}: MariaDB, MySQL, in
 * {@code append}), a refused stream is not halved: its rows are bound once into memory, the columns the table's
 * constraints read go as a stream into the session's staging table, the rows the table would refuse are predicted
 * there from its constraints, the others go from memory as one stream into the table, and each predicted row is
 * then tried alone (in file order) with a strict INSERT, whose refusal is the database's reason, as before. Should
 * the stream of the others be refused all the same (a refusal no constraint predicts: a trigger), it is halved as
 * before; should the staging stream itself not be taken cleanly, the chunk goes the way it went before. A chunk
 * after one with refused rows goes this way at once (its first stream would only be rolled back). Halving cost about
 * 8 statements per refused row, and groups of 32 rows after the first refused chunk: 2.5 to 3.3 times a clean load
 * with 1 % of the rows refused.
 *
 * <p>Nothing here commits: the staging table is temporary, every statement runs in the chunk's transaction, so a
 * run killed in the middle resumes from the last committed chunk.
 *
 * <p>One instance per partition's writer: not thread-safe (the stream is read on the writer's thread).
 */
final class BulkSink {

	/** Bytes of rows bound at a time for the bulk loader's stream. */
	private static final int STREAM_BLOCK = 64 << 10;

	private final BulkLoader loader;

	/** The server-side path for a refused stream, or null (halving). */
	private final RefusalStage stage;

	/** Whether the last chunk had rows the database refused: then the next one is staged at once. */
	private boolean stageFirst;

	/** Rows of the current chunk the database refused. */
	private int refusedInChunk;

	/** The {@link #stage}'s columns of a row (0-based), read on first use. */
	private int[] stagedColumns;

	/** A staged chunk's rows, bound once for the staging stream and the stream of the rows not predicted refused. */
	private final TsvRows whole = new TsvRows();

	private final RecordBinder binder;

	private final InsertBatchSink inserts;

	private final ChunkBisection bisection;

	private final TsvRows rows = new TsvRows();

	/** Rows of the streams written since {@link #takeMatched} whose key matched (a loader of a mode that matches keys). */
	private long matched;

	/**
	 * @param stage the dialect's server-side path for a refused stream, or null (halving)
	 * @param bisection the partition's, shared with {@code inserts}
	 */
	BulkSink(BulkLoader loader, RefusalStage stage, RecordBinder binder, InsertBatchSink inserts, ChunkBisection bisection) {
		this.loader = loader;
		this.stage = stage;
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
	long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		if (this.stage == null && this.inserts.atomicGroups()) {
			return this.inserts.write(connection, records, rejects); // rejects staged and the chunk ended there
		}
		this.refusedInChunk = 0;
		long written = this.stage != null && this.stageFirst ? staged(connection, records, rejects, true) : -1;
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
		int group = this.stage != null ? ChunkBisection.UNLIMITED : Math.max(1, this.bisection.groupRows(ChunkBisection.UNLIMITED));
		ChunkBisection.Part<RawRecord> part = null;
		long written = 0;
		for (int from = 0; from < records.size(); from += group) {
			ChunkStream stream = new ChunkStream(records.subList(from, Math.min(records.size(), from + group)));
			Savepoint savepoint = connection.setSavepoint();
			long took = this.loader.load(connection, stream);
			stream.finish(); // a load that stopped early (the server refused it) left records unbound
			for (int i = 0; i < stream.refused.size(); i++) {
				rejects.defer(stream.refused.get(i), stream.reasons.get(i));
			}
			if (took == stream.batched.size()) {
				this.matched += this.loader.matched(connection);
				connection.releaseSavepoint(savepoint);
				written += took;
				continue;
			}
			connection.rollback(savepoint);
			connection.releaseSavepoint(savepoint);
			long staged = this.stage != null ? staged(connection, stream.batched, rejects, false) : -1;
			if (staged >= 0) {
				written += staged;
				continue;
			}
			if (part == null) {
				part = part(connection, rejects);
			}
			written += this.bisection.bisect(connection, stream.batched, part);
		}
		return written;
	}

	/**
	 * Writes the records with the refused rows named first through the {@link #stage}: the rows bound once (into
	 * {@link #whole}), the columns its constraints read staged, the refused rows predicted, the others sent from the
	 * bound rows as one stream (halved should it be refused all the same), then each predicted row alone, in file
	 * order, with a strict INSERT whose refusal is the database's reason. Returns the rows written, or -1 when the
	 * staging table did not take the rows cleanly (nothing was written, no reject deferred: the caller writes them
	 * the way it did before).
	 * @param afterRefusedChunk the records went here at once because the last chunk had refused rows
	 */
	private long staged(Connection connection, List<? extends RawRecord> records, RejectHandling rejects, boolean afterRefusedChunk)
			throws SQLException {
		if (this.stagedColumns == null) {
			this.stagedColumns = this.stage.columns(connection);
		}
		// bound once: binding the rows again for the second stream cost as much client time as the stream (1.6x in all)
		TsvRows whole = this.whole;
		whole.clear();
		List<RawRecord> rows = new ArrayList<>(records.size());
		List<RawRecord> refused = new ArrayList<>();
		List<Rejection> reasons = new ArrayList<>();
		int[] ends = new int[records.size() + 1];
		for (RawRecord record : records) {
			whole.beginRow();
			Rejection bad = this.binder.bind(whole, 0, record);
			if (bad != null) {
				whole.discardRow();
				refused.add(record);
				reasons.add(bad);
				continue;
			}
			whole.endRow();
			rows.add(record);
			ends[rows.size()] = whole.size();
		}
		TsvRows keys = this.rows;
		keys.clear();
		for (int seq = 0; seq < rows.size(); seq++) {
			keys.beginRow();
			keys.setLong(1, seq);
			whole.appendFields(ends[seq], ends[seq + 1], this.stagedColumns, keys);
			keys.endRow();
		}
		if (this.stage.stage(connection, new RowRanges(keys, new int[] { 0, keys.size() })) != rows.size()) {
			return -1;
		}
		for (int i = 0; i < refused.size(); i++) {
			rejects.defer(refused.get(i), reasons.get(i));
		}
		int[] predicted = rows.isEmpty() ? new int[0] : this.stage.predict(connection);
		List<RawRecord> others = new ArrayList<>(rows.size());
		List<RawRecord> alone = new ArrayList<>(predicted.length);
		int[] ranges = new int[2 * (predicted.length + 1)]; // byte ranges of the others in whole
		int r = 0;
		int start = 0;
		for (int seq = 0, p = 0; seq < rows.size(); seq++) {
			if (p < predicted.length && predicted[p] == seq) {
				alone.add(rows.get(seq));
				p++;
				if (ends[seq] > start) {
					ranges[r++] = start;
					ranges[r++] = ends[seq];
				}
				start = ends[seq + 1];
			}
			else {
				others.add(rows.get(seq));
			}
		}
		if (ends[rows.size()] > start) {
			ranges[r++] = start;
			ranges[r++] = ends[rows.size()];
		}
		ChunkBisection.Part<RawRecord> part = part(connection, rejects);
		long written = 0;
		if (!others.isEmpty()) {
			Savepoint savepoint = connection.setSavepoint();
			long sent = this.loader.load(connection, new RowRanges(whole, java.util.Arrays.copyOf(ranges, r)));
			if (sent == others.size()) {
				connection.releaseSavepoint(savepoint);
				written = sent;
			}
			else { // refused for a reason no constraint predicted (a trigger): halved as before
				connection.rollback(savepoint);
				connection.releaseSavepoint(savepoint);
				written = this.bisection.bisect(connection, others, part);
				this.refusedInChunk += (int) (others.size() - written);
			}
			this.bisection.middle(afterRefusedChunk);
		}
		for (RawRecord row : alone) { // in file order: a later repeat of a key whose first row is refused is stored
			long one = this.bisection.write(connection, List.of(row), part);
			written += one;
			this.refusedInChunk += (int) (1 - one);
		}
		return written;
	}

	/** Byte ranges of bound rows as a stream: {@code ranges} holds start and end of each, in order. Not thread-safe. */
	private static final class RowRanges extends InputStream {

		private final TsvRows rows;

		private final int[] ranges;

		private int range;

		private int position;

		private final byte[] single = new byte[1];

		RowRanges(TsvRows rows, int[] ranges) {
			this.rows = rows;
			this.ranges = ranges;
			this.position = ranges.length == 0 ? 0 : ranges[0];
		}

		@Override
		public int read(byte[] to, int offset, int length) {
			if (length == 0) {
				return 0;
			}
			while (this.range < this.ranges.length && this.position >= this.ranges[this.range + 1]) {
				this.range += 2;
				if (this.range < this.ranges.length) {
					this.position = this.ranges[this.range];
				}
			}
			if (this.range >= this.ranges.length) {
				return -1;
			}
			int n = this.rows.copy(this.position, to, offset, Math.min(length, this.ranges[this.range + 1] - this.position));
			this.position += n;
			return n;
		}

		@Override
		public int read() {
			return read(this.single, 0, 1) < 0 ? -1 : this.single[0] & 0xff;
		}

	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 in {@code append}. Rows a bisection wrote alone are
	 * counted by the {@link InsertBatchSink}.
	 */
	long takeMatched() {
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
			TsvRows rows = BulkSink.this.rows;
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
			TsvRows rows = BulkSink.this.rows;
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
