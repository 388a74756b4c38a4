package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.database.MatchCounter;
import io.rowlift.database.Rejection;
import io.rowlift.database.RowsBuffer;
import io.rowlift.database.RowsLoader;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.model.RawRecord;

/**
 * Writes a chunk's records as one buffer of typed values ({@link RowsBuffer}) through the dialect's
 * {@link RowsLoader}: one statement and one bind per chunk ({@link WritePath.Sink#STATEMENT_PER_CHUNK}).
 * Records refused while binding are rejected after the rows are in. If the database refuses a row, the
 * chunk is rolled back to a savepoint and its records go through the {@link InsertBatchSink}, whose
 * {@link ChunkBisection} finds the refused rows by halving under savepoints: the buffer's rows are the
 * records of {@code batched}, in order.
 *
 * <p>In {@code append} the halving writes its parts through the loader too (each part a buffer of its own
 * rows, one statement), and a chunk after one with refused rows goes in groups of
 * {@link ChunkBisection#groupRows} rows, each one statement (under a savepoint unless the loader's statements
 * are {@link RowsLoader#atomic atomic}, as SQLite's are), rather than whole first: a chunk with 1 % of its
 * rows refused is refused whole anyway, and writing its rows again as INSERT batches (one bind call per
 * value) made a load of wide 1M with 1 % refused rows 1.4-2.3 times a clean one (docs/benchmarks.md, session 16). A row
 * refused alone still goes through the {@link InsertBatchSink}'s INSERT, whose refusal is the reason
 * rejected, as before. In {@code upsert} and {@code ignore} a refused chunk goes to the
 * {@link InsertBatchSink} whole, which counts the matched rows of each part.
 *
 * <p>A chunk whose buffer passes {@value #MAX_BYTES} bytes is sent as several statements, all under the
 * same savepoint. One instance per partition's writer: not thread-safe.
 */
public final class RowsBufferSink {

	/** Bytes of rows per statement at most (a bound value must stay far below SQLite's 1 GB limit). */
	static final int MAX_BYTES = 64 << 20;

	private final RowsLoader loader;

	private final RecordBinder binder;

	private final InsertBatchSink fallback;

	private final TargetDialect dialect;

	private final RowsBuffer rows;

	/** The rows of a part of a bisection (the chunk's buffer may still hold rows the part is not). */
	private final RowsBuffer partRows;

	/** The partition's, shared with {@link #fallback}: the share of refused rows sizes the groups. */
	private final ChunkBisection bisection;

	/** Counts the matched rows of a loader of a mode that matches keys; null in append. */
	private final MatchCounter counter;

	/** Rows of the chunks written since {@link #takeMatched} whose key matched. */
	private long matched;

	/** Rows of the current chunk's statements that took effect whose key matched. */
	private long chunkMatched;

	public RowsBufferSink(RowsLoader loader, RecordBinder binder, InsertBatchSink fallback, TargetDialect dialect) {
		this(loader, binder, fallback, dialect, null, new ChunkBisection());
	}

	/**
	 * @param counter the matched rows' counter of a mode that matches keys ({@link KeyMatching#counter}), or null
	 * @param bisection the partition's, the one {@code fallback} was made with
	 */
	public RowsBufferSink(RowsLoader loader, RecordBinder binder, InsertBatchSink fallback, TargetDialect dialect, MatchCounter counter,
			ChunkBisection bisection) {
		this.counter = counter;
		this.bisection = bisection;
		this.partRows = new RowsBuffer(binder.columns());
		this.loader = loader;
		this.binder = binder;
		this.fallback = fallback;
		this.dialect = dialect;
		this.rows = new RowsBuffer(binder.columns());
	}

	/** Writes the records; rejects the bad ones. Returns the rows written. */
	public long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		if (this.counter == null && this.bisection.expectsRefusals(records.size())) {
			return writeGroups(connection, records, rejects);
		}
		List<RawRecord> batched = new ArrayList<>(records.size());
		List<RawRecord> refused = new ArrayList<>();
		List<Rejection> reasons = new ArrayList<>();
		RowsBuffer rows = this.rows;
		rows.clear();
		this.chunkMatched = 0;
		// a counter prepares under the savepoint: a refused chunk rolls its session objects back with it
		Savepoint savepoint = this.counter != null ? connection.setSavepoint() : null;
		if (this.counter != null) {
			this.counter.prepare(connection);
		}
		boolean clean = true;
		for (RawRecord record : records) {
			rows.beginRow();
			Rejection bad = this.binder.bind(rows, 0, record);
			if (bad != null) {
				rows.discardRow();
				refused.add(record);
				reasons.add(bad);
				continue;
			}
			rows.endRow();
			batched.add(record);
			if (rows.size() >= MAX_BYTES) {
				if (savepoint == null) {
					savepoint = connection.setSavepoint();
				}
				clean = run(connection);
				if (!clean) {
					break;
				}
			}
		}
		if (clean && rows.rows() > 0) {
			if (savepoint == null) {
				savepoint = connection.setSavepoint();
			}
			clean = run(connection);
		}
		if (!clean) {
			connection.rollback(savepoint);
			rows.clear();
			// the records after a refused statement (when the chunk took several) were not bound yet
			for (RawRecord record : records.subList(batched.size() + refused.size(), records.size())) {
				rows.beginRow();
				Rejection bad = this.binder.bind(rows, 0, record);
				rows.discardRow();
				if (bad != null) {
					refused.add(record);
					reasons.add(bad);
				}
				else {
					batched.add(record);
				}
			}
		}
		rows.clear();
		for (int i = 0; i < refused.size(); i++) {
			rejects.defer(refused.get(i), reasons.get(i));
		}
		if (clean) {
			// with those the filter could not evaluate, in file order (the fallback below stages them after its rows)
			rejects.rejectDeferred(connection);
			if (this.counter != null) {
				this.counter.finish(connection);
				this.matched += this.chunkMatched;
			}
			this.bisection.chunkDone(records.size());
			return batched.size();
		}
		if (this.counter == null) { // bound cleanly once, so only the database's refusals are left: bisected
			long written;
			try (RowsLoader.Prepared statement = this.loader.prepare(connection)) {
				written = this.bisection.bisect(connection, batched, part(connection, statement, rejects));
			}
			rejects.rejectDeferred(connection);
			this.bisection.chunkDone(records.size());
			return written;
		}
		return this.fallback.write(connection, batched, rejects); // counts the matched rows of each part it writes
	}

	/**
	 * Writes the records (append) in groups of {@link ChunkBisection#groupRows} rows, each bound into the
	 * buffer and sent as one statement, under a savepoint unless the loader's statements are atomic; a group
	 * the database refuses (rolled back to its savepoint, or leaving nothing written) is bisected. Returns
	 * the rows written.
	 */
	private long writeGroups(Connection connection, List<? extends RawRecord> records, RejectHandling rejects)
			throws SQLException {
		int group = Math.max(1, this.bisection.groupRows(ChunkBisection.UNLIMITED));
		RowsBuffer rows = this.rows;
		List<RawRecord> batched = new ArrayList<>(group);
		long written = 0;
		rows.clear();
		try (RowsLoader.Prepared statement = this.loader.prepare(connection)) {
			BufferPart part = part(connection, statement, rejects);
			for (int i = 0; i < records.size(); i++) {
				RawRecord record = records.get(i);
				rows.beginRow();
				Rejection bad = this.binder.bind(rows, 0, record);
				if (bad != null) {
					rows.discardRow();
					rejects.defer(record, bad);
				}
				else {
					rows.endRow();
					batched.add(record);
				}
				if (!batched.isEmpty() && (batched.size() == group || i == records.size() - 1)) {
					List<RawRecord> bound = batched;
					written += SavepointSplit.write(connection, this.loader.atomic(), bound, () -> {
						Exception refusal = part.write(rows, bound.size());
						rows.clear(); // a part of the bisection binds its rows into a buffer of its own
						return refusal;
					}, refused -> this.bisection.bisect(connection, refused, part));
					batched = new ArrayList<>(group);
				}
			}
		}
		rejects.rejectDeferred(connection); // staged after the groups: a group rolled back must not take a reject with it
		this.bisection.chunkDone(records.size());
		return written;
	}

	/**
	 * A part of a refused chunk or group (append), as the bisection writes it: its rows bound again into a
	 * buffer of their own (they bound cleanly before) and sent as one statement, atomic where the loader's
	 * are; a row alone through the {@link InsertBatchSink}'s INSERT, whose refusal names the reason.
	 */
	private final class BufferPart implements ChunkBisection.Part<RawRecord> {

		private final Connection connection;

		private final RowsLoader.Prepared statement;

		private final RejectHandling rejects;

		BufferPart(Connection connection, RowsLoader.Prepared statement, RejectHandling rejects) {
			this.connection = connection;
			this.statement = statement;
			this.rejects = rejects;
		}

		@Override
		public boolean atomic(List<RawRecord> rows) {
			return RowsBufferSink.this.loader.atomic();
		}

		@Override
		public Exception write(List<RawRecord> rows) throws SQLException {
			RowsBuffer buffer = RowsBufferSink.this.partRows;
			buffer.clear();
			for (RawRecord row : rows) {
				buffer.beginRow();
				RowsBufferSink.this.binder.bind(buffer, 0, row);
				buffer.endRow();
			}
			try {
				return write(buffer, rows.size());
			}
			finally {
				buffer.clear();
			}
		}

		/** Sends {@code buffer}'s rows ({@code rows} of them); null, or the database's refusal of a row. */
		Exception write(RowsBuffer buffer, int rows) throws SQLException {
			try {
				this.statement.load(buffer);
				return null;
			}
			catch (SQLException ex) {
				if (!rowError(ex)) {
					throw ex;
				}
				return ex;
			}
		}

		@Override
		public Exception writeAlone(RawRecord row) throws SQLException {
			return RowsBufferSink.this.fallback.insertAlone(this.connection, row);
		}

		@Override
		public void refused(RawRecord row, Exception reason) {
			this.rejects.defer(row, RowsBufferSink.this.fallback.refused(row, (SQLException) reason));
		}

	}

	private BufferPart part(Connection connection, RowsLoader.Prepared statement, RejectHandling rejects) {
		return new BufferPart(connection, statement, rejects);
	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 in {@code append}. Rows of a refused chunk, which the
	 * {@link InsertBatchSink} writes, are counted there.
	 */
	public long takeMatched() {
		long taken = this.matched;
		this.matched = 0;
		return taken;
	}

	/** Sends the rows bound so far; false when the database refused a row. */
	private boolean run(Connection connection) throws SQLException {
		try {
			if (this.counter != null) {
				this.counter.reset(connection);
			}
			this.loader.load(connection, this.rows);
			if (this.counter != null) {
				this.chunkMatched += this.counter.matched(connection, this.rows.rows());
			}
			this.rows.clear();
			return true;
		}
		catch (SQLException ex) {
			if (!rowError(ex)) {
				throw ex;
			}
			return false;
		}
	}

	private boolean rowError(SQLException error) {
		for (Throwable t = error; t != null; t = t.getCause() != null ? t.getCause()
				: t instanceof SQLException sql ? sql.getNextException() : null) {
			if (t instanceof SQLException sql && this.dialect.faults().isRowError(sql)) {
				return true;
			}
		}
		return false;
	}

}
