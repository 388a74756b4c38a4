package io.rowlift.database;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The keys of a unique index that rows of a table repeat, as the database holds them, each with its row count;
 * and the temporary table ({@link #TABLE}) that holds them again in the key's own column types, so that the
 * database compares a record's key with them as the index would (its types; on MySQL also its collation),
 * without a scan of the whole table per record. Key {@code g} is the {@code g}-th of {@link #read}'s answer,
 * {@code rowlift_key} {@code g} in the temporary table. Not thread-safe.
 */
final class RepeatedKeys {

	/** The temporary table of the repeated keys: the key's columns, then {@code rowlift_key}, the key's number. */
	static final String TABLE = "rowlift_repeated_keys";

	private final int columns;

	private final List<Object[]> keys;

	private final List<Long> rowsPerKey;

	private final Map<String, List<Integer>> byLooseKey = new HashMap<>();

	/** @param columns the key's column count; {@code keys} and {@code rowsPerKey} in one order */
	RepeatedKeys(int columns, List<Object[]> keys, List<Long> rowsPerKey) {
		this.columns = columns;
		this.keys = keys;
		this.rowsPerKey = rowsPerKey;
		for (int g = 0; g < keys.size(); g++) {
			this.byLooseKey.computeIfAbsent(LooseKey.of(keys.get(g)), x -> new ArrayList<>()).add(g);
		}
	}

	/**
	 * Whether {@code table} holds two rows with one key of {@code index} (NULLs never repeat a key).
	 * False for an index over expressions, whose key Rowlift cannot compute.
	 */
	static boolean any(Connection connection, TargetDialect dialect, String table, IndexDefinition index) throws SQLException {
		if (index.columns().isEmpty()) {
			return false;
		}
		try (Statement st = connection.createStatement();
				ResultSet rs = st.executeQuery("SELECT 1 FROM " + dialect.quote(table) + " WHERE " + IndexKey.notNull(dialect, index)
						+ " GROUP BY " + IndexKey.columns(dialect, index) + " HAVING COUNT(*) > 1 LIMIT 1")) {
			return rs.next();
		}
	}

	/** How many keys of {@code index} repeat in {@code quotedTable}, and in how many rows: {groups, rows}. */
	static long[] count(JdbcTemplate jdbc, TargetDialect dialect, String quotedTable, IndexDefinition index) {
		long[] counts = new long[2];
		jdbc.query("SELECT COUNT(*), SUM(n) FROM (SELECT COUNT(*) AS n FROM " + quotedTable + " WHERE " + IndexKey.notNull(dialect, index)
				+ " GROUP BY " + IndexKey.columns(dialect, index) + " HAVING COUNT(*) > 1) d", rs -> {
					counts[0] = rs.getLong(1);
					counts[1] = rs.getLong(2);
				});
		return counts;
	}

	/** The keys of {@code index} that rows of {@code quotedTable} repeat, as the database holds them. */
	static RepeatedKeys read(JdbcTemplate jdbc, TargetDialect dialect, String quotedTable, IndexDefinition index) {
		List<Object[]> keys = new ArrayList<>();
		List<Long> rowsPerKey = new ArrayList<>();
		int k = index.columns().size();
		jdbc.query("SELECT " + IndexKey.columns(dialect, index) + ", COUNT(*) FROM " + quotedTable + " WHERE "
				+ IndexKey.notNull(dialect, index) + " GROUP BY " + IndexKey.columns(dialect, index) + " HAVING COUNT(*) > 1", rs -> {
					Object[] key = new Object[k];
					for (int c = 0; c < k; c++) {
						key[c] = rs.getObject(c + 1);
					}
					keys.add(key);
					rowsPerKey.add(rs.getLong(k + 1));
				});
		return new RepeatedKeys(k, keys, rowsPerKey);
	}

	/**
	 * Makes {@link #TABLE} empty, with the key's column types; outside the transaction (MySQL with GTIDs refuses
	 * temporary tables' DDL inside one).
	 */
	static void createTable(Connection connection, TargetDialect dialect, String table, IndexDefinition index) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute(dialect.sql().dropTemporaryTable(TABLE));
			st.execute("CREATE TEMPORARY TABLE " + TABLE + " AS SELECT " + IndexKey.columns(dialect, index) + ", 0 AS rowlift_key FROM "
					+ dialect.quote(table) + " WHERE 1 = 0");
		}
	}

	/** Drops {@link #TABLE}, outside the transaction. */
	static void dropTable(Connection connection, TargetDialect dialect) throws SQLException {
		try (Statement st = connection.createStatement()) {
			st.execute(dialect.sql().dropTemporaryTable(TABLE));
		}
	}

	/** Writes these keys into {@link #TABLE}, each with its number. */
	void fill(Connection connection) throws SQLException {
		int k = this.columns;
		try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + TABLE + " VALUES (" + "?, ".repeat(k) + "?)")) {
			for (int g = 0; g < this.keys.size(); g++) {
				for (int c = 0; c < k; c++) {
					insert.setObject(c + 1, this.keys.get(g)[c]);
				}
				insert.setInt(k + 1, g);
				insert.executeUpdate();
			}
		}
	}

	/** The repeated keys' count. */
	int size() {
		return this.keys.size();
	}

	/** Rows of the table with key {@code g}. */
	long rows(int g) {
		return this.rowsPerKey.get(g);
	}

	/** Whether {@code key} may be one of these (its {@link LooseKey} is one of theirs); most keys are not near any. */
	boolean mayHold(Object[] key) {
		return this.byLooseKey.containsKey(LooseKey.of(key));
	}

	/** Key {@code g} as messages show it: {@code (a, 0x0102)}. */
	String text(int g) {
		List<String> parts = new ArrayList<>();
		for (Object value : this.keys.get(g)) {
			parts.add(value instanceof byte[] bytes ? "0x" + HexFormat.of().formatHex(bytes) : String.valueOf(value));
		}
		return "(" + String.join(", ", parts) + ")";
	}

}
