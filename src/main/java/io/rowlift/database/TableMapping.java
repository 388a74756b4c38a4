package io.rowlift.database;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

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
		return header ? byName(table, names, file, null, false) : byPosition(table, fieldCount, file);
	}

	/**
	 * Matches the keys of a keyed input (JSON Lines), found anywhere in it, to columns by name, as a header's:
	 * a key no column has is refused unless {@code ignoreUnknown} (then its field is not loaded), a NOT NULL column
	 * without default that no key fills is refused.
	 * @param keys the keys, in field order
	 * @param places for each key, where it was first seen ({@code events.jsonl:17 (byte 2040)})
	 * @param ignoreUnknown whether keys no column has are left out
	 * @param file the file, as messages name it
	 * @throws RowliftException (exit 2) when the file and the table do not fit
	 */
	public static TableMapping byKeys(TableInfo table, List<String> keys, IntFunction<String> places, boolean ignoreUnknown,
			String file) {
		if (keys.isEmpty()) {
			throw RowliftException.badInput(file + " has no JSON object with a key in it; nothing to load into " + table.name());
		}
		return byName(table, keys, file, places, ignoreUnknown);
	}

	private static TableMapping byName(TableInfo table, List<String> names, String file, IntFunction<String> places,
			boolean ignoreUnknown) {
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
			if (earlier != null && places != null) {
				throw new IllegalStateException("keys match case-insensitively, yet '" + name + "' came twice");
			}
			if (earlier != null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names column '" + name
						+ "' twice (also field " + (earlier + 1) + "); rename or remove one of them");
			}
			TableColumn column = byName.get(key);
			if (column == null && places != null) {
				if (ignoreUnknown) {
					continue;
				}
				throw RowliftException.badInput(places.apply(i) + ": key '" + name + "' names no column of table " + table.name()
						+ " (its columns: " + columnList(table) + "); fix the data, add the column with a migration, or set "
						+ "rowlift.source.ignore-unknown=true to leave such keys out");
			}
			if (column == null) {
				throw RowliftException.badInput(file + ":1:" + (i + 1) + ": the header names column '" + name
						+ "', which table " + table.name() + " does not have (its columns: " + columnList(table)
						+ "); fix the header, or add the column with a migration");
			}
			fields[columns.size()] = i;
			columns.add(column);
		}
		for (TableColumn column : table.columns()) {
			boolean given = seen.containsKey(column.name().toLowerCase(Locale.ROOT));
			if (!column.nullable() && !column.hasDefault() && !given && places != null) {
				throw RowliftException.badInput(file + ": no line has key '" + column.name() + "', which table " + table.name()
						+ " requires (NOT NULL without a default); add it to the data, or give the column a default");
			}
			if (!column.nullable() && !column.hasDefault() && !given) {
				throw RowliftException.badInput(file + ":1: the header has no column '" + column.name() + "', which table "
						+ table.name() + " requires (NOT NULL without a default); add it to the file, or give the column a default");
			}
		}
		return new TableMapping(table, List.copyOf(columns), java.util.Arrays.copyOf(fields, columns.size()), names.size());
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
