package io.rowlift.database.sqlite;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.ConnectionSetup;
import io.rowlift.database.InputRecordLength;
import io.rowlift.database.JdbcUrl;
import io.rowlift.database.LoadCompanion;
import io.rowlift.database.TargetProperties;

/**
 * SQLite's connection setup: every connection runs with {@code journal_mode=WAL} and {@code synchronous=NORMAL} (a
 * killed process loses nothing committed; {@code journal_mode=OFF} would corrupt the file on an ordinary chunk
 * rollback), and with {@code transaction_mode=IMMEDIATE}: SQLite has one writer, and deferred transactions that read
 * before writing (Spring Batch's repository does) fail with {@code SQLITE_BUSY} instead of waiting. A long busy wait
 * lets partitions queue for the write lock ({@link RunLockBusyWait}: 10 minutes while this process holds the run
 * lock, only {@code rowlift.job.lock-wait} while another run holds it).
 *
 * <p>The page size of a file Rowlift creates is chosen from the input ({@link PageSizeChoice}). Cache size and
 * checkpoint interval stay SQLite's defaults: for the load (one writer, 100-row INSERTs, 10,000-row transactions,
 * 10M ints rows in plain JDBC) {@code cache_size=-65536}, {@code wal_autocheckpoint=10000} and 16 KiB pages came
 * within 6 % of them (medians of 3 rounds 3.54-3.61 s against 3.75 s, best rounds 3.50-3.54 s against 3.57 s;
 * short ints records, where large pages gain nothing). While the load step runs, a thread of its own folds the log
 * into the file ({@link WalCheckpointer}), so the writer only appends to the log.
 */
final class SqliteConnectionSetup implements ConnectionSetup {

	/** Under the dialect's name, as operators' logs and the docs have shown these lines. */
	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(SqliteDialect.class);

	/** SQLite is one local file that one process writes at a time: no other machine can write it. */
	@Override
	public java.util.Optional<String> whyNoRemotePartitions() {
		return java.util.Optional.of("SQLite is one local file that one process writes at a time, so no other machine can load"
				+ " a partition of it: remove rowlift.cluster.role to load it here, or load into MySQL or MariaDB, which the"
				+ " manager and every worker reach over the network (docs/cluster.md)");
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
		if (SqliteWritePaths.wantsExtension(target.writeMethod()) && RowsExtension.status().available()) {
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
	 * ({@link SqliteFaults#describeLockedDatabase}).
	 */
	@Override
	public void configure(HikariDataSource dataSource, TargetProperties target, java.time.Duration lockWait) {
		configure(dataSource, target);
		dataSource.setDataSource(new SqliteConnections(dataSource.getJdbcUrl(), SqliteRunLocking.lockFile(dataSource.getJdbcUrl()), lockWait));
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
		String name = base.substring(SqliteDialect.PREFIX.length());
		if (name.startsWith("file:")) {
			name = name.substring("file:".length());
		}
		if (name.isEmpty() || name.startsWith(":memory:") || name.contains("mode=memory")) {
			throw RowliftException.badInput("spring.datasource.url is " + base
					+ "; an in-memory database would be lost when Rowlift exits: name a file, as in jdbc:sqlite:data/rowlift.db");
		}
		return Path.of(name);
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

}
