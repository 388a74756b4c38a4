package io.rowlift.infer;

import java.util.List;

/**
 * SQLite's migration for an inferred table. SQLite keeps 64-bit integers and, in a column of NUMERIC
 * affinity (DECIMAL), at most 15 significant digits; so integers beyond 64 bits and decimals of more
 * than 15 digits are TEXT here, which keeps every digit. Declared names follow what the loader reads
 * from them (INTEGER, DECIMAL(p,s), REAL, BOOLEAN, DATE, TIME, DATETIME, VARCHAR, TEXT); lengths are
 * stated but not enforced by SQLite. An integer key is {@code INTEGER PRIMARY KEY}, the rowid itself.
 */
final class SqliteTableDdl implements TableDdl {

	/** Significant digits a NUMERIC value keeps in SQLite. */
	static final int NUMERIC_DIGITS = 15;

	@Override
	public String vendor() {
		return "sqlite";
	}

	/** The column's SQL type and why, as {@code [type, reason]}. */
	static String[] type(InferredColumn c) {
		return switch (c.type()) {
			case EMPTY -> new String[] { "TEXT", "TEXT (no value to size it by)" };
			case BOOLEAN -> new String[] { "BOOLEAN", "BOOLEAN (stored as 1/0)" };
			case INTEGER -> new String[] { "INTEGER", "INTEGER (SQLite's 64-bit integer)" };
			case BIG_INTEGER -> new String[] { "TEXT", "TEXT (beyond SQLite's 64-bit integers; text keeps every digit)" };
			case DECIMAL -> c.precision() <= NUMERIC_DIGITS && c.scale() <= NUMERIC_DIGITS
					? new String[] { "DECIMAL(" + c.precision() + "," + c.scale() + ")",
							"DECIMAL(" + c.precision() + "," + c.scale() + ") (the digits seen)" }
					: new String[] { "TEXT", "TEXT (" + c.precision() + " digits: SQLite's NUMERIC keeps 15, text keeps every digit)" };
			case DOUBLE -> new String[] { "REAL", "REAL (a double)" };
			case DATE -> new String[] { "DATE", "DATE (stored as ISO text)" };
			case TIME -> new String[] { "TIME", "TIME (stored as ISO text)" };
			case TIMESTAMP -> new String[] { "DATETIME", "DATETIME (stored as ISO text)" };
			case TEXT -> text(c);
		};
	}

	private static String[] text(InferredColumn c) {
		int longest = c.stats().maxChars;
		if (longest > 16_383) {
			return new String[] { "TEXT", "TEXT (longer than a VARCHAR is worth declaring)" };
		}
		int n = TableDdl.varcharLength(longest);
		return new String[] { "VARCHAR(" + n + ")", "VARCHAR(" + n + ") (not enforced by SQLite)" };
	}

	@Override
	public String createTable(InferredTable t) {
		StringBuilder sb = new StringBuilder(TableDdl.header(t, "SQLite"));
		sb.append("CREATE TABLE ").append(ColumnNames.sqlite(t.table())).append(" (\n");
		List<InferredColumn> columns = t.columns();
		for (int i = 0; i < columns.size(); i++) {
			InferredColumn c = columns.get(i);
			String[] type = type(c);
			sb.append("    -- ").append(TableDdl.comment(c.name() + ": " + c.summary() + " -> " + type[1]))
				.append(i == t.key() ? "; the primary key" : "").append('\n');
			sb.append("    ").append(ColumnNames.sqlite(c.name())).append(' ').append(type[0]);
			sb.append(c.nullable() ? "" : " NOT NULL");
			sb.append(i == t.key() ? " PRIMARY KEY" : "");
			sb.append(i + 1 < columns.size() ? ",\n" : "\n");
		}
		sb.append(");\n");
		return sb.toString();
	}

}
