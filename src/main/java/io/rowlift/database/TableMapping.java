package io.rowlift.database;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.rowlift.RowliftException;

/**
 * Which field of a record goes to which column (contract, "Mapping a file onto a table").
 *
 * <p>With a header, names are matched to columns case-insensitively; a duplicated name, a name no
 * column has, or a NOT NULL column without default that the file does not give is refused (exit 2),
 * naming the column. Without a header, field i goes to column i and the counts must match.
 *
 * @param table the target table
 * @param columns the loaded columns, in the order of the INSERT's parameters
 * @param fields for each loaded column, the 0-based field it comes from
 * @param fieldCount how many fields every record must have
 */
public record TableMapping(TableInfo table, List<TableColumn> columns, int[] fields, int fieldCount) {

	/**
	 * @param table the target table
	 * @param names the header's names (ignored without a header)
	 * @param fieldCount fields in the header (or first record)
	 * @param header whether the file has a header
	 * @param file the file, as messages name it
	 * @throws RowliftException (exit 2) when the file and the table do not fit
	 */
	public static TableMapping of(TableInfo table, List<String> names, int fieldCount, boolean header, String file) {
		if (fieldCount == 0) {
			throw RowliftException.badInput(file + " is empty: it has no " + (header ? "header" : "record")
					+ "; nothing to load into " + table.name());
		}
		return header ? byName(table, names, file) : byPosition(table, fieldCount, file);
	}

	private static TableMapping byName(TableInfo table, List<String> names, String file) {
		Map<String, TableColumn> byName = new HashMap<>();
		for (TableColumn column : table.columns()) {
			byName.put(column.name().toLowerCase(Locale.ROOT), column);
		}
		Map<String, Integer> seen = new HashMap<>();
		List<TableColumn> columns = new ArrayList<>();
		int[] fields = new int[names.size()];
		for (int i = 0; i < names.size(); i++) {
			String name = names.get(i);
			String key = name.toLowerCase(Locale.ROOT);
			Integer earlier = seen.put(key, i);
			if (earlier != null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names column '" + name
						+ "' twice (also field " + (earlier + 1) + "); rename or remove one of them");
			}
			TableColumn column = byName.get(key);
			if (column == null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names column '" + name
						+ "', which table " + table.name() + " does not have (its columns: " + columnList(table)
						+ "); fix the header, or add the column with a migration");
			}
			fields[columns.size()] = i;
			columns.add(column);
		}
		for (TableColumn column : table.columns()) {
			if (!column.nullable() && !column.hasDefault() && !seen.containsKey(column.name().toLowerCase(Locale.ROOT))) {
				throw RowliftException.badInput(file + ":1: the header has no column '" + column.name() + "', which table "
						+ table.name() + " requires (NOT NULL without a default); add it to the file, or give the column a default");
			}
		}
		return new TableMapping(table, List.copyOf(columns), fields, names.size());
	}

	private static TableMapping byPosition(TableInfo table, int fieldCount, String file) {
		if (fieldCount != table.columns().size()) {
			throw RowliftException.badInput(file + ":1: the first record has " + fieldCount + " fields but table "
					+ table.name() + " has " + table.columns().size() + " columns (" + columnList(table)
					+ "); without a header (rowlift.source.header=false) field i goes to column i, so the counts must match");
		}
		int[] fields = new int[fieldCount];
		for (int i = 0; i < fieldCount; i++) {
			fields[i] = i;
		}
		return new TableMapping(table, table.columns(), fields, fieldCount);
	}

	private static String columnList(TableInfo table) {
		return String.join(", ", table.columns().stream().map(TableColumn::name).toList());
	}

	/** {@code INSERT INTO t (c1, c2) VALUES (?, ?)}, identifiers quoted by {@code dialect}. */
	public String insertSql(TargetDialect dialect) {
		return insertSql(dialect, 1);
	}

	/** An INSERT of {@code rows} rows: {@code INSERT INTO t (c1, c2) VALUES (?, ?), (?, ?), ...}. */
	public String insertSql(TargetDialect dialect, int rows) {
		StringBuilder sql = new StringBuilder(dialect.statementTag(this.table.name())).append("INSERT INTO ")
			.append(dialect.quote(this.table.name()))
			.append(" (");
		StringBuilder values = new StringBuilder(") VALUES (");
		for (int i = 0; i < this.columns.size(); i++) {
			sql.append(i == 0 ? "" : ", ").append(dialect.quote(this.columns.get(i).name()));
			values.append(i == 0 ? "?" : ", ?");
		}
		String group = values.substring(") VALUES ".length()) + ")";
		sql.append(values).append(')');
		for (int r = 1; r < rows; r++) {
			sql.append(", ").append(group);
		}
		return sql.toString();
	}

}
