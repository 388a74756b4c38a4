package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.database.BatchStatement;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.Rejection;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.model.RawRecord;

/**
 * Writes records with batches of INSERTs (through the driver, or with write method
 * {@link WritePath.Sink#BOUND_INSERT_BATCHES} through the dialect's {@link WritePaths#directStatement}): multi-row statements of the dialect's
 * {@link WritePaths#rowsPerInsert rows per insert} where it has them, the rest one row per
 * statement. A chunk is written in groups ({@link #FLUSH_ROWS} rows, or fewer once a chunk had
 * refused rows: {@link ChunkBisection#groupRows}), each under a savepoint. When the database refuses
 * a group (a key, NOT NULL or CHECK constraint, a value it will not store), the group is rolled back
 * to its savepoint and the {@link ChunkBisection} writes it again in halves until the refused rows are
 * found alone: only those rows are rejected, with the database's reason, and the rest of the chunk is
 * written in large statements.
 *
 * <p>Where the dialect's statements are atomic ({@link WritePaths#atomicStatements}: MySQL / MariaDB's
 * InnoDB), a part of a bisection of at most {@value #ATOMIC_ROWS} rows is one strict multi-row INSERT
 * without a savepoint, and once a chunk had refused rows so many that the next chunk's groups are at
 * most {@value #ATOMIC_GROUP_ROWS} rows, each group is such a statement too: one round trip each, where
 * a savepoint and its release are two more (so also for the {@link BulkSink}, whose streams cost four).
 *
 * <p>In a mode that matches keys ({@link KeyMatching}) the statements carry the dialect's clause for a
 * matched row, and the rows that matched a key are counted by its {@link MatchCounter}: once for each
 * group or part that took effect (a rejected row's count goes with it). {@link #takeMatched} hands the
 * count over.
 *
 * <p>One instance per partition's writer: not thread-safe.
 */
public final class InsertBatchSink {

	/**
	 * Rows of a group: bound, then run under a savepoint while the chunk is still being bound (in whole
	 * statements), so the values bound (the driver keeps a String per text value and a box per number
	 * until its batch runs) do not pile up for the whole chunk: what is alive when the collector runs
	 * is what it copies. A refused group is bisected alone; the groups before it stay.
	 */
	static final int FLUSH_ROWS = 1000;

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

	private final TargetDialect dialect;

	private final TableMapping mapping;

	private final KeyMatching matching;

	private final RecordBinder binder;

	private final String sql;

	private final int rowsPerInsert;

	/** How rows are matched on a key, or null (append). */
	private final MatchCounter counter;

	/** Rows of the records written since {@link #takeMatched} whose key matched. */
	private long matched;

	/** Whether values are bound through the dialect's {@link WritePaths#directStatement} rather than the driver. */
	private final boolean direct;

	/** Finds refused rows in a refused group; remembers the partition's share of refused rows. */
	private final ChunkBisection bisection;

	/** Whether a refused INSERT wrote nothing ({@link WritePaths#atomicStatements}): small parts need no savepoint. */
	private final boolean atomic;

	/**
	 * The last chunk's statements of {@link #sql} and of the multi-row INSERT: a direct statement for the next
	 * chunk takes over their arrays (their JDBC statements are closed with the chunk).
	 */
	private BatchStatement lastOne, lastMany;

	/** The multi-row INSERT's text for {@link #multiRows} rows, made again only when the rows change. */
	private String multiSql;

	private int multiRows;

	public InsertBatchSink(TargetDialect dialect, TableMapping mapping, RecordBinder binder, KeyMatching matching) {
		this(dialect, mapping, binder, matching, false, new ChunkBisection());
	}

	/** @param direct bind through {@link WritePaths#directStatement} ({@link WritePath.Sink#BOUND_INSERT_BATCHES}) */
	public InsertBatchSink(TargetDialect dialect, TableMapping mapping, RecordBinder binder, KeyMatching matching, boolean direct) {
		this(dialect, mapping, binder, matching, direct, new ChunkBisection());
	}

	/**
	 * @param direct bind through {@link WritePaths#directStatement} ({@link WritePath.Sink#BOUND_INSERT_BATCHES})
	 * @param bisection the partition's, shared with its bulk sink if any
	 */
	public InsertBatchSink(TargetDialect dialect, TableMapping mapping, RecordBinder binder, KeyMatching matching, boolean direct,
			ChunkBisection bisection) {
		this.dialect = dialect;
		this.mapping = mapping;
		this.matching = matching;
		this.direct = direct;
		this.binder = binder;
		this.bisection = bisection;
		this.rowsPerInsert = dialect.writing().rowsPerInsert(mapping.columns().size());
		this.sql = matching == null ? mapping.insertSql(dialect) : matching.insertSql(dialect, mapping, 1);
		this.counter = matching == null ? null : matching.counter();
		this.atomic = dialect.writing().atomicStatements() && !direct;
	}

	/**
	 * Whether {@code rows} (records that bound cleanly) are written as one atomic INSERT, without a
	 * savepoint: on a dialect whose statements are atomic, at most {@value #ATOMIC_ROWS} rows and
	 * {@value #ATOMIC_BYTES} bytes of records.
	 */
	boolean atomic(List<? extends RawRecord> rows) {
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
	 * Whether the next chunk is written in groups of one atomic INSERT each (the last chunk had refused
	 * rows, so many that the groups are at most {@value #ATOMIC_GROUP_ROWS} rows), rather than in batches
	 * or streams under savepoints.
	 */
	boolean atomicGroups() {
		return this.atomic && this.bisection.groupRows(FLUSH_ROWS) <= ATOMIC_GROUP_ROWS;
	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 without key matching.
	 */
	public long takeMatched() {
		long taken = this.matched;
		this.matched = 0;
		return taken;
	}

	private String multiSql(int rows) {
		if (rows != this.multiRows) {
			this.multiSql = this.matching == null ? this.mapping.insertSql(this.dialect, rows)
					: this.matching.insertSql(this.dialect, this.mapping, rows);
			this.multiRows = rows;
		}
		return this.multiSql;
	}

	/**
	 * Binds the records into INSERT batches and runs them a group at a time; rejects the bad ones (a
	 * value that does not convert, a row the database refuses). Returns the rows written.
	 */
	public long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		int group = this.bisection.groupRows(FLUSH_ROWS);
		if (this.counter != null) {
			this.counter.prepare(connection);
		}
		long written = atomicGroups() ? writeAtomicGroups(connection, records, rejects, group)
				: writeBatches(connection, records, rejects, group);
		// staged after the groups: a group rolled back to its savepoint must not take a reject with it
		rejects.rejectDeferred(connection);
		if (this.counter != null) {
			this.counter.finish(connection);
		}
		this.bisection.chunkDone(records.size());
		return written;
	}

	/** Writes the records in groups of {@code group} rows, each a batch under a savepoint; returns the rows written. */
	private long writeBatches(Connection connection, List<? extends RawRecord> records, RejectHandling rejects, int group)
			throws SQLException {
		int perInsert = Math.min(this.rowsPerInsert, group);
		group = Math.max(perInsert, group / perInsert * perInsert); // whole statements
		long written = 0;
		try (PreparedStatement statement = connection.prepareStatement(this.sql);
				PreparedStatement multi = perInsert > 1 ? connection.prepareStatement(multiSql(perInsert)) : null) {
			Statements statements = new Statements(this.lastOne = batchOf(statement, this.lastOne),
					multi != null ? (this.lastMany = batchOf(multi, this.lastMany)) : null, perInsert);
			BatchStatement one = statements.one;
			BatchStatement many = statements.many;
			int columns = this.binder.columns();
			List<RawRecord> batched = new ArrayList<>(Math.min(group, records.size()));
			int slot = 0; // records bound into the multi-row statement's current group
			for (RawRecord record : records) {
				Rejection refused = many != null ? this.binder.bind(many, slot * columns, record) : this.binder.bind(one, 0, record);
				if (refused != null) {
					rejects.defer(record, refused);
					if (many == null) {
						one.clearParameters();
					}
					continue; // in the multi-row statement the next record overwrites this slot
				}
				batched.add(record);
				if (many == null) {
					one.addBatch();
				}
				else if (++slot == perInsert) {
					many.addBatch();
					slot = 0;
				}
				if (batched.size() == group && slot == 0) {
					written += runGroup(connection, statements, batched, rejects);
					batched = new ArrayList<>(Math.min(group, records.size()));
				}
			}
			for (int i = batched.size() - slot; i < batched.size(); i++) { // the last group, not full: row by row
				this.binder.bind(one, 0, batched.get(i));
				one.addBatch();
			}
			if (!batched.isEmpty()) {
				written += runGroup(connection, statements, batched, rejects);
			}
		}
		return written;
	}

	/**
	 * Writes the records in groups of {@code group} rows, each one atomic INSERT without a savepoint,
	 * bound once into the statement of {@code group} rows (a record the binder refuses is deferred as a
	 * reject, the next one takes its place); a refused group is bisected with atomic parts. Returns the
	 * rows written.
	 */
	private long writeAtomicGroups(Connection connection, List<? extends RawRecord> records, RejectHandling rejects, int group)
			throws SQLException {
		ChunkBisection.Part<RawRecord> part = part(connection, null, rejects);
		int columns = this.binder.columns();
		long written = 0;
		List<RawRecord> batched = new ArrayList<>(group);
		try (PreparedStatement statement = connection.prepareStatement(multiSql(group))) {
			StatementSink sink = new StatementSink(statement);
			for (RawRecord record : records) {
				Rejection refused = this.binder.bind(sink, batched.size() * columns, record);
				if (refused != null) {
					rejects.defer(record, refused);
					continue; // the next record overwrites this row of the statement
				}
				batched.add(record);
				if (batched.size() == group) {
					List<RawRecord> rows = batched;
					written += !atomic(rows) ? this.bisection.write(connection, rows, part) // too large for one statement
							: SavepointSplit.write(connection, true, rows, () -> executeAtomic(connection, statement, group),
									whole -> this.bisection.bisect(connection, whole, part));
					batched = new ArrayList<>(group);
				}
			}
		}
		if (!batched.isEmpty()) { // the last group, not full: a statement of its own size
			written += this.bisection.write(connection, batched, part);
		}
		return written;
	}

	/**
	 * Inserts {@code rows}, records that bound cleanly before and are {@link #atomic}, as one multi-row
	 * INSERT (no savepoint: a refused one wrote nothing); counts matched keys if it took effect. Returns
	 * null, or the database's refusal.
	 */
	SQLException insertAtomic(Connection connection, List<? extends RawRecord> rows) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(multiSql(rows.size()))) {
			StatementSink sink = new StatementSink(statement);
			int columns = this.binder.columns();
			for (int i = 0; i < rows.size(); i++) {
				this.binder.bind(sink, i * columns, rows.get(i));
			}
			return executeAtomic(connection, statement, rows.size());
		}
	}

	/** Runs the one statement of {@code rows} rows bound in {@code statement}; null, or the database's refusal. */
	private SQLException executeAtomic(Connection connection, PreparedStatement statement, int rows) throws SQLException {
		try {
			if (this.counter != null) {
				this.counter.reset(connection);
			}
			statement.executeLargeUpdate();
			if (this.counter != null) {
				this.matched += this.counter.matched(connection, rows);
			}
			return null;
		}
		catch (SQLException ex) {
			if (!rowError(ex)) {
				throw ex;
			}
			return ex;
		}
	}

	/** The chunk's statements: one row, and the multi-row one (or null) of {@code perInsert} rows. */
	private record Statements(BatchStatement one, BatchStatement many, int perInsert) {
	}

	/**
	 * Runs the group bound in {@code statements} (the records {@code batched}) under a savepoint; if the
	 * database refuses it, rolls it back and bisects it. Returns the rows written.
	 */
	private long runGroup(Connection connection, Statements statements, List<RawRecord> batched, RejectHandling rejects)
			throws SQLException {
		return SavepointSplit.write(connection, false, batched, () -> execute(connection, statements, batched.size()),
				refused -> this.bisection.bisect(connection, refused, part(connection, statements, rejects)));
	}

	/**
	 * Runs what is bound in the statements ({@code rows} rows), counting matched keys if it took effect;
	 * returns null, or the database's refusal (the batches are then cleared; the caller rolls back).
	 */
	private SQLException execute(Connection connection, Statements statements, int rows) throws SQLException {
		try {
			if (this.counter != null) {
				this.counter.reset(connection);
			}
			if (statements.many != null) {
				statements.many.executeBatch();
			}
			statements.one.executeBatch();
			if (this.counter != null) {
				this.matched += this.counter.matched(connection, rows);
			}
			return null;
		}
		catch (SQLException ex) {
			if (!rowError(ex)) {
				throw ex;
			}
			statements.one.clearBatch();
			if (statements.many != null) {
				statements.many.clearBatch();
			}
			return ex;
		}
	}

	/**
	 * A part of a refused group, as the bisection writes it: one atomic INSERT where {@link #atomic}, else
	 * bound again into the chunk's statements ({@code statements}; null: statements of the part's own).
	 */
	private ChunkBisection.Part<RawRecord> part(Connection connection, Statements statements, RejectHandling rejects) {
		return new ChunkBisection.Part<>() {

			@Override
			public boolean atomic(List<RawRecord> rows) {
				return InsertBatchSink.this.atomic(rows);
			}

			@Override
			public Exception write(List<RawRecord> rows) throws SQLException {
				if (atomic(rows)) {
					return insertAtomic(connection, rows);
				}
				if (statements == null) {
					return withStatements(connection, rows.size(), own -> {
						bindAll(own, rows);
						return execute(connection, own, rows.size());
					});
				}
				bindAll(statements, rows);
				return execute(connection, statements, rows.size());
			}

			@Override
			public Exception writeAlone(RawRecord row) throws SQLException {
				if (atomic(List.of(row))) {
					return insertAtomic(connection, List.of(row));
				}
				if (statements == null) {
					return insertAlone(connection, row);
				}
				InsertBatchSink.this.binder.bind(statements.one, 0, row);
				statements.one.addBatch();
				return execute(connection, statements, 1);
			}

			@Override
			public void refused(RawRecord row, Exception reason) throws SQLException {
				rejects.defer(row, InsertBatchSink.this.binder.refused(row, (SQLException) reason));
			}

		};
	}

	/** Binds records that bound cleanly before: whole multi-row statements, the rest one row per statement. */
	private void bindAll(Statements statements, List<RawRecord> rows) throws SQLException {
		int columns = this.binder.columns();
		int i = 0;
		if (statements.many != null) {
			int whole = rows.size() / statements.perInsert * statements.perInsert;
			for (int slot = 0; i < whole; i++) {
				this.binder.bind(statements.many, slot * columns, rows.get(i));
				if (++slot == statements.perInsert) {
					statements.many.addBatch();
					slot = 0;
				}
			}
		}
		for (; i < rows.size(); i++) {
			this.binder.bind(statements.one, 0, rows.get(i));
			statements.one.addBatch();
		}
	}

	/**
	 * Inserts one record that bound cleanly, alone; returns null, or the database's refusal (nothing
	 * bound is left; the caller rolls back).
	 */
	SQLException insertAlone(Connection connection, RawRecord record) throws SQLException {
		return withStatements(connection, 1, statements -> {
			this.binder.bind(statements.one, 0, record);
			statements.one.addBatch();
			return execute(connection, statements, 1);
		});
	}

	/** The rejection of {@code record}, which the database refused with {@code error}. */
	Rejection refused(RawRecord record, SQLException error) {
		return this.binder.refused(record, error);
	}

	@FunctionalInterface
	private interface WithStatements<R> {

		R run(Statements statements) throws SQLException;

	}

	private <R> R withStatements(Connection connection, int rows, WithStatements<R> body) throws SQLException {
		int perInsert = Math.min(this.rowsPerInsert, Math.max(1, rows));
		try (PreparedStatement statement = connection.prepareStatement(this.sql);
				PreparedStatement multi = perInsert > 1 ? connection.prepareStatement(multiSql(perInsert)) : null) {
			return body.run(new Statements(this.lastOne = batchOf(statement, this.lastOne),
					multi != null ? (this.lastMany = batchOf(multi, this.lastMany)) : null, perInsert));
		}
	}

	/** @param previous the last statement of the same SQL, whose arrays a direct statement takes over, or null */
	private BatchStatement batchOf(PreparedStatement statement, BatchStatement previous) throws SQLException {
		return this.direct ? this.dialect.writing().directStatement(statement, previous) : new StatementSink(statement);
	}

	/** A batch error may wrap the driver's own exception; any of them may say "this row". */
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
