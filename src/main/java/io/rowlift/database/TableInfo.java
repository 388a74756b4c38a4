package io.rowlift.database;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The target table's name (as the database spells it) and columns in table order, read from JDBC
 * metadata.
 *
 * @param name the table name
 * @param columns the columns in table order
 * @param primaryKey the primary key's columns in key order (empty when it has none): the order
 *     the table is stored in (InnoDB's clustered index, SQLite's rowid or WITHOUT ROWID key)
 */
public record TableInfo(String name, List<TableColumn> columns, List<String> primaryKey) {

	public TableInfo(String name, List<TableColumn> columns) {
		this(name, columns, List.of());
	}

	/**
	 * Looks {@code table} up, preferring an exact match and otherwise matching case-insensitively.
	 * @return the table, or empty if no table has that name
	 */
	public static Optional<TableInfo> read(Connection connection, String table) throws SQLException {
		DatabaseMetaData meta = connection.getMetaData();
		String catalog = connection.getCatalog();
		String found = null;
		try (ResultSet tables = meta.getTables(catalog, null, "%", new String[] { "TABLE" })) {
			while (tables.next()) {
				String name = tables.getString("TABLE_NAME");
				if (name.equals(table)) {
					found = name;
					break;
				}
				if (found == null && name.equalsIgnoreCase(table)) {
					found = name;
				}
			}
		}
		if (found == null) {
			return Optional.empty();
		}
		List<TableColumn> columns = new ArrayList<>();
		try (ResultSet rs = meta.getColumns(catalog, null, found, "%")) {
			while (rs.next()) {
				boolean generated = "YES".equalsIgnoreCase(rs.getString("IS_AUTOINCREMENT"))
						|| "YES".equalsIgnoreCase(safeString(rs, "IS_GENERATEDCOLUMN"));
				columns.add(new TableColumn(rs.getString("COLUMN_NAME"), rs.getInt("DATA_TYPE"), rs.getString("TYPE_NAME"),
						rs.getInt("COLUMN_SIZE"), rs.getInt("DECIMAL_DIGITS"), rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls,
						generated || rs.getString("COLUMN_DEF") != null));
			}
		}
		java.util.TreeMap<Integer, String> key = new java.util.TreeMap<>();
		try (ResultSet rs = meta.getPrimaryKeys(catalog, null, found)) {
			while (rs.next()) {
				key.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
			}
		}
		return Optional.of(new TableInfo(found, List.copyOf(columns), List.copyOf(key.values())));
	}

	private static String safeString(ResultSet rs, String column) {
		try {
			return rs.getString(column);
		}
		catch (SQLException ex) {
			return null; // drivers that predate JDBC 4.1 lack the column
		}
	}

}
