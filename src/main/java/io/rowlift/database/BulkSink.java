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
 * Writes records as one stream to the dialect's {@link BulkLoader} (write method
 * {@link WriteMethod#LOAD_DATA}), bound as tab-separated rows while the driver reads it. A load the
 * database did not take whole is rolled back to a savepoint and the records go through the
 * {@link InsertBatchSink}, which traces a refused row to its record.
 *
 * <p>One instance per partition's writer: not thread-safe (the stream is read on the writer's thread).
 */
final class BulkSink {

	/** Bytes of rows bound at a time for the bulk loader's stream. */
	private static final int STREAM_BLOCK = 64 << 10;

	private final BulkLoader loader;

	private final RecordBinder binder;

	private final InsertBatchSink fallback;

	private final TsvRows rows = new TsvRows();

	BulkSink(BulkLoader loader, RecordBinder binder, InsertBatchSink fallback) {
		this.loader = loader;
		this.binder = binder;
		this.fallback = fallback;
	}

	/**
	 * Sends the records to the bulk loader as one stream that binds them as the driver reads it, so
	 * the database takes the first rows while the next are bound (bound first and then sent, the
	 * server sat idle a quarter of the time on the keys benchmark: 75 % of a core for the server, 35 %
	 * for the JVM). Records refused while binding are rejected after the load, on the same connection.
	 * If the database does not take every row cleanly, rolls the load back and writes the good records
	 * with INSERTs. Returns the rows written.
	 */
	long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		ChunkStream stream = new ChunkStream(records);
		Savepoint savepoint = connection.setSavepoint();
		long took = this.loader.load(connection, stream);
		stream.finish(); // a load that stopped early (the server refused it) left records unbound
		boolean clean = took == stream.batched.size();
		if (!clean) {
			connection.rollback(savepoint);
		}
		for (int i = 0; i < stream.refused.size(); i++) {
			rejects.reject(connection, stream.refused.get(i), stream.reasons.get(i));
		}
		if (clean) {
			return took;
		}
		return this.fallback.writeBound(connection, stream.batched, rejects);
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
