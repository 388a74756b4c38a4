package io.rowlift.database;

import io.rowlift.database.mapping.TableMapping;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

import javax.sql.DataSource;

/**
 * The ways a database takes a chunk's rows: which write methods it offers beside {@code insert}, which one a load
 * uses ({@link #choose}), what each does ({@link #path}) and the objects that write them (its bulk stream, its
 * one statement per chunk, its own binding). One of a {@link TargetDialect}'s roles ({@link TargetDialect#writing()});
 * the generic code asks it and never names a vendor's method. Stateless and thread-safe.
 */
public interface WritePaths {

	/**
	 * The write methods this database offers beside {@link WriteMethod#AUTO} and {@link WriteMethod#INSERT}, which
	 * every database takes; {@link WriteChoice#resolve} refuses any other before {@link #choose} is asked. None by default.
	 */
	default List<WriteMethod> methods() {
		return List.of();
	}

	/**
	 * Resolves {@code rowlift.target.write-method} for a new load in mode {@code append}, {@code truncate} or
	 * {@code replace}: {@code auto} becomes this database's fastest safe method. By default INSERT batches.
	 * @param configured {@link WriteMethod#AUTO}, {@link WriteMethod#INSERT} or one of {@link #methods()}
	 * @return {@link WriteMethod#INSERT} or one of {@link #methods()}, with the reason the summary prints
	 * @throws io.rowlift.RowliftException (exit 2) for a method this database cannot run here, naming the fix
	 */
	default WriteChoice choose(WriteMethod configured, DataSource dataSource) throws SQLException {
		return new WriteChoice(WriteMethod.INSERT, WriteMethod.INSERT.equals(configured) ? "set by " + TargetProperties.WRITE_METHOD
				: "the only method for this database");
	}

	/**
	 * As {@link #choose}, for a load that matches keys ({@code mode} {@code upsert} or {@code ignore},
	 * {@link KeyMatching}): the method's path must then match and count rows as the INSERT batches with
	 * {@link KeyMatchSql#onKeyMatch} do, and fall back to them to find a refused row. By default INSERT batches.
	 * @param configured {@link WriteMethod#AUTO}, {@link WriteMethod#INSERT} or one of {@link #methods()}
	 */
	default WriteChoice chooseMatching(LoadMode mode, WriteMethod configured, DataSource dataSource) throws SQLException {
		String how = "mode " + mode.setting() + " matches keys with INSERT batches: ";
		return new WriteChoice(WriteMethod.INSERT, how + (WriteMethod.INSERT.equals(configured) ? "set by " + TargetProperties.WRITE_METHOD
				: choose(configured, dataSource).reason()));
	}

	/**
	 * What {@code method} does: the sink that writes its chunks and how the summary names it. By default, and for
	 * {@link WriteMethod#INSERT}, {@link WritePath#INSERT_BATCHES}.
	 * @param method a method {@link #choose} or {@link #chooseMatching} returned, possibly in an earlier run
	 */
	default WritePath path(WriteMethod method) {
		return WritePath.INSERT_BATCHES;
	}

	/**
	 * The statement wrapper of {@link WritePath.Sink#BOUND_INSERT_BATCHES}, which only a dialect whose
	 * {@link #path} names that sink needs to give.
	 * @param statement a prepared INSERT on the chunk's connection; the caller closes it
	 */
	default BatchStatement directStatement(PreparedStatement statement) throws SQLException {
		throw new UnsupportedOperationException("this database has no binding of its own");
	}

	/**
	 * As {@link #directStatement(PreparedStatement)}, reusing what it can of {@code previous}, a
	 * statement this method made for the same writer and the same SQL whose batch is done (a chunk's
	 * statements are closed with the chunk; their arrays need not be made again for the next one).
	 * By default, a new statement.
	 * @param previous the writer's last statement of this SQL, or null; not used by the caller afterwards
	 */
	default BatchStatement directStatement(PreparedStatement statement, BatchStatement previous) throws SQLException {
		return directStatement(statement);
	}

	/**
	 * The one-statement path of {@link WritePath.Sink#STATEMENT_PER_CHUNK} into {@code mapping}'s table; in a load
	 * that matches keys ({@code matching}; null: append) the statement carries {@link KeyMatchSql#onKeyMatch}.
	 * {@code null} where there is none (or not for this many columns): the load then writes INSERT batches.
	 */
	default RowsLoader rowsLoader(TableMapping mapping, KeyMatching matching) {
		return null;
	}

	/**
	 * The bulk path of {@link WritePath.Sink#ROW_STREAM} into {@code mapping}'s table, in a load that matches keys
	 * ({@code matching}) or not (null); {@code null} where there is none (INSERT batches then). Its
	 * {@link BulkLoader#matched} counts as {@link KeyMatchSql#matchCounter} does.
	 */
	default BulkLoader bulkLoader(TableMapping mapping, KeyMatching matching) {
		return null;
	}

	/**
	 * The server-side path that finds the refused rows of a chunk the {@link #bulkLoader} refused, in
	 * {@code append} ({@link RefusalStage}), or null: the chunk is halved ({@link ChunkBisection}). By default null.
	 */
	default RefusalStage refusalStage(TableMapping mapping) {
		return null;
	}

	/**
	 * Rows one INSERT statement carries ({@code VALUES (...), (...), ...}); 1 where the driver
	 * already turns a JDBC batch into multi-row statements.
	 */
	default int rowsPerInsert(int columns) {
		return 1;
	}

	/**
	 * Whether an INSERT statement the database refuses (a key, a CHECK, a foreign key, a value it will
	 * not store: {@link EnvironmentFaults#isRowError}) leaves nothing of it written, while the transaction and the
	 * statements before it stay: then a strict multi-row INSERT needs no savepoint of its own to be
	 * taken or refused whole ({@link ChunkBisection.Part#atomic}). False by default: the caller then
	 * takes a savepoint, which costs nothing where the database is in the process.
	 */
	default boolean atomicStatements() {
		return false;
	}

}
