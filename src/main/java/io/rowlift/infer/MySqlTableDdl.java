package io.rowlift.infer;

import java.util.ArrayList;
import java.util.List;

/**
 * MySQL's (and MariaDB's) migration for an inferred table: the smallest integer type that holds the
 * values seen (UNSIGNED when none is negative), BIGINT UNSIGNED or DECIMAL(n,0) beyond 64 bits,
 * DECIMAL(p,s) up to MySQL's 65 digits and scale 30, DOUBLE, BOOLEAN, DATE, TIME(f) and DATETIME(f) up to
 * 6 fraction digits (MySQL's limit; more digits would be rounded, so such a column stays text), and
 * VARCHAR(n) in characters of utf8mb4 while the row stays within MySQL's 65,535-byte limit (the longest
 * VARCHARs become TEXT until it does). A text key is compared byte by byte ({@code utf8mb4_bin}), as the
 * file's values were checked. Stateless.
 */
final class MySqlTableDdl implements TableDdl {

	/** Bytes MySQL allows a row's VARCHARs and fixed columns, less some room for the row's own overhead. */
	static final int ROW_BYTES = 65_535 - 1_024;

	/** The longest VARCHAR written, in characters (utf8mb4: 4 bytes each). */
	static final int LONGEST_VARCHAR = 16_383;

	private static final String[][] INTEGERS = { { "TINYINT", "-128", "127", "255" }, { "SMALLINT", "-32768", "32767", "65535" },
			{ "MEDIUMINT", "-8388608", "8388607", "16777215" }, { "INT", "-2147483648", "2147483647", "4294967295" },
			{ "BIGINT", "-9223372036854775808", "9223372036854775807", "9223372036854775807" } };

	@Override
	public String vendor() {
		return "mysql";
	}

	/** The column's SQL type and why, as {@code [type, reason]}; VARCHARs as sized before the row limit. */
	static String[] type(InferredColumn c, boolean key) {
		return switch (c.type()) {
			case EMPTY -> new String[] { "TEXT", "TEXT (no value to size it by)" };
			case BOOLEAN -> new String[] { "BOOLEAN", "BOOLEAN (TINYINT(1), stored as 1/0)" };
			case INTEGER -> integer(c.stats().min, c.stats().max);
			case BIG_INTEGER -> !c.stats().beyond64 && !c.stats().negative
					? new String[] { "BIGINT UNSIGNED", "BIGINT UNSIGNED (beyond BIGINT, none negative, at most 2^64-1)" }
					: c.precision() <= 65 ? new String[] { "DECIMAL(" + c.precision() + ",0)", "DECIMAL(" + c.precision() + ",0) (beyond 64 bits)" }
							: text(c, key, "more than DECIMAL's 65 digits");
			case DECIMAL -> c.precision() <= 65 && c.scale() <= 30
					? new String[] { "DECIMAL(" + c.precision() + "," + c.scale() + ")",
							"DECIMAL(" + c.precision() + "," + c.scale() + ") (the digits seen)" }
					: text(c, key, "more digits than MySQL's DECIMAL(65,30)");
			case DOUBLE -> new String[] { "DOUBLE", "DOUBLE" };
			case DATE -> new String[] { "DATE", "DATE" };
			case TIME -> c.stats().timeFraction <= 6
					? new String[] { fraction("TIME", c.stats().timeFraction), fraction("TIME", c.stats().timeFraction) }
					: text(c, key, "more than 6 fraction digits, which MySQL would round");
			case TIMESTAMP -> c.stats().timestampFraction <= 6
					? new String[] { fraction("DATETIME", c.stats().timestampFraction),
							fraction("DATETIME", c.stats().timestampFraction) + " (no time zone: loaded as read, offsets converted)" }
					: text(c, key, "more than 6 fraction digits, which MySQL would round");
			case TEXT -> text(c, key, null);
		};
	}

	private static String fraction(String type, int digits) {
		return digits == 0 ? type : type + "(" + digits + ")";
	}

	static String[] integer(long min, long max) {
		boolean unsigned = min >= 0;
		for (String[] t : INTEGERS) {
			boolean fits = unsigned ? Long.parseLong(t[3]) >= max : Long.parseLong(t[1]) <= min && Long.parseLong(t[2]) >= max;
			if (fits) {
				String type = t[0] + (unsigned ? " UNSIGNED" : "");
				return new String[] { type, type + " (the smallest that holds them" + (unsigned ? ", none negative)" : ")") };
			}
		}
		return new String[] { "BIGINT", "BIGINT" };
	}

	private static String[] text(InferredColumn c, boolean key, String why) {
		int longest = c.stats().maxChars;
		String because = why == null ? "" : why + ": ";
		int n = TableDdl.varcharLength(longest);
		if (n <= LONGEST_VARCHAR) {
			String collate = key ? " COLLATE utf8mb4_bin" : "";
			return new String[] { "VARCHAR(" + n + ")" + collate, because + "VARCHAR(" + n + ")" + collate };
		}
		return longText(c, because);
	}

	private static String[] longText(InferredColumn c, String because) {
		long bytes = (long) Math.ceil(c.stats().maxBytes * 1.25);
		String type = bytes <= 65_535 ? "TEXT" : bytes <= 16_777_215 ? "MEDIUMTEXT" : "LONGTEXT";
		return new String[] { type, because + type + " (by the longest value's bytes plus 25 %)" };
	}

	@Override
	public String createTable(InferredTable t) {
		List<InferredColumn> columns = t.columns();
		List<String[]> types = new ArrayList<>();
		for (int i = 0; i < columns.size(); i++) {
			types.add(type(columns.get(i), i == t.key()));
		}
		fitRow(columns, types, t.key());
		StringBuilder sb = new StringBuilder(TableDdl.header(t, "MySQL/MariaDB"));
		sb.append("CREATE TABLE ").append(ColumnNames.mysql(t.table())).append(" (\n");
		for (int i = 0; i < columns.size(); i++) {
			InferredColumn c = columns.get(i);
			String[] type = types.get(i);
			sb.append("    -- ").append(TableDdl.comment(c.name() + ": " + c.summary() + " -> " + type[1]))
				.append(i == t.key() ? "; the primary key" : "").append('\n');
			sb.append("    ").append(ColumnNames.mysql(c.name())).append(' ').append(type[0]);
			sb.append(c.nullable() ? "" : " NOT NULL");
			sb.append(i == t.key() ? " PRIMARY KEY" : "");
			sb.append(i + 1 < columns.size() ? ",\n" : "\n");
		}
		sb.append(") ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;\n");
		return sb.toString();
	}

	/** Makes the longest VARCHARs TEXT until the row's VARCHARs (4 bytes a character, 2 of length) fit MySQL's row limit. */
	private static void fitRow(List<InferredColumn> columns, List<String[]> types, int key) {
		while (true) {
			long bytes = 0;
			int longest = -1;
			int longestLength = 0;
			for (int i = 0; i < types.size(); i++) {
				String type = types.get(i)[0];
				if (type.startsWith("VARCHAR(")) {
					int n = Integer.parseInt(type.substring(8, type.indexOf(')')));
					bytes += 4L * n + 2;
					if (n > longestLength && i != key) {
						longest = i;
						longestLength = n;
					}
				}
				else {
					bytes += 16; // a fixed-size column, or a TEXT's pointer
				}
			}
			if (bytes <= ROW_BYTES || longest < 0) {
				return;
			}
			types.set(longest, longText(columns.get(longest), "TEXT, as the row's VARCHARs would pass MySQL's 65,535-byte row limit: "));
		}
	}

}
