package io.rowlift.database.sqlite;

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

import io.rowlift.database.IndexBuild;
import io.rowlift.database.IndexDefinition;
import io.rowlift.model.Checkpoints;

/** SQLite's secondary indexes, dropped with {@code DROP INDEX} and built again with a rollback journal. */
final class SqliteIndexBuild implements IndexBuild {

	private final SqliteDialect dialect;

	SqliteIndexBuild(SqliteDialect dialect) {
		this.dialect = dialect;
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
					ResultSet rs = st.executeQuery("PRAGMA index_info(" + this.dialect.quote(index.name()) + ")")) {
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
				st.execute("DROP INDEX IF EXISTS " + this.dialect.quote(index.name()));
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
			st.execute("ANALYZE " + this.dialect.quote(table));
		}
	}

}
