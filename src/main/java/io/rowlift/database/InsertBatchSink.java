package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.model.RawRecord;

/**
 * Writes records with batches of INSERTs (through the driver, or with write method
 * {@link WriteMethod#INSERT_DIRECT} through the dialect's {@link TargetDialect#directStatement}): multi-row statements of the dialect's
 * {@link TargetDialect#rowsPerInsert rows per insert} where it has them, the rest one row per
 * statement. When the database refuses a batch (a key, NOT NULL or CHECK constraint, a value it will
 * not store), the batch is rolled back to a savepoint and the records are inserted one by one, so
 * the error is traced to its row and only that row is rejected.
 *
 * <p>In a mode that matches keys ({@link KeyMatching}) the statements carry the dialect's clause for a
 * matched row, and the rows that matched a key are counted by its {@link MatchCounter}: once for a batch
 * that took effect, and row by row when the batch was rolled back and the rows are tried one by one (a
 * rejected row's count goes with it). {@link #takeMatched} hands the count over.
 *
 * <p>One instance per partition's writer: not thread-safe.
 */
final class InsertBatchSink {

	/**
	 * Rows after which the multi-row statement's batch runs while the chunk is still being bound (in
	 * whole statements; without key matching), so the values bound (the driver keeps a String per
	 * text value and a box per number until its batch runs) do not pile up for the whole chunk: what
	 * is alive when the collector runs is what it copies. The chunk's savepoint, taken before the first
	 * of them runs, still covers the whole chunk: a refusal rolls it all back and it goes row by row.
	 */
	static final int FLUSH_ROWS = 1000;

	private final TargetDialect dialect;

	private final RecordBinder binder;

	private final String sql;

	private final int rowsPerInsert;

	/** The multi-row INSERT, or null when the dialect inserts one row per statement. */
	private final String multiSql;

	/** How rows are matched on a key, or null (append). */
	private final MatchCounter counter;

	/** Rows of the records written since {@link #takeMatched} whose key matched. */
	private long matched;

	/** Whether values are bound through the dialect's {@link TargetDialect#directStatement} rather than the driver. */
	private final boolean direct;

	/**
	 * The last chunk's statements of {@link #sql} and {@link #multiSql}: a direct statement for the next
	 * chunk takes over their arrays (their JDBC statements are closed with the chunk).
	 */
	private BatchStatement lastOne, lastMany;

	InsertBatchSink(TargetDialect dialect, TableMapping mapping, RecordBinder binder, KeyMatching matching) {
		this(dialect, mapping, binder, matching, false);
	}

	/** @param direct bind through {@link TargetDialect#directStatement} (write method {@link WriteMethod#INSERT_DIRECT}) */
	InsertBatchSink(TargetDialect dialect, TableMapping mapping, RecordBinder binder, KeyMatching matching, boolean direct) {
		this.dialect = dialect;
		this.direct = direct;
		this.binder = binder;
		this.rowsPerInsert = dialect.rowsPerInsert(mapping.columns().size());
		if (matching == null) {
			this.sql = mapping.insertSql(dialect);
			this.multiSql = this.rowsPerInsert > 1 ? mapping.insertSql(dialect, this.rowsPerInsert) : null;
			this.counter = null;
		}
		else {
			this.sql = matching.insertSql(dialect, mapping, 1);
			this.multiSql = this.rowsPerInsert > 1 ? matching.insertSql(dialect, mapping, this.rowsPerInsert) : null;
			this.counter = matching.counter();
		}
	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 without key matching.
	 */
	long takeMatched() {
		long taken = this.matched;
		this.matched = 0;
		return taken;
	}

	/** Binds the records into INSERT batches and runs them; rejects the bad ones. Returns the rows written. */
	long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.sql);
				PreparedStatement multi = this.multiSql != null ? connection.prepareStatement(this.multiSql) : null) {
			BatchStatement one = this.lastOne = batchOf(statement, this.lastOne);
			BatchStatement many = multi != null ? (this.lastMany = batchOf(multi, this.lastMany)) : null;
			int columns = this.binder.columns();
			List<RawRecord> batched = new ArrayList<>(records.size());
			int slot = 0; // records bound into the multi-row statement's current group
			int flushGroups = Math.max(1, FLUSH_ROWS / this.rowsPerInsert);
			int groups = 0; // full groups added since the batch last ran
			Savepoint savepoint = null; // taken before the first batch runs
			boolean refused = false; // a batch run early was refused: the chunk goes row by row
			for (RawRecord record : records) {
				Rejection bad = many != null ? this.binder.bind(many, slot * columns, record) : this.binder.bind(one, 0, record);
				if (bad != null) {
					rejects.reject(connection, record, bad);
					if (many == null) {
						one.clearParameters();
					}
					continue; // in the multi-row statement the next record overwrites this slot
				}
				batched.add(record);
				if (many == null) {
					one.addBatch();
				}
				else if (++slot == this.rowsPerInsert) {
					many.addBatch();
					slot = 0;
					if (this.counter == null && !refused && ++groups == flushGroups) {
						groups = 0;
						if (savepoint == null) {
							savepoint = connection.setSavepoint();
						}
						refused = !runEarly(connection, many, savepoint);
					}
				}
			}
			for (int i = batched.size() - slot; i < batched.size(); i++) { // the last group, not full: row by row
				this.binder.bind(one, 0, batched.get(i));
				one.addBatch();
			}
			return batched.isEmpty() ? 0 : insert(connection, many, one, batched, rejects, savepoint, refused);
		}
	}

	/** Runs the groups bound so far; on a row error rolls back to {@code savepoint} and returns false. */
	private boolean runEarly(Connection connection, BatchStatement many, Savepoint savepoint) throws SQLException {
		try {
			many.executeBatch();
			return true;
		}
		catch (SQLException ex) {
			if (!rowError(ex)) {
				throw ex;
			}
			connection.rollback(savepoint);
			many.clearBatch();
			return false;
		}
	}

	/** Inserts records that bound cleanly (a bulk load's fallback), one row per statement. Returns the rows written. */
	long writeBound(Connection connection, List<RawRecord> records, RejectHandling rejects) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.sql)) {
			BatchStatement one = this.lastOne = batchOf(statement, this.lastOne);
			for (RawRecord record : records) {
				this.binder.bind(one, 0, record);
				one.addBatch();
			}
			return insert(connection, null, one, records, rejects, null, false);
		}
	}

	/** @param previous the last statement of the same SQL, whose arrays a direct statement takes over, or null */
	private BatchStatement batchOf(PreparedStatement statement, BatchStatement previous) throws SQLException {
		return this.direct ? this.dialect.directStatement(statement, previous) : new StatementSink(statement);
	}

	/**
	 * Runs the batch; if the database refuses it, inserts row by row and rejects the refused rows. Returns
	 * the rows written (with key matching: inserted or matched, see {@link #takeMatched}).
	 * @param earlier the savepoint taken before groups of this chunk ran early, or null
	 * @param refused whether such a group was refused (and the chunk rolled back to {@code earlier})
	 */
	private long insert(Connection connection, BatchStatement multi, BatchStatement one, List<RawRecord> batched,
			RejectHandling rejects, Savepoint earlier, boolean refused) throws SQLException {
		if (this.counter != null) {
			this.counter.prepare(connection);
			this.counter.reset(connection);
		}
		if (refused) { // a batch run early was refused and rolled back: what is still bound goes too
			one.clearBatch();
			if (multi != null) {
				multi.clearBatch();
			}
		}
		else {
			Savepoint savepoint = earlier != null ? earlier : connection.setSavepoint();
			try {
				if (multi != null) {
					multi.executeBatch();
				}
				one.executeBatch();
				if (this.counter != null) {
					this.matched += this.counter.matched(connection, batched.size());
					this.counter.finish(connection);
				}
				return batched.size();
			}
			catch (SQLException ex) {
				if (!rowError(ex)) {
					throw ex;
				}
				connection.rollback(savepoint);
				one.clearBatch();
				if (multi != null) {
					multi.clearBatch();
				}
			}
		}
		long written = 0;
		for (RawRecord record : batched) {
			this.binder.bind(one, 0, record);
			try {
				if (this.counter != null) {
					this.counter.reset(connection);
				}
				one.executeUpdate();
				written++;
				if (this.counter != null) {
					this.matched += this.counter.matched(connection, 1);
				}
			}
			catch (SQLException ex) {
				if (!rowError(ex)) {
					throw ex;
				}
				rejects.reject(connection, record, this.binder.refused(record, ex));
			}
		}
		if (this.counter != null) {
			this.counter.finish(connection);
		}
		return written;
	}

	/** A batch error may wrap the driver's own exception; any of them may say "this row". */
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
