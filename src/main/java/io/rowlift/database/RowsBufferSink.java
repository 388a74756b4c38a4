package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.model.RawRecord;

/**
 * Writes a chunk's records as one buffer of typed values ({@link RowsBuffer}) through the dialect's
 * {@link RowsLoader}: one statement and one bind per chunk (write method {@link WriteMethod#INSERT_SELECT}).
 * Records refused while binding are rejected after the rows are in. If the database refuses a row, the
 * chunk is rolled back to a savepoint and its records go through the {@link InsertBatchSink}, whose
 * {@link ChunkBisection} finds the refused rows by halving under savepoints: the buffer's rows are the
 * records of {@code batched}, in order.
 *
 * <p>A chunk whose buffer passes {@value #MAX_BYTES} bytes is sent as several statements, all under the
 * same savepoint. One instance per partition's writer: not thread-safe.
 */
final class RowsBufferSink {

	/** Bytes of rows per statement at most (a bound value must stay far below SQLite's 1 GB limit). */
	static final int MAX_BYTES = 64 << 20;

	private final RowsLoader loader;

	private final RecordBinder binder;

	private final InsertBatchSink fallback;

	private final TargetDialect dialect;

	private final RowsBuffer rows;

	/** Counts the matched rows of a loader of a mode that matches keys; null in append. */
	private final MatchCounter counter;

	/** Rows of the chunks written since {@link #takeMatched} whose key matched. */
	private long matched;

	/** Rows of the current chunk's statements that took effect whose key matched. */
	private long chunkMatched;

	RowsBufferSink(RowsLoader loader, RecordBinder binder, InsertBatchSink fallback, TargetDialect dialect) {
		this(loader, binder, fallback, dialect, null);
	}

	/** @param counter the matched rows' counter of a mode that matches keys ({@link KeyMatching#counter}), or null */
	RowsBufferSink(RowsLoader loader, RecordBinder binder, InsertBatchSink fallback, TargetDialect dialect, MatchCounter counter) {
		this.counter = counter;
		this.loader = loader;
		this.binder = binder;
		this.fallback = fallback;
		this.dialect = dialect;
		this.rows = new RowsBuffer(binder.columns());
	}

	/** Writes the records; rejects the bad ones. Returns the rows written. */
	long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
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
			return batched.size();
		}
		return this.fallback.write(connection, batched, rejects); // bound cleanly once, so only the database's refusals are left: bisected
	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 in {@code append}. Rows of a refused chunk, which the
	 * {@link InsertBatchSink} writes, are counted there.
	 */
	long takeMatched() {
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
			if (t instanceof SQLException sql && this.dialect.isRowError(sql)) {
				return true;
			}
		}
		return false;
	}

}
