package io.rowlift.database.sqlite;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.BatchStatement;
import io.rowlift.database.ColumnKind;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.IndexDefinition;
import io.rowlift.model.Checkpoints;
import io.rowlift.database.InputRecordLength;
import io.rowlift.database.TableColumn;
import io.rowlift.database.JdbcUrl;
import io.rowlift.database.RunLock;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.LoadMode;
import io.rowlift.database.LoadCompanion;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.UniqueKey;

/**
 * SQLite through sqlite-jdbc.
 *
 * <p>Every connection runs with {@code journal_mode=WAL} and {@code synchronous=NORMAL} (a killed
 * process loses nothing committed; {@code journal_mode=OFF} would corrupt the file on an ordinary
 * chunk rollback), and with {@code transaction_mode=IMMEDIATE}: SQLite has one writer, and deferred
 * transactions that read before writing (Spring Batch's repository does) fail with
 * {@code SQLITE_BUSY} instead of waiting. A long busy wait lets partitions queue for the write lock
 * ({@link RunLockBusyWait}: 10 minutes while this process holds the run lock, only
 * {@code rowlift.job.lock-wait} while another run holds it). The run lock is an OS lock on {@code <database>.rowlift-lock}, so one load runs per
 * database file at a time.
 *
 * <p>The page size of a file Rowlift creates is chosen from the input ({@link PageSizeChoice}). Cache
 * size and checkpoint interval stay SQLite's defaults: for the load (one writer,
 * 100-row INSERTs, 10,000-row transactions, 10M ints rows in plain JDBC) {@code cache_size=-65536},
 * {@code wal_autocheckpoint=10000} and 16 KiB pages came within 6 % of them (medians of 3 rounds
 * 3.54-3.61 s against 3.75 s, best rounds 3.50-3.54 s against 3.57 s; short ints records, where large
 * pages gain nothing). While the load step runs, a thread of its own folds the log into the file
 * ({@link WalCheckpointer}), so the writer only appends to the log. For the index rebuild see
 * {@link #rebuildIndexes}.
 */
public final class SqliteDialect implements TargetDialect {

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(SqliteDialect.class);

	private static final String PREFIX = "jdbc:sqlite:";

	/** The COLUMN_SIZE sqlite-jdbc gives a column whose type declares no size. */
	private static final int UNDECLARED_SIZE = 2_000_000_000;

	@Override
	public String id() {
		return "sqlite";
	}

	/** SQLite is one local file that one process writes at a time: no other machine can write it. */
	@Override
	public java.util.Optional<String> whyNoRemotePartitions() {
		return java.util.Optional.of("SQLite is one local file that one process writes at a time, so no other machine can load"
				+ " a partition of it: remove rowlift.cluster.role to load it here, or load into MySQL or MariaDB, which the"
				+ " manager and every worker reach over the network (docs/cluster.md)");
	}

	@Override
	public boolean handles(String jdbcUrl) {
		return jdbcUrl.startsWith(PREFIX);
	}

	@Override
	public void configure(HikariDataSource dataSource, TargetProperties target) {
		PageSizeChoice.checked(target.pageSize()); // a bad setting fails every run, not only one that creates the file
		JdbcUrl url = JdbcUrl.parse(dataSource.getJdbcUrl())
			.with("journal_mode", "WAL")
			.with("synchronous", "NORMAL")
			.with("transaction_mode", "IMMEDIATE")
			.with("busy_timeout", "600000");
		Path file = databaseFile(url.base());
		try {
			Path parent = file.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
		}
		catch (IOException ex) {
			throw RowliftException.badInput("spring.datasource.url names " + file + ", whose folder cannot be created: "
					+ ex.getMessage());
		}
		if (wantsExtension(target.writeMethod()) && RowsExtension.status().available()) {
			// every connection of the pool loads rowlift_rows as it opens (sqlite-jdbc's own setting and SQL)
			url = url.with("enable_load_extension", "true");
			dataSource.setConnectionInitSql(RowsExtension.status().loadSql());
		}
		dataSource.setJdbcUrl(url.toString());
		if (dataSource.getDriverClassName() == null) {
			dataSource.setDriverClassName("org.sqlite.JDBC");
		}
	}

	/**
	 * As {@link #configure(HikariDataSource, TargetProperties)}, and the pool's connections come from
	 * {@link SqliteConnections}: a connection that finds the file locked by another run of Rowlift (its index
	 * build with a rollback journal locks readers out) waits at most {@code lockWait} instead of SQLite's
	 * busy timeout, and fails with {@code SQLITE_BUSY}, which the command reports as another run being active
	 * ({@link #describeLockedDatabase}).
	 */
	@Override
	public void configure(HikariDataSource dataSource, TargetProperties target, java.time.Duration lockWait) {
		configure(dataSource, target);
		dataSource.setDataSource(new SqliteConnections(dataSource.getJdbcUrl(), lockFile(dataSource.getJdbcUrl()), lockWait));
	}

	/**
	 * The run lock files this process holds. Looking at a lock by opening its file is safe only where the
	 * process holds none of it: on Linux, closing any channel of a file releases every lock the process
	 * holds on it, so {@link RunLockBusyWait} asks here first.
	 */
	private static final java.util.Map<Path, String> HELD = new java.util.concurrent.ConcurrentHashMap<>();

	/** Whether this process holds the run lock {@code lockFile} ({@link #tryLock}). */
	static boolean heldHere(Path lockFile) {
		return HELD.containsKey(lockFile.toAbsolutePath().normalize());
	}

	/** The run lock's file beside the database {@code jdbcUrl} names. */
	static Path lockFile(String jdbcUrl) {
		return Path.of(databaseFile(JdbcUrl.parse(jdbcUrl).base()) + ".rowlift-lock");
	}

	/**
	 * Creates the database file, when it does not exist yet (or is empty), with the page size
	 * {@link PageSizeChoice} makes of {@code rowlift.target.page-size} or of the input's average record
	 * length, and in WAL mode.
	 */
	@Override
	public void createDatabase(String jdbcUrl, TargetProperties target, InputRecordLength input) {
		String base = JdbcUrl.parse(jdbcUrl).base();
		createIfNew(databaseFile(base), base, () -> PageSizeChoice.of(target.pageSize(), input.averageBytes()));
	}

	/**
	 * Creates a database file that does not exist yet (or is empty) with the chosen page size and in
	 * WAL mode. It has to happen before the pool's first connection, on a connection of its own: the
	 * pool's connections switch to WAL as they open, before any page-size setting could run, and the
	 * first page written fixes the size.
	 * Two processes creating the same file at once are harmless: the second finds it made. The choice
	 * (which may sample the input) is made only for a new file.
	 */
	static void createIfNew(Path file, String baseUrl, java.util.function.Supplier<PageSizeChoice> choice) {
		try {
			if (Files.exists(file) && Files.size(file) > 0) {
				return;
			}
			PageSizeChoice pageSize = choice.get();
			try (Connection connection = new org.sqlite.JDBC().connect(baseUrl, new java.util.Properties());
					Statement st = connection.createStatement()) {
				st.execute("PRAGMA page_size = " + pageSize.bytes());
				st.execute("PRAGMA journal_mode = WAL"); // writes the first page
			}
			log.info("created " + file + " with " + pageSize.bytes() + "-byte pages (" + pageSize.reason() + "; "
					+ TargetProperties.PAGE_SIZE + " sets it)");
		}
		catch (IOException | SQLException ex) {
			throw RowliftException.badInput(SqliteFailures.environment(ex, baseUrl)
				.map(line -> line.replace("cannot open the SQLite database", "cannot create the SQLite database"))
				.orElse("cannot create the SQLite database " + file + ": " + ex.getMessage()));
		}
	}

	/** The database file of a {@code jdbc:sqlite:} URL without parameters. */
	static Path databaseFile(String base) {
		String name = base.substring(PREFIX.length());
		if (name.startsWith("file:")) {
			name = name.substring("file:".length());
		}
		if (name.isEmpty() || name.startsWith(":memory:") || name.contains("mode=memory")) {
			throw RowliftException.badInput("spring.datasource.url is " + base
					+ "; an in-memory database would be lost when Rowlift exits: name a file, as in jdbc:sqlite:data/rowlift.db");
		}
		return Path.of(name);
	}

	/**
	 * By the declared type name, following SQLite's own affinity rules (a name with INT is an
	 * integer, and so on), refined for dates, times, booleans and decimals. SQLite integers are
	 * 64-bit whatever the declared width, and text has no length limit.
	 */
	@Override
	public ColumnKind kindOf(TableColumn column) {
		String t = column.typeName() == null ? "" : column.typeName().toUpperCase(java.util.Locale.ROOT);
		if (t.contains("INT")) {
			return ColumnKind.integer(Long.MIN_VALUE, Long.MAX_VALUE);
		}
		if (t.contains("BOOL")) {
			return ColumnKind.of(ColumnKind.Type.BOOLEAN);
		}
		if (t.contains("DATETIME") || t.contains("TIMESTAMP")) {
			return ColumnKind.of(ColumnKind.Type.TIMESTAMP);
		}
		if (t.contains("DATE")) {
			return ColumnKind.of(ColumnKind.Type.DATE);
		}
		if (t.contains("TIME")) {
			return ColumnKind.of(ColumnKind.Type.TIME);
		}
		if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
			return ColumnKind.text(0);
		}
		if (t.contains("BLOB") || t.contains("BINARY")) {
			return ColumnKind.of(ColumnKind.Type.BLOB);
		}
		if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
			return ColumnKind.of(ColumnKind.Type.FLOAT);
		}
		if (t.contains("DEC") || t.contains("NUMERIC")) {
			return decimalKind(t, column);
		}
		return ColumnKind.of(ColumnKind.Type.OTHER);
	}

	/**
	 * sqlite-jdbc's metadata of a column declared {@code DECIMAL(p,s)}: type name {@code DECIMAL}, COLUMN_SIZE
	 * {@code p + s} (not p: it adds the scale), DECIMAL_DIGITS s; {@code DECIMAL(p)}: p and 0. A bare
	 * {@code DECIMAL} gets its no-size defaults, 2000000000 and 10, kept as they are (10 digits after the point).
	 * A type name that keeps its parentheses is read as written.
	 */
	private static ColumnKind decimalKind(String typeName, TableColumn column) {
		java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((\\d+)\\s*(?:,\\s*(\\d+))?\\)").matcher(typeName);
		if (m.find()) {
			return ColumnKind.decimal(Integer.parseInt(m.group(1)), m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
		}
		int scale = Math.max(0, column.scale());
		if (column.size() <= 0) {
			return ColumnKind.decimal(0, 0);
		}
		return ColumnKind.decimal(column.size() == UNDECLARED_SIZE ? column.size() : column.size() - scale, scale);
	}

	/** As text: the column's affinity stores it (NUMERIC keeps 15 significant digits; a TEXT column keeps all). */
	@Override
	public void bindDecimal(io.rowlift.database.ValueSink statement, int parameter, java.math.BigDecimal value)
			throws SQLException {
		statement.setString(parameter, value.toPlainString());
	}

	/** Whether loads with {@code configured} would use the rowlift_rows extension where it is there. */
	private static boolean wantsExtension(WriteMethod configured) {
		return configured == WriteMethod.INSERT_SELECT || (configured == WriteMethod.AUTO && EXTENSION_BY_DEFAULT);
	}

	/**
	 * Whether {@code auto} means {@link WriteMethod#INSERT_SELECT} where the extension loads: yes, since
	 * every paired run (A B A B, same jar) was faster than INSERT batches, by 22 % and 76 % on wide 5M and
	 * 30 % and 20 % on docs 1M in wall time on a shared machine (the bar was 15 % on wide); see
	 * {@code docs/benchmarks.md}, issue #24, and {@code docs/sqlite-binding.md}, round three.
	 */
	static final boolean EXTENSION_BY_DEFAULT = true;

	/**
	 * {@code insert-select} (and {@code auto}, see {@link #EXTENSION_BY_DEFAULT}) is
	 * {@link WriteMethod#INSERT_SELECT} when every connection of the pool has loaded the rowlift_rows
	 * extension ({@link #configure}); without it, {@link WriteMethod#INSERT}, and the reason says why
	 * (the summary shows it once). {@code upsert} and {@code ignore} never get here (INSERT batches, see
	 * {@code KeyMatching#writeChoice}).
	 * {@code insert} is {@link WriteMethod#INSERT} (the driver binds the values);
	 * {@code insert-direct} is {@link WriteMethod#INSERT_DIRECT} (Rowlift binds them into the native
	 * statement), refused when this sqlite-jdbc does not let it; {@code load-data} is refused. Direct
	 * binding is not the default: it saved 4-12 % of the writer thread's CPU on the wide and docs shapes
	 * and nothing measurable of the process's, short of the 10 % asked of a new default (see
	 * {@code docs/sqlite-binding.md}).
	 */
	@Override
	public WriteChoice chooseWriteMethod(WriteMethod configured, DataSource dataSource) throws SQLException {
		if (wantsExtension(configured)) {
			String how = configured == WriteMethod.AUTO ? "the default for sqlite" : "set by " + TargetProperties.WRITE_METHOD;
			String unavailable = RowsExtension.status().unavailable();
			if (unavailable == null) {
				try (Connection connection = dataSource.getConnection()) {
					if (RowsExtension.loadedOn(connection)) {
						return new WriteChoice(WriteMethod.INSERT_SELECT, how + ", through the rowlift_rows extension");
					}
				}
				unavailable = "the connection has no rowlift_rows extension loaded";
			}
			return new WriteChoice(WriteMethod.INSERT, how + " is one INSERT ... SELECT per chunk, but " + unavailable
					+ "; INSERT batches instead");
		}
		if (configured == WriteMethod.AUTO) {
			return new WriteChoice(WriteMethod.INSERT, "the default for sqlite; insert-direct and insert-select are opt-in");
		}
		if (configured != WriteMethod.INSERT_DIRECT) {
			return TargetDialect.super.chooseWriteMethod(configured, dataSource);
		}
		String unavailable = DirectStatement.unavailable();
		if (unavailable != null) {
			throw RowliftException.badInput(TargetProperties.WRITE_METHOD + "=insert-direct, but " + unavailable
					+ "; set it to insert or auto");
		}
		return new WriteChoice(WriteMethod.INSERT_DIRECT, "set by " + TargetProperties.WRITE_METHOD);
	}

	/** {@link SqliteRowsLoader}; none for more columns than the extension's table has ({@value RowsExtension#MAX_COLUMNS}). */
	@Override
	public io.rowlift.database.RowsLoader rowsLoader(TableMapping mapping) {
		return mapping.columns().size() <= RowsExtension.MAX_COLUMNS ? new SqliteRowsLoader(this, mapping) : null;
	}

	/** The same statement with the mode's {@code ON CONFLICT} clause: the rows are applied in buffer (file) order. */
	@Override
	public io.rowlift.database.RowsLoader rowsLoader(TableMapping mapping, io.rowlift.database.KeyMatching matching) {
		return mapping.columns().size() <= RowsExtension.MAX_COLUMNS ? new SqliteRowsLoader(this, mapping, matching) : null;
	}

	@Override
	public BatchStatement directStatement(PreparedStatement statement) throws SQLException {
		return new DirectStatement(statement);
	}

	@Override
	public BatchStatement directStatement(PreparedStatement statement, BatchStatement previous) throws SQLException {
		return new DirectStatement(statement, previous instanceof DirectStatement direct ? direct : null);
	}

	/**
	 * 100 rows per statement (fewer for wide tables, SQLite takes at most 32,766 parameters): sqlite-jdbc
	 * runs a JDBC batch one row at a time, each a step and a reset of the statement.
	 */
	@Override
	public int rowsPerInsert(int columns) {
		return Math.max(1, Math.min(100, 32_766 / Math.max(1, columns)));
	}

	/** SQLITE_CONSTRAINT (19, with its extended codes) and SQLITE_MISMATCH (20). */
	@Override
	public boolean isRowError(SQLException error) {
		int code = error.getErrorCode() & 0xff;
		return code == 19 || code == 20;
	}

	/**
	 * SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555), as {@code CREATE UNIQUE INDEX}
	 * reports repeated keys; by the message where the driver gives only the primary code (19):
	 * {@code UNIQUE constraint failed}, or {@code indexed columns are not unique} from SQLite before 3.8.
	 */
	@Override
	public boolean isDuplicateKeyFailure(SQLException error) {
		return SqliteFailures.duplicateKey(error);
	}

	@Override
	public Optional<String> describeEnvironmentFault(Throwable failure, String jdbcUrl) {
		return SqliteFailures.environment(failure, jdbcUrl);
	}

	@Override
	public Optional<String> describeFailure(Throwable failure, String jdbcUrl) {
		return SqliteFailures.describe(failure, jdbcUrl);
	}

	@Override
	public Optional<String> describeLockedDatabase(Throwable failure, String jdbcUrl) {
		return SqliteFailures.locked(failure, jdbcUrl);
	}

	@Override
	public String quote(String identifier) {
		return '"' + identifier.replace("\"", "\"\"") + '"';
	}

	@Override
	public String batchSchemaScript() {
		return "org/springframework/batch/core/schema-sqlite.sql";
	}

	@Override
	public RunLock tryLock(DataSource dataSource, String jdbcUrl, String table) {
		Path lockFile = lockFile(jdbcUrl);
		if (heldHere(lockFile)) {
			return null; // held by this process: opening and closing the file again would release it (HELD)
		}
		try {
			FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
			FileLock lock;
			try {
				lock = channel.tryLock();
			}
			catch (OverlappingFileLockException ex) {
				lock = null; // held by this JVM
			}
			if (lock == null) {
				channel.close();
				return null;
			}
			// the lock is one per database file: the holder's table, for status (runLockHolder)
			channel.truncate(0);
			channel.write(java.nio.ByteBuffer.wrap(table.getBytes(java.nio.charset.StandardCharsets.UTF_8)), 0);
			HELD.put(lockFile.toAbsolutePath().normalize(), table);
			return new FileRunLock(lockFile, channel, lock);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("cannot lock " + lockFile + ": " + ex.getMessage(), ex);
		}
	}

	/**
	 * The lock file names the table whose load holds it (written by {@link #tryLock}); the lock is one per
	 * database file, so a load into any table of the file is refused while it is held. Taken and released
	 * at once to look (Java has no test for a lock another process holds).
	 */
	@Override
	public Optional<String> runLockHolder(DataSource dataSource, String jdbcUrl, String table) {
		Path lockFile = lockFile(jdbcUrl);
		String here = HELD.get(lockFile.toAbsolutePath().normalize());
		if (here != null) {
			return Optional.of(here); // this process's, known without opening the file (which would release it)
		}
		if (!Files.exists(lockFile)) {
			return Optional.empty(); // never locked: no load ever ran here
		}
		RunLock lock = tryLock(dataSource, jdbcUrl, table);
		if (lock != null) {
			lock.close();
			return Optional.empty();
		}
		try {
			return Optional.of(Files.readString(lockFile, java.nio.charset.StandardCharsets.UTF_8).strip());
		}
		catch (IOException ex) {
			return Optional.of("");
		}
	}

	/** The database file and its write-ahead log, as {@code ls} sizes them (after the load's checkpoint). */
	@Override
	public Optional<String> sizeOnDisk(DataSource dataSource, String jdbcUrl, String table) {
		if (jdbcUrl == null) {
			return Optional.empty();
		}
		try {
			Path file = databaseFile(JdbcUrl.parse(jdbcUrl).base());
			long bytes = Files.size(file);
			Path wal = Path.of(file + "-wal");
			long log = Files.exists(wal) ? Files.size(wal) : 0;
			return Optional.of(String.format(java.util.Locale.ROOT, "the database file takes %,.1f MB on disk%s", bytes / 1e6,
					log > 0 ? String.format(java.util.Locale.ROOT, " (and its write-ahead log %,.1f MB)", log / 1e6) : ""));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/** The database file exists and is not empty (an empty file is made anew by {@link #createDatabase}). */
	@Override
	public boolean databaseExists(String jdbcUrl) {
		Path file = databaseFile(JdbcUrl.parse(jdbcUrl).base());
		try {
			return Files.exists(file) && Files.size(file) > 0;
		}
		catch (IOException ex) {
			return true; // let the connection report what is wrong with it
		}
	}

	/** SQLite's {@code IS} compares NULL as a value. */
	@Override
	public String nullSafeEquals(String column) {
		return column + " IS ?";
	}

	/**
	 * By rowid (SQLite's DELETE takes no LIMIT unless compiled with it), the newest of equal rows: a row
	 * the table held before the load, or an earlier chunk's, keeps the values the file does not fill.
	 */
	@Override
	public String deleteOneRow(String table, String condition) {
		return "DELETE FROM " + table + " WHERE rowid = (SELECT rowid FROM " + table + " WHERE " + condition
				+ " ORDER BY rowid DESC LIMIT 1)";
	}

	@Override
	public List<IndexDefinition> secondaryIndexes(Connection connection, String table) throws SQLException {
		// sql IS NULL: indexes SQLite made for UNIQUE/PRIMARY KEY constraints; they cannot be dropped
		List<IndexDefinition> indexes = new ArrayList<>();
		try (PreparedStatement ps = connection.prepareStatement(
				"SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? COLLATE NOCASE AND sql IS NOT NULL ORDER BY name")) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					String name = rs.getString(1);
					String sql = rs.getString(2);
					boolean unique = sql.stripLeading().toUpperCase(java.util.Locale.ROOT).startsWith("CREATE UNIQUE");
					indexes.add(new IndexDefinition(name, sql, unique, List.of()));
				}
			}
		}
		List<IndexDefinition> withColumns = new ArrayList<>();
		for (IndexDefinition index : indexes) {
			List<String> columns = new ArrayList<>();
			try (Statement st = connection.createStatement();
					ResultSet rs = st.executeQuery("PRAGMA index_info(" + quote(index.name()) + ")")) {
				while (rs.next()) {
					String column = rs.getString("name");
					if (column == null) { // an expression
						columns.clear();
						break;
					}
					columns.add(column);
				}
			}
			withColumns.add(new IndexDefinition(index.name(), index.definition(), index.unique(), List.copyOf(columns)));
		}
		return withColumns;
	}

	/** {@code CREATE [UNIQUE] INDEX ... ON table (...) [WHERE ...]}, one statement ({@link SqliteIndexStatement}). */
	@Override
	public Optional<String> indexDefinitionProblem(String table, IndexDefinition index) {
		return SqliteIndexStatement.problem(index.definition(), table, index.name());
	}

	/**
	 * The primary key (named {@value UniqueKey#PRIMARY_KEY}, also a rowid alias) from the table's metadata;
	 * the unique indexes from {@code PRAGMA index_list}, those of UNIQUE constraints included, partial
	 * and expression indexes left out; the indexes by name.
	 */
	@Override
	public List<UniqueKey> uniqueKeys(Connection connection, TableInfo table) throws SQLException {
		List<UniqueKey> keys = new ArrayList<>();
		if (!table.primaryKey().isEmpty()) {
			keys.add(new UniqueKey(UniqueKey.PRIMARY_KEY, table.primaryKey(), true));
		}
		List<String> names = new ArrayList<>();
		try (Statement st = connection.createStatement();
				ResultSet rs = st.executeQuery("PRAGMA index_list(" + quote(table.name()) + ")")) {
			while (rs.next()) {
				if (rs.getInt("unique") == 1 && rs.getInt("partial") == 0 && !"pk".equals(rs.getString("origin"))) {
					names.add(rs.getString("name"));
				}
			}
		}
		names.sort(null); // by name: messages list them in a stable order
		for (String name : names) {
			List<String> columns = new ArrayList<>();
			try (Statement st = connection.createStatement();
					ResultSet rs = st.executeQuery("PRAGMA index_info(" + quote(name) + ")")) {
				while (rs.next()) {
					columns.add(rs.getString("name"));
				}
			}
			if (!columns.isEmpty() && !columns.contains(null)) {
				keys.add(new UniqueKey(name, columns, false));
			}
		}
		return keys;
	}

	/**
	 * {@code ON CONFLICT (key) DO UPDATE SET c = excluded.c, ...} (every loaded column but the key's; the
	 * key's own when there is no other) or {@code ON CONFLICT (key) DO NOTHING}. Not {@code INSERT OR
	 * IGNORE} or {@code OR REPLACE}: those also swallow NOT NULL and CHECK errors, or resolve conflicts on
	 * every unique key; this clause acts on the named key only, and a conflict on another key stays an error
	 * (the row is rejected).
	 */
	@Override
	public String onKeyMatch(TableMapping mapping, UniqueKey key, LoadMode mode) {
		StringBuilder sql = new StringBuilder(" ON CONFLICT (");
		for (int i = 0; i < key.columns().size(); i++) {
			sql.append(i == 0 ? "" : ", ").append(quote(key.columns().get(i)));
		}
		sql.append(')');
		if (mode == LoadMode.IGNORE) {
			return sql.append(" DO NOTHING").toString();
		}
		List<String> set = new ArrayList<>();
		for (TableColumn column : mapping.columns()) {
			if (key.columns().stream().noneMatch(column.name()::equalsIgnoreCase)) {
				set.add(quote(column.name()) + " = excluded." + quote(column.name()));
			}
		}
		if (set.isEmpty()) {
			set.add(quote(key.columns().get(0)) + " = excluded." + quote(key.columns().get(0)));
		}
		return sql.append(" DO UPDATE SET ").append(String.join(", ", set)).toString();
	}

	/** Counts the rows inserted ({@link SqliteInsertCounter}); the others of a statement matched a key. */
	@Override
	public MatchCounter matchCounter(String table, LoadMode mode) {
		return new SqliteInsertCounter(quote(table));
	}

	@Override
	public Set<String> indexNames(Connection connection, String table) throws SQLException {
		Set<String> names = new LinkedHashSet<>();
		try (PreparedStatement ps = connection
			.prepareStatement("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? COLLATE NOCASE")) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					names.add(rs.getString(1));
				}
			}
		}
		return names;
	}

	@Override
	public void dropIndexes(Connection connection, String table, List<IndexDefinition> indexes) throws SQLException {
		try (Statement st = connection.createStatement()) {
			for (IndexDefinition index : indexes) {
				st.execute("DROP INDEX IF EXISTS " + quote(index.name()));
			}
		}
	}

	/**
	 * Each index with SQLite's multi-threaded sorter ({@code PRAGMA threads}, one per core), and
	 * otherwise the connection's defaults, which measured best ({@code SqliteWritePathTiming}, the three
	 * indexes of the 10M-row ints table on a WAL file in one transaction, as here; docs/benchmarks.md,
	 * "SQLite write path"): on a quiet machine 14.4 s with 2 threads (median of 5 rounds) against
	 * 17.3 s for the sqlite3 CLI's own build (journal off, one thread); in a quiet round of another run
	 * 15.0 s with 2 threads, 19.2 s with none. Measured in that round and not kept:
	 * <ul>
	 * <li>a larger {@code cache_size} is slower, 32.0 s at -262144 and 39.9 s at -1048576: the sorter
	 * sizes its in-memory runs from the cache size, and a few big runs sort slower than many small ones
	 * merged;
	 * <li>{@code temp_store=MEMORY}, 47.8 s: it turns the sorter's worker threads off;
	 * <li>{@code mmap_size}, {@code cache_size} -1000 or -4000, 8 or 16 KiB pages: within 3 % of the
	 * defaults at 10M rows (at 30M, one round on a busy machine, 8 KiB pages were 2 % slower); 4 threads
	 * on 2 cores: no faster.
	 * </ul>
	 * What WAL mode costs: every index page is written to the WAL and copied into the file again by the
	 * checkpoint at commit (1.2 s of the 14.4 s at 10M; at 30M, with the machine busy, 81-85 s against
	 * 64-68 s with a rollback journal, where new pages are written once). So the build runs with a
	 * rollback journal on a connection of its own ({@link RollbackJournalIndexBuild}), and the file
	 * goes back to WAL afterwards. Then {@code ANALYZE} with a row limit per index, so statistics stay
	 * cheap on big tables.
	 */
	@Override
	public void rebuildIndexes(DataSource dataSource, String table, List<IndexDefinition> indexes, Checkpoints checkpoints)
			throws SQLException {
		if (indexes.isEmpty() || !dataSource.isWrapperFor(HikariDataSource.class)) { // nothing to build, or no pool to quiet
			try (Connection connection = dataSource.getConnection()) {
				RollbackJournalIndexBuild.create(connection, indexes, Runtime.getRuntime().availableProcessors(), false, checkpoints);
				analyze(connection, table);
			}
			return;
		}
		new RollbackJournalIndexBuild(dataSource.unwrap(HikariDataSource.class), Runtime.getRuntime().availableProcessors(), checkpoints)
			.build(indexes, connection -> analyze(connection, table));
	}

	private void analyze(Connection connection, String table) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute("PRAGMA analysis_limit=1000");
			st.execute("ANALYZE " + quote(table));
		}
	}

	/** Folds the write-ahead log into the file on a thread of its own while the load runs ({@link WalCheckpointer}). */
	@Override
	public LoadCompanion besideLoad(DataSource dataSource) {
		try {
			String url = dataSource instanceof HikariDataSource pool ? pool.getJdbcUrl() : null;
			if (url == null) {
				try (Connection connection = dataSource.getConnection()) {
					url = connection.getMetaData().getURL();
				}
			}
			return WalCheckpointer.start(url);
		}
		catch (SQLException ex) {
			log.debug("no checkpoints beside the load (the writers checkpoint themselves): " + ex.getMessage());
			return LoadCompanion.NONE;
		}
	}

	/**
	 * Folds the write-ahead log into the database file and truncates it, so the file on its own holds
	 * everything. The file stays in WAL mode (durable with synchronous=NORMAL or FULL).
	 */
	@Override
	public void afterLoad(DataSource dataSource) throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement st = connection.createStatement()) {
			st.execute("PRAGMA wal_checkpoint(TRUNCATE)");
		}
	}

	@Override
	public int defaultPartitions(long dataBytes, int cores) {
		return 1;
	}

	@Override
	public io.rowlift.database.TargetTables tables() {
		return new SqliteTables(this);
	}

	@Override
	public String partitionsReason() {
		return "default for SQLite, which takes one writer at a time";
	}

	@Override
	public String sortedStreamsReason() {
		return "default for SQLite, which takes one writer at a time";
	}

	private record FileRunLock(Path file, FileChannel channel, FileLock lock) implements RunLock {

		@Override
		public String description() {
			return "the lock file " + this.file;
		}

		@Override
		public void close() {
			try {
				HELD.remove(this.file.toAbsolutePath().normalize());
				this.lock.release();
				this.channel.close();
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		}

	}

}
