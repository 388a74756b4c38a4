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
 * InnoDB), a small part of a bisection is one strict multi-row INSERT without a savepoint, and once a chunk
 * had refused rows so many that the next chunk's groups are small, each group is such a statement too
 * ({@link AtomicInserts} says when).
 *
 * <p>In a mode that matches keys ({@link KeyMatching}) the statements carry the dialect's clause for a
 * matched row, and the rows that matched a key are counted by its {@link MatchCounter}: once for each
 * group or part that took effect (a rejected row's count goes with it). {@link #takeMatched} hands the
 * count over. The statements themselves, their binding and running, are {@link InsertStatements}'; this class
 * decides the groups and what a refused one becomes.
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

	private final RecordBinder binder;

	/** The INSERT statements, and running them. */
	private final InsertStatements statements;

	/** When a part or a group is one INSERT without a savepoint. */
	private final AtomicInserts atomic;

	/** Finds refused rows in a refused group; remembers the partition's share of refused rows. */
	private final ChunkBisection bisection;

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
		this.binder = binder;
		this.bisection = bisection;
		this.statements = new InsertStatements(dialect, mapping, binder, matching, direct);
		this.atomic = new AtomicInserts(dialect, direct);
	}

	/**
	 * Whether {@code rows} (records that bound cleanly) are written as one atomic INSERT, without a
	 * savepoint ({@link AtomicInserts#fits}).
	 */
	boolean atomic(List<? extends RawRecord> rows) {
		return this.atomic.fits(rows);
	}

	/**
	 * Whether the next chunk is written in groups of one atomic INSERT each (the last chunk had refused
	 * rows, so many that the groups are small: {@link AtomicInserts#groups}), rather than in batches
	 * or streams under savepoints.
	 */
	boolean atomicGroups() {
		return this.atomic.groups(this.bisection.groupRows(FLUSH_ROWS));
	}

	/**
	 * The rows whose key matched (updated or skipped) among those the write calls since the last call
	 * returned, and starts again from zero; always 0 without key matching.
	 */
	public long takeMatched() {
		return this.statements.takeMatched();
	}

	/**
	 * Binds the records into INSERT batches and runs them a group at a time; rejects the bad ones (a
	 * value that does not convert, a row the database refuses). Returns the rows written.
	 */
	public long write(Connection connection, List<? extends RawRecord> records, RejectHandling rejects) throws SQLException {
		int group = this.bisection.groupRows(FLUSH_ROWS);
		MatchCounter counter = this.statements.counter();
		if (counter != null) {
			counter.prepare(connection);
		}
		long written = atomicGroups() ? writeAtomicGroups(connection, records, rejects, group)
				: writeBatches(connection, records, rejects, group);
		// staged after the groups: a group rolled back to its savepoint must not take a reject with it
		rejects.rejectDeferred(connection);
		if (counter != null) {
			counter.finish(connection);
		}
		this.bisection.chunkDone(records.size());
		return written;
	}

	/** Writes the records in groups of {@code group} rows, each a batch under a savepoint; returns the rows written. */
	private long writeBatches(Connection connection, List<? extends RawRecord> records, RejectHandling rejects, int group)
			throws SQLException {
		int perInsert = Math.min(this.statements.rowsPerInsert(), group);
		group = Math.max(perInsert, group / perInsert * perInsert); // whole statements
		long written = 0;
		try (ChunkStatements statements = this.statements.open(connection, perInsert)) {
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
		ChunkBisection.Part<RawRecord> part = new InsertParts(this.statements, this.atomic, connection, null, rejects);
		int columns = this.binder.columns();
		long written = 0;
		List<RawRecord> batched = new ArrayList<>(group);
		try (PreparedStatement statement = this.statements.prepareMulti(connection, group)) {
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
							: SavepointSplit.write(connection, true, rows, () -> this.statements.executeAtomic(connection, statement, group),
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
		return this.statements.insertAtomic(connection, rows);
	}

	/**
	 * Runs the group bound in {@code statements} (the records {@code batched}) under a savepoint; if the
	 * database refuses it, rolls it back and bisects it. Returns the rows written.
	 */
	private long runGroup(Connection connection, ChunkStatements statements, List<RawRecord> batched,
			RejectHandling rejects) throws SQLException {
		return SavepointSplit.write(connection, false, batched, () -> this.statements.execute(connection, statements, batched.size()),
				refused -> this.bisection.bisect(connection, refused,
						new InsertParts(this.statements, this.atomic, connection, statements, rejects)));
	}

	/**
	 * Inserts one record that bound cleanly, alone; returns null, or the database's refusal (nothing
	 * bound is left; the caller rolls back).
	 */
	SQLException insertAlone(Connection connection, RawRecord record) throws SQLException {
		return this.statements.insertAlone(connection, record);
	}

	/** The rejection of {@code record}, which the database refused with {@code error}. */
	Rejection refused(RawRecord record, SQLException error) {
		return this.statements.refused(record, error);
	}

}
