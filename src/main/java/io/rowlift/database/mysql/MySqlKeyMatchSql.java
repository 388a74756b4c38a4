package io.rowlift.database.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.rowlift.database.KeyMatchSql;
import io.rowlift.database.LoadMode;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.UniqueKey;

/** MySQL's unique keys and its {@code ON DUPLICATE KEY UPDATE} clauses for the modes that match keys. */
final class MySqlKeyMatchSql implements KeyMatchSql {

	private final MySqlDialect dialect;

	MySqlKeyMatchSql(MySqlDialect dialect) {
		this.dialect = dialect;
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
					String c = this.dialect.quote(column.name());
					set.add(qualifier + c + " = " + (set.isEmpty() ? "IF(" + count + ", VALUES(" + c + "), VALUES(" + c + "))" : "VALUES(" + c + ")"));
				}
			}
		}
		if (set.isEmpty()) { // ignore, or an upsert whose columns are all the key's: the row stays as it is
			String k = qualifier + this.dialect.quote(key.columns().get(0));
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

}
