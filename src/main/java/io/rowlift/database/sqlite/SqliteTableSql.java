package io.rowlift.database.sqlite;

import java.sql.SQLException;

import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableSql;

/** SQLite's column kinds (its affinity rules), bindings and small statements. */
final class SqliteTableSql implements TableSql {

	/** The COLUMN_SIZE sqlite-jdbc gives a column whose type declares no size. */
	private static final int UNDECLARED_SIZE = 2_000_000_000;

	/**
	 * By the declared type name, following SQLite's own affinity rules (a name with INT is an
	 * integer, and so on), refined for dates, times, booleans and decimals. SQLite integers are
	 * 64-bit whatever the declared width, and text has no length limit.
	 */
	@Override
	public ColumnKind kindOf(TableColumn column) {
		String t = column.typeName() == null ? "" : column.typeName().toUpperCase(java.util.Locale.ROOT);
		if (t.contains("INT")) {
			return ColumnKind.integer(Long.MIN_VALUE, Long.MAX_VALUE);
		}
		if (t.contains("BOOL")) {
			return ColumnKind.of(ColumnKind.Type.BOOLEAN);
		}
		if (t.contains("DATETIME") || t.contains("TIMESTAMP")) {
			return ColumnKind.of(ColumnKind.Type.TIMESTAMP);
		}
		if (t.contains("DATE")) {
			return ColumnKind.of(ColumnKind.Type.DATE);
		}
		if (t.contains("TIME")) {
			return ColumnKind.of(ColumnKind.Type.TIME);
		}
		if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
			return ColumnKind.text(0);
		}
		if (t.contains("BLOB") || t.contains("BINARY")) {
			return ColumnKind.of(ColumnKind.Type.BLOB);
		}
		if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
			return ColumnKind.of(ColumnKind.Type.FLOAT);
		}
		if (t.contains("DEC") || t.contains("NUMERIC")) {
			return decimalKind(t, column);
		}
		return ColumnKind.of(ColumnKind.Type.OTHER);
	}

	/**
	 * sqlite-jdbc's metadata of a column declared {@code DECIMAL(p,s)}: type name {@code DECIMAL}, COLUMN_SIZE
	 * {@code p + s} (not p: it adds the scale), DECIMAL_DIGITS s; {@code DECIMAL(p)}: p and 0. A bare
	 * {@code DECIMAL} gets its no-size defaults, 2000000000 and 10, kept as they are (10 digits after the point).
	 * A type name that keeps its parentheses is read as written.
	 */
	private static ColumnKind decimalKind(String typeName, TableColumn column) {
		java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\((\\d+)\\s*(?:,\\s*(\\d+))?\\)").matcher(typeName);
		if (m.find()) {
			return ColumnKind.decimal(Integer.parseInt(m.group(1)), m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
		}
		int scale = Math.max(0, column.scale());
		if (column.size() <= 0) {
			return ColumnKind.decimal(0, 0);
		}
		return ColumnKind.decimal(column.size() == UNDECLARED_SIZE ? column.size() : column.size() - scale, scale);
	}

	/** As text: the column's affinity stores it (NUMERIC keeps 15 significant digits; a TEXT column keeps all). */
	@Override
	public void bindDecimal(io.rowlift.database.ValueSink statement, int parameter, java.math.BigDecimal value)
			throws SQLException {
		statement.setString(parameter, value.toPlainString());
	}

	@Override
	public String batchSchemaScript() {
		return "org/springframework/batch/core/schema-sqlite.sql";
	}

	/** SQLite's {@code IS} compares NULL as a value. */
	@Override
	public String nullSafeEquals(String column) {
		return column + " IS ?";
	}

	/**
	 * By rowid (SQLite's DELETE takes no LIMIT unless compiled with it), the newest of equal rows: a row
	 * the table held before the load, or an earlier chunk's, keeps the values the file does not fill.
	 */
	@Override
	public String deleteOneRow(String table, String condition) {
		return "DELETE FROM " + table + " WHERE rowid = (SELECT rowid FROM " + table + " WHERE " + condition
				+ " ORDER BY rowid DESC LIMIT 1)";
	}

}
