package io.rowlift.database.write;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
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
 * The INSERT statements of one partition's writer, and running them: the one-row and the multi-row INSERT (of the
 * dialect's {@link io.rowlift.database.WritePaths#rowsPerInsert rows per insert}; in a mode that matches keys
 * ({@link KeyMatching}) with the dialect's clause for a matched row), prepared on a chunk's connection and bound by
 * the driver or, with {@link io.rowlift.database.WritePath.Sink#BOUND_INSERT_BATCHES}, through the dialect's
 * {@link io.rowlift.database.WritePaths#directStatement}. A run that took effect counts the rows whose key matched
 * ({@link MatchCounter}); a run the database refuses returns the refusal, a failure of anything else is thrown.
 * How a chunk is grouped, and what a refused group becomes, is {@link InsertBatchSink}'s.
 *
 * <p>One instance per partition's writer: not thread-safe.
 */
final class InsertStatements {

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

	/** Whether values are bound through the dialect's {@link io.rowlift.database.WritePaths#directStatement} rather than the driver. */
	private final boolean direct;

	/**
	 * The last chunk's statements of {@link #sql} and of the multi-row INSERT: a direct statement for the next
	 * chunk takes over their arrays (their JDBC statements are closed with the chunk).
	 */
	private BatchStatement lastOne, lastMany;

	/** The multi-row INSERT's text for {@link #multiRows} rows, made again only when the rows change. */
	private String multiSql;

	private int multiRows;

	/** @param direct bind through {@link io.rowlift.database.WritePaths#directStatement} */
	InsertStatements(TargetDialect dialect, TableMapping mapping, RecordBinder binder, KeyMatching matching, boolean direct) {
		this.dialect = dialect;
		this.mapping = mapping;
		this.matching = matching;
		this.direct = direct;
		this.binder = binder;
		this.rowsPerInsert = dialect.writing().rowsPerInsert(mapping.columns().size());
		this.sql = matching == null ? mapping.insertSql(dialect) : matching.insertSql(dialect, mapping, 1);
		this.counter = matching == null ? null : matching.counter();
	}

	/** Rows one INSERT statement carries, by the dialect. */
	int rowsPerInsert() {
		return this.rowsPerInsert;
	}

	/** The key matching's counter, or null (append): the caller prepares and finishes it around a chunk. */
	MatchCounter counter() {
		return this.counter;
	}

	/**
	 * The rows whose key matched (updated or skipped) among those run since the last call returned, and starts
	 * again from zero; always 0 without key matching.
	 */
	long takeMatched() {
		long taken = this.matched;
		this.matched = 0;
		return taken;
	}

	/** The rejection of {@code record}, which the database refused with {@code error}. */
	Rejection refused(RawRecord record, SQLException error) {
		return this.binder.refused(record, error);
	}

	/** The multi-row INSERT of {@code rows} rows, prepared on {@code connection}, values bound by the driver; the caller closes it. */
	PreparedStatement prepareMulti(Connection connection, int rows) throws SQLException {
		return connection.prepareStatement(multiSql(rows));
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
	 * The one-row INSERT and, where {@code perInsert} is more than one, the multi-row INSERT of {@code perInsert}
	 * rows, prepared on {@code connection}; closed with the result.
	 */
	ChunkStatements open(Connection connection, int perInsert) throws SQLException {
		PreparedStatement statement = connection.prepareStatement(this.sql);
		PreparedStatement multi = null;
		try {
			multi = perInsert > 1 ? connection.prepareStatement(multiSql(perInsert)) : null;
			return new ChunkStatements(statement, multi, this.lastOne = batchOf(statement, this.lastOne),
					multi != null ? (this.lastMany = batchOf(multi, this.lastMany)) : null, perInsert);
		}
		catch (SQLException | RuntimeException ex) {
			if (multi != null) {
				multi.close();
			}
			statement.close();
			throw ex;
		}
	}

	/** As {@link #open(Connection, int)}, with as many rows per multi-row INSERT as {@code rows} take. */
	ChunkStatements openFor(Connection connection, int rows) throws SQLException {
		return open(connection, Math.min(this.rowsPerInsert, Math.max(1, rows)));
	}

	/** Binds records that bound cleanly before: whole multi-row statements, the rest one row per statement. */
	void bindAll(ChunkStatements statements, List<RawRecord> rows) throws SQLException {
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
	 * Runs what is bound in the statements ({@code rows} rows), counting matched keys if it took effect;
	 * returns null, or the database's refusal (the batches are then cleared; the caller rolls back).
	 */
	SQLException execute(Connection connection, ChunkStatements statements, int rows) throws SQLException {
		return counted(connection, rows, () -> {
			if (statements.many != null) {
				statements.many.executeBatch();
			}
			statements.one.executeBatch();
		}, () -> {
			statements.one.clearBatch();
			if (statements.many != null) {
				statements.many.clearBatch();
			}
		});
	}

	/**
	 * Inserts {@code rows}, records that bound cleanly before, as one multi-row INSERT (no savepoint: on a dialect
	 * whose statements are atomic a refused one wrote nothing); counts matched keys if it took effect. Returns
	 * null, or the database's refusal.
	 */
	SQLException insertAtomic(Connection connection, List<? extends RawRecord> rows) throws SQLException {
		try (PreparedStatement statement = prepareMulti(connection, rows.size())) {
			StatementSink sink = new StatementSink(statement);
			int columns = this.binder.columns();
			for (int i = 0; i < rows.size(); i++) {
				this.binder.bind(sink, i * columns, rows.get(i));
			}
			return executeAtomic(connection, statement, rows.size());
		}
	}

	/** Runs the one statement of {@code rows} rows bound in {@code statement}; null, or the database's refusal. */
	SQLException executeAtomic(Connection connection, PreparedStatement statement, int rows) throws SQLException {
		return counted(connection, rows, statement::executeLargeUpdate, () -> {
		});
	}

	/** A statement's work on the chunk's connection: running what is bound, or clearing it. */
	@FunctionalInterface
	private interface Work {

		void run() throws SQLException;

	}

	/**
	 * Runs {@code writes} ({@code rows} rows) between the key-match counter's reset and its reading, so that
	 * {@link #matched} counts only what took effect; one place for both ways of writing, so that they count and
	 * refuse alike. A row error (the database refusing a row: {@link #rowError}) is returned after {@code refused}
	 * has cleared what was left bound, for the caller to roll back and split; any other failure is thrown.
	 * @return null, or the database's refusal
	 */
	private SQLException counted(Connection connection, int rows, Work writes, Work refused) throws SQLException {
		try {
			if (this.counter != null) {
				this.counter.reset(connection);
			}
			writes.run();
			if (this.counter != null) {
				this.matched += this.counter.matched(connection, rows);
			}
			return null;
		}
		catch (SQLException ex) {
			if (!rowError(ex)) {
				throw ex;
			}
			refused.run();
			return ex;
		}
	}

	/**
	 * Inserts one record that bound cleanly, alone; returns null, or the database's refusal (nothing
	 * bound is left; the caller rolls back).
	 */
	SQLException insertAlone(Connection connection, RawRecord record) throws SQLException {
		try (ChunkStatements statements = openFor(connection, 1)) {
			return insertOne(connection, statements, record);
		}
	}

	/** Binds {@code record} into {@code statements}' one-row INSERT and runs it alone; null, or the database's refusal. */
	SQLException insertOne(Connection connection, ChunkStatements statements, RawRecord record) throws SQLException {
		this.binder.bind(statements.one, 0, record);
		statements.one.addBatch();
		return execute(connection, statements, 1);
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
