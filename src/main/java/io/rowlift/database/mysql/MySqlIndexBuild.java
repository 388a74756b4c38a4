package io.rowlift.database.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import io.rowlift.database.IndexBuild;
import io.rowlift.database.IndexDefinition;
import io.rowlift.model.Checkpoints;

/**
 * MySQL's secondary indexes, read from {@code information_schema.STATISTICS}. Functional indexes and indexes a
 * foreign key needs are left in place; the others are dropped and re-created together in one
 * {@code ALTER TABLE}, which InnoDB builds with a sorted bulk build.
 */
final class MySqlIndexBuild implements IndexBuild {

	private final MySqlDialect dialect;

	MySqlIndexBuild(MySqlDialect dialect) {
		this.dialect = dialect;
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
						.add(new String[] { column == null ? "" : this.dialect.quote(column) + part + order });
					names.computeIfAbsent(index, k -> new ArrayList<>()).add(column);
				}
			}
		}
		List<IndexDefinition> indexes = new ArrayList<>();
		parts.forEach((index, columns) -> {
			if (!keep.contains(index)) {
				StringBuilder clause = new StringBuilder("ADD ").append(kinds.get(index)).append(' ').append(this.dialect.quote(index)).append(" (");
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
				clauses.add("DROP INDEX " + this.dialect.quote(index.name()));
			}
		}
		alter(connection, table, clauses);
	}

	@Override
	public void rebuildIndexes(DataSource dataSource, String table, List<IndexDefinition> indexes, Checkpoints checkpoints)
			throws SQLException {
		try (Connection connection = dataSource.getConnection(); Statement st = connection.createStatement()) {
			alter(connection, table, indexes.stream().map(IndexDefinition::definition).toList());
			st.execute("ANALYZE TABLE " + this.dialect.quote(table));
		}
	}

	private void alter(Connection connection, String table, List<String> clauses) throws SQLException {
		if (clauses.isEmpty()) {
			return;
		}
		try (Statement st = connection.createStatement()) {
			st.execute(this.dialect.sql().statementTag(table) + "ALTER TABLE " + this.dialect.quote(table) + " " + String.join(", ", clauses));
		}
	}

}
