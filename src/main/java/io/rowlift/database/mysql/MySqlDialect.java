package io.rowlift.database.mysql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.ColumnKind;
import io.rowlift.database.IndexDefinition;
import io.rowlift.model.Checkpoints;
import io.rowlift.database.TableColumn;
import io.rowlift.database.JdbcUrl;
import io.rowlift.database.RunLock;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.BulkLoader;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.LoadMode;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.TableInfo;
import io.rowlift.database.UniqueKey;

/**
 * MySQL 8 and MariaDB 10.11+ through MySQL Connector/J, also for a {@code jdbc:mariadb://} URL
 * ({@link MariaDbUrls}).
 *
 * <p>Forces {@code rewriteBatchedStatements=true} (JDBC batches become multi-row INSERTs, about 5x
 * faster), client-side prepared statements, UTF-8, and a strict {@code sql_mode} on every
 * connection so that a value the column cannot hold is an error, never silently truncated. The run
 * lock is {@code GET_LOCK} on a connection held for the run, one per database and table, so the
 * index drop and rebuild of two loads never interleave.
 *
 * <p>Indexes are read from {@code information_schema.STATISTICS}. Functional indexes and indexes a
 * foreign key needs are left in place; the others are dropped and re-created together in one
 * {@code ALTER TABLE}, which InnoDB builds with a sorted bulk build.
 */
public final class MySqlDialect implements TargetDialect {

	/** Strict: a value the column cannot hold is an error, never truncated or zeroed. */
	static final String SQL_MODE = "STRICT_ALL_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION";

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(MySqlDialect.class);

	private static final String TAG_PREFIX = "rowlift:";

	@Override
	public String id() {
		return "mysql";
	}

	/** {@code jdbc:mysql:}, and {@code jdbc:mariadb:} ({@link MariaDbUrls}): both through Connector/J. */
	@Override
	public boolean handles(String jdbcUrl) {
		return jdbcUrl.startsWith(MariaDbUrls.MYSQL) || jdbcUrl.startsWith(MariaDbUrls.MARIADB);
	}

	@Override
	public void configure(HikariDataSource dataSource, TargetProperties target) {
		JdbcUrl url = JdbcUrl.parse(MariaDbUrls.toMySql(dataSource.getJdbcUrl()))
			.with("rewriteBatchedStatements", "true")
			.with("useServerPrepStmts", "false")
			.with("cachePrepStmts", "true")
			.with("characterEncoding", "UTF-8");
		if (target.writeMethod() != WriteMethod.INSERT) {
			// streams are set per statement by Rowlift; no LOAD DATA names a file of this machine
			url = url.with("allowLoadLocalInfile", "true");
		}
		dataSource.setJdbcUrl(url.toString());
		dataSource.setConnectionInitSql("SET SESSION sql_mode='" + SQL_MODE + "'");
		if (dataSource.getDriverClassName() == null) {
			dataSource.setDriverClassName("com.mysql.cj.jdbc.Driver");
		}
	}

	/**
	 * {@code auto}: LOAD DATA streams when the server allows {@code LOAD DATA LOCAL}
	 * ({@code local_infile=ON}, the default of MariaDB and of MySQL before 8.0), else INSERT batches.
	 * {@code load-data} on a server that refuses it is exit 2, with the fix.
	 */
	@Override
	public WriteChoice chooseWriteMethod(WriteMethod configured, DataSource dataSource) throws SQLException {
		if (configured == WriteMethod.INSERT) {
			return new WriteChoice(WriteMethod.INSERT, "set by " + TargetProperties.WRITE_METHOD);
		}
		if (configured == WriteMethod.INSERT_DIRECT) {
			return TargetDialect.super.chooseWriteMethod(configured, dataSource); // refused, with the message for every non-SQLite target
		}
		boolean local;
		try (Connection connection = dataSource.getConnection();
				Statement st = connection.createStatement();
				ResultSet rs = st.executeQuery("SELECT @@GLOBAL.local_infile")) {
			local = rs.next() && rs.getBoolean(1);
		}
		if (configured == WriteMethod.LOAD_DATA) {
			if (!local) {
				throw RowliftException.badInput(TargetProperties.WRITE_METHOD + "=load-data, but the server does not allow LOAD DATA "
						+ "LOCAL (local_infile=OFF): run SET GLOBAL local_infile=ON (or local_infile=1 in its config), or set "
						+ TargetProperties.WRITE_METHOD + "=insert");
			}
			return new WriteChoice(WriteMethod.LOAD_DATA, "set by " + TargetProperties.WRITE_METHOD);
		}
		return local ? new WriteChoice(WriteMethod.LOAD_DATA, "default for MySQL: the server has local_infile=ON")
				: new WriteChoice(WriteMethod.INSERT, "the server has local_infile=OFF, so no LOAD DATA LOCAL");
	}

	@Override
	public BulkLoader bulkLoader(TableMapping mapping) {
		return LoadDataLoader.of(this, mapping);
	}

	/** {@link MySqlRefusalStage}: the refused chunk staged with {@code LOAD DATA}, its refused rows predicted from the constraints. */
	@Override
	public io.rowlift.database.RefusalStage refusalStage(TableMapping mapping) {
		return new MySqlRefusalStage(this, mapping);
	}

	/**
	 * Mode ignore: {@link IgnoreLoader} ({@code LOAD DATA ... IGNORE} straight into the table, every warning
	 * checked to be a skipped key); upsert: {@link StagedMatchLoader} ({@code LOAD DATA} into a temporary
	 * staging table, then one INSERT ... SELECT ... ON DUPLICATE KEY UPDATE per stream).
	 */
	@Override
	public BulkLoader bulkLoader(TableMapping mapping, KeyMatching matching) {
		return matching == null ? bulkLoader(mapping)
				: matching.mode() == LoadMode.IGNORE ? new IgnoreLoader(this, mapping) : new StagedMatchLoader(this, mapping, matching);
	}

	/** By JDBC type, with MySQL's integer widths and signedness, and text lengths in characters. */
	@Override
	public ColumnKind kindOf(TableColumn column) {
		String t = column.typeName() == null ? "" : column.typeName().toUpperCase(java.util.Locale.ROOT);
		boolean unsigned = t.contains("UNSIGNED");
		return switch (column.jdbcType()) {
			case Types.BIT, Types.BOOLEAN -> ColumnKind.of(ColumnKind.Type.BOOLEAN);
			case Types.TINYINT -> unsigned ? ColumnKind.integer(0, 255) : ColumnKind.integer(-128, 127);
			case Types.SMALLINT -> unsigned ? ColumnKind.integer(0, 65_535) : ColumnKind.integer(-32_768, 32_767);
			case Types.INTEGER -> t.startsWith("MEDIUMINT")
					? (unsigned ? ColumnKind.integer(0, 16_777_215) : ColumnKind.integer(-8_388_608, 8_388_607))
					: (unsigned ? ColumnKind.integer(0, 4_294_967_295L) : ColumnKind.integer(Integer.MIN_VALUE, Integer.MAX_VALUE));
			case Types.BIGINT -> unsigned ? ColumnKind.of(ColumnKind.Type.OTHER) : ColumnKind.integer(Long.MIN_VALUE, Long.MAX_VALUE);
			case Types.DECIMAL, Types.NUMERIC -> ColumnKind.decimal(column.size(), column.scale());
			case Types.REAL, Types.FLOAT, Types.DOUBLE -> ColumnKind.of(ColumnKind.Type.FLOAT);
			case Types.DATE -> t.startsWith("YEAR") ? ColumnKind.integer(1901, 2155) : ColumnKind.of(ColumnKind.Type.DATE);
			case Types.TIME -> ColumnKind.of(ColumnKind.Type.TIME);
			case Types.TIMESTAMP -> ColumnKind.of(ColumnKind.Type.TIMESTAMP);
			case Types.CHAR, Types.VARCHAR, Types.NCHAR, Types.NVARCHAR ->
				t.startsWith("ENUM") || t.startsWith("SET") ? ColumnKind.of(ColumnKind.Type.OTHER) : ColumnKind.text(column.size());
			case Types.LONGVARCHAR, Types.LONGNVARCHAR, Types.CLOB -> ColumnKind.text(0);
			case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> ColumnKind.of(ColumnKind.Type.BLOB);
			default -> ColumnKind.of(ColumnKind.Type.OTHER);
		};
	}

	/**
	 * SQLSTATE 22 (data: too long, out of range, wrong date) and 23 (integrity: duplicate key, NULL in
	 * a NOT NULL column), and CHECK constraint violations (3819); not deadlocks or lost connections,
	 * which fail the chunk (its transaction may be gone).
	 */
	@Override
	public boolean isRowError(SQLException error) {
		String state = error.getSQLState();
		return (state != null && (state.startsWith("22") || state.startsWith("23"))) || error.getErrorCode() == 3819;
	}

	/**
	 * ER_DUP_ENTRY (1062, {@code Duplicate entry '...' for key '...'}), which {@code ALTER TABLE ... ADD UNIQUE}
	 * reports for repeated keys, also ER_DUP_ENTRY_WITH_KEY_NAME (1586) and ER_DUP_UNKNOWN_IN_INDEX (1859).
	 */
	@Override
	public boolean isDuplicateKeyFailure(SQLException error) {
		int code = error.getErrorCode();
		return code == MySqlFailures.ER_DUP_ENTRY || code == 1586 || code == 1859;
	}

	/**
	 * True: InnoDB rolls back a statement that fails with a row error (a duplicate key, a foreign key, a
	 * CHECK, and under the strict {@code sql_mode} every value it will not store) and nothing else, so a
	 * refused multi-row INSERT has written none of its rows. Rowlift's exact rejects rest on a
	 * transactional engine already (savepoints, the chunk's rollback); a table of an engine without
	 * transactions (MyISAM) is exact neither way.
	 */
	@Override
	public boolean atomicStatements() {
		return true;
	}

	@Override
	public boolean batchSequencesHaveRows() {
		return true;
	}

	@Override
	public String blobType() {
		return "LONGBLOB";
	}

	@Override
	public Optional<String> describeEnvironmentFault(Throwable failure, String jdbcUrl) {
		return MySqlFailures.environment(failure, jdbcUrl);
	}

	@Override
	public Optional<String> describeFailure(Throwable failure, String jdbcUrl) {
		return MySqlFailures.describe(failure, jdbcUrl);
	}

	@Override
	public String quote(String identifier) {
		return '`' + identifier.replace("`", "``") + '`';
	}

	@Override
	public String batchSchemaScript() {
		return "org/springframework/batch/core/schema-mysql.sql";
	}

	@Override
	public String textType() {
		return "LONGTEXT";
	}

	/** MySQL's null-safe {@code <=>}: it has no {@code IS NOT DISTINCT FROM}. */
	@Override
	public String nullSafeEquals(String column) {
		return column + " <=> ?";
	}

	/** With TEMPORARY: a plain DROP TABLE would commit the transaction. */
	@Override
	public String dropTemporaryTable(String name) {
		return "DROP TEMPORARY TABLE IF EXISTS " + name;
	}

	@Override
	public RunLock tryLock(DataSource dataSource, String jdbcUrl, String table) throws SQLException {
		Connection connection = dataSource.getConnection();
		try {
			String name = lockName(connection.getCatalog(), table);
			try (PreparedStatement ps = connection.prepareStatement("SELECT GET_LOCK(?, 0)")) {
				ps.setString(1, name);
				try (ResultSet rs = ps.executeQuery()) {
					if (rs.next() && rs.getInt(1) == 1) {
						return new NamedRunLock(connection, name, connection.getCatalog() + "." + table);
					}
				}
			}
			connection.close();
			return null;
		}
		catch (SQLException | RuntimeException ex) {
			connection.close();
			throw ex;
		}
	}

	/** {@code IS_USED_LOCK}: looks at the named lock without taking it. */
	@Override
	public Optional<String> runLockHolder(DataSource dataSource, String jdbcUrl, String table) throws SQLException {
		try (Connection connection = dataSource.getConnection();
				PreparedStatement ps = connection.prepareStatement("SELECT IS_USED_LOCK(?)")) {
			ps.setString(1, lockName(connection.getCatalog(), table));
			try (ResultSet rs = ps.executeQuery()) {
				return rs.next() && rs.getObject(1) != null ? Optional.of(table) : Optional.empty();
			}
		}
	}

	/** At most 64 characters, as the server requires: a digest of database and table. */
	static String lockName(String database, String table) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-1")
				.digest((database + "\u0000" + table.toLowerCase()).getBytes(StandardCharsets.UTF_8));
			return "rowlift:" + HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public List<IndexDefinition> secondaryIndexes(Connection connection, String table) throws SQLException {
		Set<String> foreignKeyColumns = foreignKeyColumns(connection, table);
		Map<String, List<String[]>> parts = new LinkedHashMap<>();
		Map<String, String> kinds = new LinkedHashMap<>();
		Map<String, List<String>> names = new LinkedHashMap<>();
		Set<String> keep = new LinkedHashSet<>();
		try (PreparedStatement ps = connection.prepareStatement(
				"SELECT INDEX_NAME, NON_UNIQUE, SEQ_IN_INDEX, COLUMN_NAME, SUB_PART, INDEX_TYPE, COLLATION"
						+ " FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?"
						+ " AND INDEX_NAME <> 'PRIMARY' ORDER BY INDEX_NAME, SEQ_IN_INDEX")) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					String index = rs.getString(1);
					String column = rs.getString(4);
					if (column == null || (rs.getInt(3) == 1 && foreignKeyColumns.contains(column))) {
						keep.add(index); // functional index, or the index a foreign key needs
					}
					String type = rs.getString(6);
					kinds.put(index, "FULLTEXT".equals(type) ? "FULLTEXT INDEX"
							: "SPATIAL".equals(type) ? "SPATIAL INDEX" : rs.getInt(2) == 0 ? "UNIQUE INDEX" : "INDEX");
					String part = rs.getObject(5) == null ? "" : "(" + rs.getInt(5) + ")";
					String order = "D".equals(rs.getString(7)) ? " DESC" : "";
					parts.computeIfAbsent(index, k -> new ArrayList<>())
						.add(new String[] { column == null ? "" : quote(column) + part + order });
					names.computeIfAbsent(index, k -> new ArrayList<>()).add(column);
				}
			}
		}
		List<IndexDefinition> indexes = new ArrayList<>();
		parts.forEach((index, columns) -> {
			if (!keep.contains(index)) {
				StringBuilder clause = new StringBuilder("ADD ").append(kinds.get(index)).append(' ').append(quote(index)).append(" (");
				for (int i = 0; i < columns.size(); i++) {
					clause.append(i == 0 ? "" : ", ").append(columns.get(i)[0]);
				}
				indexes.add(new IndexDefinition(index, clause.append(')').toString(), kinds.get(index).equals("UNIQUE INDEX"),
						List.copyOf(names.get(index))));
			}
		});
		return indexes;
	}

	/** {@code ADD [UNIQUE] INDEX `name` (`column`(length) DESC, ...)} ({@link MySqlIndexClause}). */
	@Override
	public Optional<String> indexDefinitionProblem(String table, IndexDefinition index) {
		return MySqlIndexClause.problem(index.definition(), index.name());
	}

	private static Set<String> foreignKeyColumns(Connection connection, String table) throws SQLException {
		Set<String> columns = new LinkedHashSet<>();
		try (PreparedStatement ps = connection.prepareStatement("SELECT COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE"
				+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND REFERENCED_TABLE_NAME IS NOT NULL")) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					columns.add(rs.getString(1));
				}
			}
		}
		return columns;
	}

	/** {@code PRIMARY} first, then the unique indexes, from {@code information_schema.STATISTICS}; functional ones left out. */
	@Override
	public List<UniqueKey> uniqueKeys(Connection connection, TableInfo table) throws SQLException {
		Map<String, List<String>> columns = new LinkedHashMap<>();
		Set<String> functional = new LinkedHashSet<>();
		try (PreparedStatement ps = connection.prepareStatement("SELECT INDEX_NAME, COLUMN_NAME FROM information_schema.STATISTICS"
				+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND NON_UNIQUE = 0"
				+ " ORDER BY INDEX_NAME <> 'PRIMARY', INDEX_NAME, SEQ_IN_INDEX")) {
			ps.setString(1, table.name());
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					if (rs.getString(2) == null) {
						functional.add(rs.getString(1));
					}
					columns.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
				}
			}
		}
		List<UniqueKey> keys = new ArrayList<>();
		columns.forEach((name, cols) -> {
			if (!functional.contains(name)) {
				keys.add(new UniqueKey(name, cols, "PRIMARY".equals(name)));
			}
		});
		return keys;
	}

	/**
	 * {@code ON DUPLICATE KEY UPDATE c = VALUES(c), ...} (every loaded column but the key's) for
	 * {@code upsert}; {@code ON DUPLICATE KEY UPDATE k = k} (the row stays as it is) for {@code ignore}, so
	 * that only a duplicate key is skipped: {@code INSERT IGNORE} would also turn bad values into warnings
	 * and store them truncated or zeroed. The first assignment also adds one to the session variable
	 * {@value MySqlMatchCounter#VARIABLE}, once per matched row ({@link MySqlMatchCounter}).
	 *
	 * <p>{@code VALUES(c)}, not MySQL 8.0.20's row alias ({@code INSERT ... AS new ... UPDATE c = new.c}):
	 * MariaDB (10.11 here) has no row alias, and MySQL 8 still takes {@code VALUES()} (with a deprecation
	 * warning, which an INSERT does not check). Assigning a user variable inside an expression is deprecated
	 * in MySQL 8 too (a warning); MariaDB supports it.
	 */
	@Override
	public String onKeyMatch(TableMapping mapping, UniqueKey key, LoadMode mode) {
		return onKeyMatch(mapping, key, mode, "");
	}

	/**
	 * {@link #onKeyMatch(TableMapping, UniqueKey, LoadMode)} with the table's columns named {@code qualifier}
	 * + column: an {@code INSERT ... SELECT} from a table with the same column names needs them qualified.
	 */
	String onKeyMatch(TableMapping mapping, UniqueKey key, LoadMode mode, String qualifier) {
		String count = "(" + MySqlMatchCounter.VARIABLE + " := " + MySqlMatchCounter.VARIABLE + " + 1) > 0";
		List<String> set = new ArrayList<>();
		if (mode == LoadMode.UPSERT) {
			for (TableColumn column : mapping.columns()) {
				if (key.columns().stream().noneMatch(column.name()::equalsIgnoreCase)) {
					String c = quote(column.name());
					set.add(qualifier + c + " = " + (set.isEmpty() ? "IF(" + count + ", VALUES(" + c + "), VALUES(" + c + "))" : "VALUES(" + c + ")"));
				}
			}
		}
		if (set.isEmpty()) { // ignore, or an upsert whose columns are all the key's: the row stays as it is
			String k = qualifier + quote(key.columns().get(0));
			set.add(k + " = IF(" + count + ", " + k + ", " + k + ")");
		}
		return " ON DUPLICATE KEY UPDATE " + String.join(", ", set);
	}

	@Override
	public MatchCounter matchCounter(String table, LoadMode mode) {
		return new MySqlMatchCounter();
	}

	/** {@code ON DUPLICATE KEY UPDATE} acts on whichever unique key the row collides with. */
	@Override
	public boolean matchesAnyUniqueKey() {
		return true;
	}

	@Override
	public Set<String> indexNames(Connection connection, String table) throws SQLException {
		Set<String> names = new LinkedHashSet<>();
		try (PreparedStatement ps = connection.prepareStatement("SELECT DISTINCT INDEX_NAME FROM information_schema.STATISTICS"
				+ " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
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
		Set<String> present = indexNames(connection, table);
		List<String> clauses = new ArrayList<>();
		for (IndexDefinition index : indexes) {
			if (present.contains(index.name())) {
				clauses.add("DROP INDEX " + quote(index.name()));
			}
		}
		alter(connection, table, clauses);
	}

	@Override
	public void rebuildIndexes(DataSource dataSource, String table, List<IndexDefinition> indexes, Checkpoints checkpoints)
			throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement st = connection.createStatement()) {
			alter(connection, table, indexes.stream().map(IndexDefinition::definition).toList());
			st.execute("ANALYZE TABLE " + quote(table));
		}
	}

	private void alter(Connection connection, String table, List<String> clauses) throws SQLException {
		if (clauses.isEmpty()) {
			return;
		}
		try (Statement st = connection.createStatement()) {
			st.execute(statementTag(table) + "ALTER TABLE " + quote(table) + " " + String.join(", ", clauses));
		}
	}

	/**
	 * A comment naming the table by a stable digest (the same in every run), so statements a killed
	 * run left on the server can be told from those of other clients.
	 */
	@Override
	public String statementTag(String table) {
		return "/* " + TAG_PREFIX + Integer.toHexString(table.toLowerCase(java.util.Locale.ROOT).hashCode()) + " */ ";
	}

	/**
	 * Finds, in the process list, statements in this database that carry this table's tag and run on
	 * other connections (this process holds the run lock, so they belong to a killed run), kills
	 * those connections and waits until the server has rolled them back.
	 */
	@Override
	public void endOrphanedStatements(DataSource dataSource, String table) throws SQLException {
		String tag = statementTag(table).strip();
		try (Connection connection = dataSource.getConnection()) {
			long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(30);
			java.util.Set<Long> killed = new java.util.HashSet<>();
			while (true) {
				Map<Long, String> orphans = new LinkedHashMap<>();
				try (PreparedStatement ps = connection.prepareStatement("SELECT ID, LEFT(INFO, 100) FROM information_schema.PROCESSLIST"
						+ " WHERE ID <> CONNECTION_ID() AND DB = DATABASE() AND LEFT(INFO, ?) = ?")) {
					ps.setInt(1, tag.length());
					ps.setString(2, tag);
					try (ResultSet rs = ps.executeQuery()) {
						while (rs.next()) {
							orphans.put(rs.getLong(1), rs.getString(2));
						}
					}
				}
				if (orphans.isEmpty()) {
					return;
				}
				for (var orphan : orphans.entrySet()) {
					if (killed.add(orphan.getKey())) {
						log.warn("ending a statement a killed run left on the server (connection " + orphan.getKey() + "): "
								+ orphan.getValue());
						try (Statement st = connection.createStatement()) {
							st.execute("KILL " + orphan.getKey());
						}
						catch (SQLException ex) {
							log.warn("could not end connection " + orphan.getKey() + ": " + ex.getMessage());
						}
					}
				}
				if (System.nanoTime() > deadline) {
					throw new SQLException("statements of a killed run are still rolling back on the server after 30 minutes: "
							+ orphans.values());
				}
				try {
					Thread.sleep(500); // a killed statement rolls back before it leaves the process list
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new SQLException("interrupted while waiting for a killed run's statements to end", ex);
				}
			}
		}
	}

	/**
	 * The table's data and indexes as the server counts them ({@code information_schema.TABLES}, after
	 * {@code ANALYZE TABLE} so that InnoDB's figures are current): pages allocated, not the files' sizes.
	 */
	@Override
	public Optional<String> sizeOnDisk(DataSource dataSource, String jdbcUrl, String table) {
		try (Connection connection = dataSource.getConnection()) {
			try (Statement analyze = connection.createStatement()) {
				analyze.execute("ANALYZE TABLE " + quote(table));
			}
			try (PreparedStatement st = connection.prepareStatement("SELECT data_length, index_length FROM "
					+ "information_schema.TABLES WHERE table_schema = DATABASE() AND table_name = ?")) {
				st.setString(1, table);
				try (ResultSet rs = st.executeQuery()) {
					if (!rs.next()) {
						return Optional.empty();
					}
					return Optional.of(String.format(java.util.Locale.ROOT,
							"table %s takes %,.1f MB on disk (data %,.1f MB, indexes %,.1f MB, information_schema)", table,
							(rs.getLong(1) + rs.getLong(2)) / 1e6, rs.getLong(1) / 1e6, rs.getLong(2) / 1e6));
				}
			}
		}
		catch (SQLException ex) {
			return Optional.empty();
		}
	}

	/**
	 * One per core at least, so the server gets as many connections inserting in parallel (measured:
	 * 1M rows of the ints shape loaded in 12.4 s with 2 partitions against 18.1 s with 1 on 2 cores),
	 * one per 64 MiB beyond that, at most twice the cores; a file under 8 MiB gets one, since splitting
	 * it costs more than it saves.
	 */
	@Override
	public int defaultPartitions(long dataBytes, int cores) {
		if (dataBytes < (8L << 20)) {
			return 1;
		}
		long bySize = dataBytes / (64L << 20) + 1;
		return (int) Math.max(cores, Math.min(bySize, cores * 2L));
	}

	@Override
	public io.rowlift.database.TargetTables tables() {
		return new MySqlTables(this);
	}

	@Override
	public String partitionsReason() {
		return "default: one per core, or one per 64 MiB of data up to twice the cores; one under 8 MiB";
	}

	/**
	 * Two streams where there are two cores or more: measured on 1M shuffled keys into MariaDB
	 * (docs/benchmarks.md), the server inserts one range while Rowlift merges the other; one on one core.
	 */
	@Override
	public int defaultSortedStreams(int cores) {
		return Math.max(1, Math.min(2, cores));
	}

	@Override
	public String sortedStreamsReason() {
		return "default for MySQL: two streams on two cores or more, one on one";
	}

	private record NamedRunLock(Connection connection, String name, String scope) implements RunLock {

		@Override
		public String description() {
			return "the server lock " + this.name + " for " + this.scope;
		}

		@Override
		public void close() {
			try (Connection c = this.connection; PreparedStatement ps = c.prepareStatement("SELECT RELEASE_LOCK(?)")) {
				ps.setString(1, this.name);
				ps.execute();
			}
			catch (SQLException ex) {
				// the lock goes with the connection anyway
			}
		}

	}

}
