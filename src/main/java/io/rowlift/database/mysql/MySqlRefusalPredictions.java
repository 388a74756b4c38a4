package io.rowlift.database.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.rowlift.database.TableColumn;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.UniqueKey;

/**
 * The queries that name the staged rows a MySQL / MariaDB table will probably refuse, one per constraint, read
 * once from {@code information_schema}: each selects the {@code seq} of the staged rows that break it. CHECK
 * constraints (table and column level, {@code CHECK_CONSTRAINTS}): the rows whose clause is FALSE (NULL passes,
 * as in the table); foreign keys whose columns are all mapped: the rows whose non-NULL key is not in the parent;
 * unique keys whose columns are all mapped: the rows whose key is in the table already, and each later row of a key
 * repeated within the staged rows (the first occurrence is the one the file order keeps). NOT NULL is not asked:
 * Rowlift's binder refuses a NULL for a NOT NULL column before the database sees it. {@link #columns} are the mapped
 * columns these queries read (a CHECK's: those its clause names), all the staging table needs.
 *
 * <p>A guess only: a constraint whose query cannot run on the staging table (a CHECK naming a column the load does
 * not fill, MySQL 8's "can't reopen" of a temporary table) is left out, and what it would have refused makes the
 * caller's stream of the other rows fail, which is then halved. Immutable and thread-safe.
 */
final class MySqlRefusalPredictions {

	private final List<String> queries;

	private final Set<String> columns;

	private MySqlRefusalPredictions(List<String> queries, Set<String> columns) {
		this.queries = List.copyOf(queries);
		this.columns = columns;
	}

	List<String> queries() {
		return this.queries;
	}

	/** The mapped columns the queries read, case-insensitive. */
	Set<String> columns() {
		return this.columns;
	}

	/**
	 * Reads the constraints of {@code mapping}'s table on {@code connection}.
	 * @param stage the staging table, quoted; its columns named as the table's, plus {@code seq}
	 */
	static MySqlRefusalPredictions read(Connection connection, MySqlDialect dialect, TableMapping mapping, String stage, String seq)
			throws SQLException {
		String table = mapping.table().name();
		Set<String> mapped = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
		for (TableColumn column : mapping.columns()) {
			mapped.add(column.name());
		}
		List<String> queries = new ArrayList<>();
		Set<String> read = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
		String from = "SELECT s." + seq + " FROM " + stage + " s";
		for (String clause : checkClauses(connection, table)) {
			queries.add(from + " WHERE NOT (" + clause + ")");
			String lower = clause.toLowerCase(Locale.ROOT);
			for (String column : mapped) {
				if (lower.contains(dialect.quote(column).toLowerCase(Locale.ROOT))) { // the server spells a clause's columns quoted
					read.add(column);
				}
			}
		}
		for (ForeignKey key : foreignKeys(connection, table)) {
			if (mapped.containsAll(key.columns)) {
				read.addAll(key.columns);
				List<String> present = new ArrayList<>();
				List<String> match = new ArrayList<>();
				for (int i = 0; i < key.columns.size(); i++) {
					String column = "s." + dialect.quote(key.columns.get(i));
					present.add(column + " IS NOT NULL");
					match.add("p." + dialect.quote(key.referenced.get(i)) + " = " + column);
				}
				queries.add(from + " WHERE " + String.join(" AND ", present) + " AND NOT EXISTS (SELECT 1 FROM "
						+ dialect.quote(key.schema) + "." + dialect.quote(key.parent) + " p WHERE " + String.join(" AND ", match) + ")");
			}
		}
		for (UniqueKey key : dialect.keys().uniqueKeys(connection, mapping.table())) {
			if (!mapped.containsAll(key.columns())) {
				continue;
			}
			read.addAll(key.columns());
			List<String> inTable = new ArrayList<>();
			List<String> inStage = new ArrayList<>();
			List<String> columns = new ArrayList<>();
			List<String> present = new ArrayList<>();
			for (String name : key.columns()) {
				String column = dialect.quote(name);
				inTable.add("t." + column + " = s." + column);
				inStage.add("d." + column + " = s." + column);
				columns.add(column);
				present.add(column + " IS NOT NULL");
			}
			queries.add(from + " JOIN " + dialect.quote(table) + " t ON " + String.join(" AND ", inTable));
			queries.add(from + " JOIN (SELECT " + String.join(", ", columns) + ", MIN(" + seq + ") AS rowlift_first FROM " + stage
					+ " WHERE " + String.join(" AND ", present) + " GROUP BY " + String.join(", ", columns)
					+ " HAVING COUNT(*) > 1) d ON " + String.join(" AND ", inStage) + " AND s." + seq + " > d.rowlift_first");
		}
		return new MySqlRefusalPredictions(queries, read);
	}

	/** MariaDB's {@code CHECK_CONSTRAINTS} names the table; MySQL 8's only through {@code TABLE_CONSTRAINTS}. */
	private static List<String> checkClauses(Connection connection, String table) throws SQLException {
		String mariaDb = "SELECT CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()"
				+ " AND TABLE_NAME = ? ORDER BY CONSTRAINT_NAME";
		String mySql = "SELECT c.CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS c JOIN information_schema.TABLE_CONSTRAINTS t"
				+ " ON t.CONSTRAINT_SCHEMA = c.CONSTRAINT_SCHEMA AND t.CONSTRAINT_NAME = c.CONSTRAINT_NAME AND t.CONSTRAINT_TYPE = 'CHECK'"
				+ " WHERE c.CONSTRAINT_SCHEMA = DATABASE() AND t.TABLE_NAME = ? ORDER BY c.CONSTRAINT_NAME";
		try {
			return strings(connection, mariaDb, table);
		}
		catch (SQLException ex) {
			if (!"42S22".equals(ex.getSQLState())) { // unknown column TABLE_NAME: MySQL 8
				throw ex;
			}
			return strings(connection, mySql, table);
		}
	}

	private static List<String> strings(Connection connection, String sql, String table) throws SQLException {
		List<String> values = new ArrayList<>();
		try (PreparedStatement ps = connection.prepareStatement(sql)) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					values.add(rs.getString(1));
				}
			}
		}
		return values;
	}

	private record ForeignKey(String schema, String parent, List<String> columns, List<String> referenced) {
	}

	private static List<ForeignKey> foreignKeys(Connection connection, String table) throws SQLException {
		Map<String, ForeignKey> keys = new LinkedHashMap<>();
		try (PreparedStatement ps = connection.prepareStatement("SELECT CONSTRAINT_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME,"
				+ " COLUMN_NAME, REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE()"
				+ " AND TABLE_NAME = ? AND REFERENCED_TABLE_NAME IS NOT NULL ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION")) {
			ps.setString(1, table);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					ForeignKey key = keys.get(rs.getString(1));
					if (key == null) {
						key = new ForeignKey(rs.getString(2), rs.getString(3), new ArrayList<>(), new ArrayList<>());
						keys.put(rs.getString(1), key);
					}
					key.columns.add(rs.getString(4));
					key.referenced.add(rs.getString(5));
				}
			}
		}
		return new ArrayList<>(keys.values());
	}

}
