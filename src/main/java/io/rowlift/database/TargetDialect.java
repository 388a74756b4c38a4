package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.database.mapping.TableMapping;
import io.rowlift.model.Checkpoints;

/**
 * What differs between the databases Rowlift loads into. One small implementation per vendor
 * ({@code target.sqlite}, {@code target.mysql}); the rest of the code never asks which vendor it
 * talks to. Implementations are stateless and thread-safe.
 */
public interface TargetDialect {

	/** {@code sqlite} or {@code mysql}: the Spring profile, the {@code {vendor}} of migration folders. */
	String id();

	/** Whether this dialect serves {@code jdbcUrl}. */
	boolean handles(String jdbcUrl);

	/**
	 * Adds what the load needs to the pool: forced driver properties in the URL, connection
	 * initialisation, folders. Called once, before the pool opens its first connection.
	 * @param target the configured {@code rowlift.target.*} (the write method's driver options, SQLite's page size)
	 */
	void configure(HikariDataSource dataSource, TargetProperties target);

	/**
	 * As {@link #configure(HikariDataSource, TargetProperties)}, and the pool's connections wait for a database
	 * another run of Rowlift holds locked at most {@code lockWait} ({@code rowlift.job.lock-wait}), as a load
	 * waits for the run lock, where the database can lock a reader out (SQLite). By default the same as the
	 * other.
	 */
	default void configure(HikariDataSource dataSource, TargetProperties target, java.time.Duration lockWait) {
		configure(dataSource, target);
	}

	/**
	 * Creates the database when Rowlift makes it itself and it does not exist yet, sized for the input
	 * (SQLite: the file, with a page size for the records' length); nothing where the server holds the
	 * database. Called once, right after {@link #configure}, before the pool opens its first connection
	 * (something of Spring Batch's opens one as soon as the job repository is made), because some
	 * settings (SQLite's page size) hold only from a database's first page on. A database that exists is
	 * left as it is, and {@code input} is not asked.
	 * @param jdbcUrl the pool's URL, as {@link #configure} left it
	 * @param target the configured {@code rowlift.target.*}
	 * @param input the input's record length, sampled on the source side when asked
	 */
	default void createDatabase(String jdbcUrl, TargetProperties target, InputRecordLength input) {
	}

	/**
	 * Resolves {@code rowlift.target.write-method} for a new load: {@code auto} becomes this
	 * database's fastest safe method. Here: INSERT batches; {@code load-data} is refused (exit 2).
	 */
	default WriteChoice chooseWriteMethod(WriteMethod configured, DataSource dataSource) throws SQLException {
		if (configured == WriteMethod.LOAD_DATA) {
			throw io.rowlift.RowliftException.badInput(TargetProperties.WRITE_METHOD + "=load-data is for MySQL; " + id()
					+ " is loaded with INSERT batches: remove the setting or set it to auto");
		}
		if (configured == WriteMethod.INSERT_DIRECT || configured == WriteMethod.INSERT_SELECT) {
			throw io.rowlift.RowliftException.badInput(TargetProperties.WRITE_METHOD + "="
					+ configured.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + " is for SQLite; " + id()
					+ " is not loaded that way: remove the setting or set it to auto or insert");
		}
		return new WriteChoice(WriteMethod.INSERT, configured == WriteMethod.INSERT ? "set by " + TargetProperties.WRITE_METHOD
				: "the only method for " + id());
	}

	/**
	 * The statement wrapper for write method {@link WriteMethod#INSERT_DIRECT}, which only a dialect
	 * whose {@link #chooseWriteMethod} returns it needs to give.
	 * @param statement a prepared INSERT on the chunk's connection; the caller closes it
	 */
	default BatchStatement directStatement(java.sql.PreparedStatement statement) throws SQLException {
		throw new UnsupportedOperationException(id() + " has no direct binding");
	}

	/**
	 * As {@link #directStatement(java.sql.PreparedStatement)}, reusing what it can of {@code previous}, a
	 * statement this method made for the same writer and the same SQL whose batch is done (a chunk's
	 * statements are closed with the chunk; their arrays need not be made again for the next one).
	 * By default, a new statement.
	 * @param previous the writer's last statement of this SQL, or null; not used by the caller afterwards
	 */
	default BatchStatement directStatement(java.sql.PreparedStatement statement, BatchStatement previous) throws SQLException {
		return directStatement(statement);
	}

	/**
	 * The one-statement path for {@link WriteMethod#INSERT_SELECT} into {@code mapping}'s table; {@code null}
	 * where there is none (or not for this many columns): the load then writes INSERT batches.
	 */
	default RowsLoader rowsLoader(TableMapping mapping) {
		return null;
	}

	/** The bulk path for {@link WriteMethod#LOAD_DATA} into {@code mapping}'s table; {@code null} where there is none. */
	default BulkLoader bulkLoader(TableMapping mapping) {
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
	 * The bulk path for {@link WriteMethod#LOAD_DATA} into {@code mapping}'s table in a load that matches
	 * keys ({@code matching}; null: {@link #bulkLoader(TableMapping)}); {@code null} where there is none
	 * (INSERT batches then). Its {@link BulkLoader#matched} counts as {@link #matchCounter} does.
	 */
	default BulkLoader bulkLoader(TableMapping mapping, KeyMatching matching) {
		return matching == null ? bulkLoader(mapping) : null;
	}

	/**
	 * {@link #rowsLoader(TableMapping)} for a load that matches keys ({@code matching}; null: append):
	 * the statement carries {@link #onKeyMatch}; {@code null} where there is none (INSERT batches then).
	 */
	default RowsLoader rowsLoader(TableMapping mapping, KeyMatching matching) {
		return matching == null ? rowsLoader(mapping) : null;
	}

	/** How fields are converted for {@code column}. */
	ColumnKind kindOf(TableColumn column);

	/**
	 * Binds a date ({@code LocalDate}), time ({@code LocalTime}) or timestamp ({@code LocalDateTime})
	 * as ISO-8601 text ({@code 2024-01-31 13:45:00.5}): SQLite keeps it as text, the form its date
	 * functions read; MySQL converts it, fractional seconds included (Connector/J drops them from
	 * {@code setObject} when it takes a MariaDB server for MySQL 5.5).
	 */
	default void bindTemporal(ValueSink statement, int parameter, java.time.temporal.Temporal value)
			throws SQLException {
		statement.setString(parameter, TemporalText.format(value));
	}

	/** Binds an exact decimal. */
	default void bindDecimal(ValueSink statement, int parameter, java.math.BigDecimal value)
			throws SQLException {
		statement.setBigDecimal(parameter, value);
	}

	/** {@code identifier} quoted for SQL, any quote inside doubled. */
	String quote(String identifier);

	/**
	 * A condition that {@code column} (quoted) holds the value of the next parameter, NULL matching NULL
	 * (standard SQL's {@code IS NOT DISTINCT FROM}).
	 */
	default String nullSafeEquals(String column) {
		return column + " IS NOT DISTINCT FROM ?";
	}

	/** Drops the temporary table {@code name} if it exists, without ending the transaction. */
	default String dropTemporaryTable(String name) {
		return "DROP TABLE IF EXISTS " + name;
	}

	/** A DELETE of one row of {@code table} (quoted) among those that meet {@code condition}. */
	default String deleteOneRow(String table, String condition) {
		return "DELETE FROM " + table + " WHERE " + condition + " LIMIT 1";
	}

	/** Classpath location of Spring Batch's schema script for this database. */
	String batchSchemaScript();

	/**
	 * Whether the database refused one row (a constraint, a value it will not store) rather than
	 * the whole statement or connection: such a row is rejected, anything else fails the chunk.
	 */
	boolean isRowError(SQLException error);

	/**
	 * Whether building a unique index, or writing a row, failed because two rows have one of the table's keys
	 * (a primary key or a unique index), and not for another reason: a lock, a full disk, a bad definition.
	 * The index rebuild builds first and looks for the repeated keys only after this says so, so a clean load
	 * pays for no such search; after a load into a table that held rows, a row refused for this names the
	 * modes that load over rows already there.
	 */
	boolean isDuplicateKeyFailure(SQLException error);

	/**
	 * Whether an INSERT statement the database refuses (a key, a CHECK, a foreign key, a value it will
	 * not store: {@link #isRowError}) leaves nothing of it written, while the transaction and the
	 * statements before it stay: then a strict multi-row INSERT needs no savepoint of its own to be
	 * taken or refused whole ({@link ChunkBisection.Part#atomic}). False by default: the caller then
	 * takes a savepoint, which costs nothing where the database is in the process.
	 */
	default boolean atomicStatements() {
		return false;
	}

	/**
	 * Rows one INSERT statement carries ({@code VALUES (...), (...), ...}); 1 where the driver
	 * already turns a JDBC batch into multi-row statements.
	 */
	default int rowsPerInsert(int columns) {
		return 1;
	}

	/**
	 * The keys of {@code table} that no two rows share: its primary key first (when it has one, also
	 * SQLite's {@code INTEGER PRIMARY KEY}), then its unique indexes and constraints. Partial and
	 * expression indexes are left out: a load cannot match rows on them.
	 */
	List<UniqueKey> uniqueKeys(Connection connection, TableInfo table) throws SQLException;

	/**
	 * What follows an INSERT's {@code VALUES} so that a row whose {@code key} exists updates that row
	 * ({@link LoadMode#UPSERT}: every loaded column but the key's takes the file's value) or is skipped
	 * ({@link LoadMode#IGNORE}), and so that {@link #matchCounter} counts it. Other errors (NOT NULL, CHECK,
	 * a value the column cannot hold, a conflict on another unique key where the database tells keys
	 * apart) stay errors: the row is rejected as in {@code append}.
	 * @param mapping the loaded columns
	 * @param key the key rows are matched on, every column loaded from the file
	 * @param mode {@code upsert} or {@code ignore}
	 */
	String onKeyMatch(TableMapping mapping, UniqueKey key, LoadMode mode);

	/** How rows matched by the statements of {@link #onKeyMatch} for {@code table} in {@code mode} are counted. */
	MatchCounter matchCounter(String table, LoadMode mode);

	/**
	 * Whether an INSERT with {@link #onKeyMatch} matches a row on any unique key of the table rather than
	 * on the one named (MySQL's {@code ON DUPLICATE KEY UPDATE}); then a load matching keys is refused when
	 * another unique key's columns all come from the file.
	 */
	default boolean matchesAnyUniqueKey() {
		return false;
	}

	/**
	 * Why partitions of a load into this database cannot run on other machines (rowlift.cluster.role), or
	 * empty when they can: a server that several machines reach, which also holds the shared job repository.
	 */
	default java.util.Optional<String> whyNoRemotePartitions() {
		return java.util.Optional.empty();
	}

	/** Whether Spring Batch's sequence tables hold a row from the start (a table-based sequence). */
	default boolean batchSequencesHaveRows() {
		return false;
	}

	/** Type for bytes in Rowlift's own tables. */
	default String blobType() {
		return "BLOB";
	}

	/** Type for long text in Rowlift's own tables. */
	default String textType() {
		return "TEXT";
	}

	/**
	 * Takes the run lock for loads into {@code table}, without waiting.
	 * @return the lock, or {@code null} if another process holds it
	 */
	RunLock tryLock(DataSource dataSource, String jdbcUrl, String table) throws SQLException;

	/**
	 * Who holds the run lock a load into {@code table} would take, without keeping it: empty when the
	 * lock is free (a load could start now), else the table whose load holds it, or {@code ""} when
	 * that is not known. By default the lock is taken and released at once, so a load starting in that
	 * instant is refused as if a run were active (exit 3, nothing written); dialects with a way to look
	 * without taking override it. For {@code status} and {@code rebuild-indexes}.
	 */
	default Optional<String> runLockHolder(DataSource dataSource, String jdbcUrl, String table) throws SQLException {
		RunLock lock = tryLock(dataSource, jdbcUrl, table);
		if (lock == null) {
			return Optional.of("");
		}
		lock.close();
		return Optional.empty();
	}

	/**
	 * Whether the database {@code jdbcUrl} names exists already, checked without creating it or
	 * opening a connection where that would create it (a SQLite file): {@code status} reports "no loads"
	 * for a database that does not exist instead of making it. True where the server holds the database.
	 */
	default boolean databaseExists(String jdbcUrl) {
		return true;
	}

	/** The secondary indexes of {@code table} that a load may drop and re-create. */
	List<IndexDefinition> secondaryIndexes(Connection connection, String table) throws SQLException;

	/** Names of the indexes {@code table} has now. */
	Set<String> indexNames(Connection connection, String table) throws SQLException;

	/**
	 * Whether {@code index}'s definition, read from the index ledger for {@code table}, is one this dialect
	 * writes there ({@link #secondaryIndexes}) for that index of that table, and so can only re-create it:
	 * the ledger is a table anyone with rights to the database may write, and {@link #rebuildIndexes} runs
	 * its text. Also asked before a drop: an index whose definition would not pass is kept, not dropped.
	 * @return empty when it is such a definition; else what it is instead (a sentence part, as "it holds a
	 *     ';' (a second statement) after ...")
	 */
	Optional<String> indexDefinitionProblem(String table, IndexDefinition index);

	/** Drops {@code indexes} of {@code table}; an index already gone is skipped. */
	void dropIndexes(Connection connection, String table, List<IndexDefinition> indexes) throws SQLException;

	/**
	 * Creates {@code indexes} of {@code table} (all of them missing; possibly none) and refreshes the
	 * table's statistics. The rebuild step calls it with no connection of the pool in use and no
	 * transaction open, so a dialect may take the database for itself while it builds. An index may
	 * commit as soon as it is built: the caller keeps every definition in the ledger until all exist,
	 * and a later call gets only the ones still missing. A dialect announces the points of its build it
	 * documents to {@code checkpoints} (a no-op outside tests).
	 */
	void rebuildIndexes(DataSource dataSource, String table, List<IndexDefinition> indexes, Checkpoints checkpoints)
			throws SQLException;

	/**
	 * A comment that starts every statement Rowlift sends for {@code table} (inserts, index DDL), so
	 * that statements a killed run left running on the server can be found; empty where not needed.
	 */
	default String statementTag(String table) {
		return "";
	}

	/**
	 * Ends statements a killed run of a load into {@code table} left running on the server, and waits
	 * until they are gone, so a resume does not wait on their locks. Called under the run lock.
	 */
	default void endOrphanedStatements(DataSource dataSource, String table) throws SQLException {
	}

	/**
	 * One line for the operator when a load failed for a reason the database reports and that the
	 * same command resumes after, once the cause is gone: a full database or disk, an I/O error, a lost
	 * connection, a lock timeout. It names the cause, the database ({@code jdbcUrl}'s file or server and
	 * database, never a user or password) and the fix, as in {@code database or disk is full:
	 * data/rowlift.db; free space, then run the same command}. Looks through {@code failure}'s causes.
	 * @param failure what ended the load (a step's failure, or what the launcher threw)
	 * @param jdbcUrl the database's URL, possibly with parameters and credentials
	 * A bug in Rowlift's own code ({@link io.rowlift.model.CodeFault}) is never one of these, whatever
	 * exception the driver wrapped it in (Connector/J reports an exception thrown by a LOAD DATA stream as
	 * a communications failure).
	 * @return the line, or empty for any other failure (which keeps its own message)
	 */
	default Optional<String> describeFailure(Throwable failure, String jdbcUrl) {
		return Optional.empty();
	}

	/**
	 * When {@code failure} is the database refusing this process because something holds it locked (SQLite:
	 * {@code SQLITE_BUSY} or {@code SQLITE_LOCKED} once the busy handler gave up), one sentence for the case
	 * that no run of Rowlift holds its run lock: what holds it, where ({@code jdbcUrl}'s file, never a
	 * password) and the fix; the caller asks {@link #runLockHolder} first and refuses the command as another
	 * run being active when one holds it. Empty for any other failure, and where locks only make a statement
	 * wait (MySQL: no statement Rowlift runs before it holds the run lock takes a lock of the table).
	 */
	default Optional<String> describeLockedDatabase(Throwable failure, String jdbcUrl) {
		return Optional.empty();
	}

	/**
	 * One sentence for a fault of the environment that keeps Rowlift from writing to the database at all,
	 * found before anything was written (exit 2): the server cannot be reached or logged into, the database
	 * does not exist, the database file or its folder cannot be written, the disk is full. It says what is
	 * wrong, where ({@code jdbcUrl}'s file or server, never a user's password) and the fix. Looks through
	 * {@code failure}'s causes; a bug in Rowlift's code ({@link io.rowlift.model.CodeFault}) is never one.
	 * @return the sentence, or empty for any other failure
	 */
	default Optional<String> describeEnvironmentFault(Throwable failure, String jdbcUrl) {
		return Optional.empty();
	}

	/**
	 * What the loaded data takes on disk after a load, for the summary of a folder of documents: {@code the
	 * database file takes 232.1 MB}; empty where it cannot be told.
	 * @param jdbcUrl the database's URL, or null
	 * @param table the loaded table
	 */
	default Optional<String> sizeOnDisk(DataSource dataSource, String jdbcUrl, String table) {
		return Optional.empty();
	}

	/**
	 * Starts what this database does beside the load's writers while the load step runs (SQLite folds its
	 * write-ahead log into the file on a thread of its own); the load step closes it when it ends. By
	 * default nothing.
	 */
	default LoadCompanion besideLoad(DataSource dataSource) {
		return LoadCompanion.NONE;
	}

	/** After a load, outside any transaction: hands the database back in its normal state. */
	default void afterLoad(DataSource dataSource) throws SQLException {
	}

	/**
	 * The partition count when the operator sets none.
	 * @param dataBytes bytes of data in the file
	 * @param cores available processors
	 */
	int defaultPartitions(long dataBytes, int cores);

	/** Why {@link #defaultPartitions} chose what it chose, for the summary. */
	String partitionsReason();

	/**
	 * How many ordered streams load a file sorted on disk when {@code rowlift.sort.streams} is not set: each
	 * stream a key range of the sorted file, written on a connection of its own. One where the database takes
	 * one writer at a time.
	 * @param cores available processors
	 */
	default int defaultSortedStreams(int cores) {
		return 1;
	}

	/** Why {@link #defaultSortedStreams} chose what it chose, for the summary. */
	default String sortedStreamsReason() {
		return "default: one writer at a time";
	}

	/** What the load modes {@code truncate} and {@code replace} do to whole tables on this database. */
	TargetTables tables();

}
