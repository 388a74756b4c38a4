package io.rowlift.infer;

import java.util.Locale;

/**
 * The migration that creates an inferred table in one database: that database's SQL type for each
 * logical type, its quoting, and a comment with the statistics behind each choice. One small class per
 * database ({@link SqliteTableDdl}, {@link MySqlTableDdl}), so that type choices stay out of the load's
 * dialects. Stateless.
 */
interface TableDdl {

	/** The folder under the output folder, as Flyway's {@code {vendor}}: {@code sqlite}, {@code mysql}. */
	String vendor();

	/** The migration's SQL: a header comment, then {@code CREATE TABLE}. */
	String createTable(InferredTable table);

	/** Text safe inside a {@code --} comment: no line breaks, no Flyway placeholder. */
	static String comment(String text) {
		StringBuilder sb = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			sb.append(c < 0x20 || c == 0x7f ? '?' : c);
		}
		return sb.toString().replace("${", "$ {");
	}

	/**
	 * Characters a VARCHAR gets for a longest value of {@code longest}: 25 % more, rounded up to a
	 * multiple of 8, at least 8 (the headroom the comment states).
	 */
	static int varcharLength(int longest) {
		int n = (int) Math.ceil(longest * 1.25);
		return Math.max(8, (n + 7) / 8 * 8);
	}

	/** The header comment both migrations share: file, records, settings the load needs, the key. */
	static String header(InferredTable t, String vendor) {
		StringBuilder sb = new StringBuilder();
		String file = comment(java.nio.file.Path.of(t.file()).getFileName().toString());
		sb.append("-- Written by rowlift infer from ").append(file).append(": ")
			.append(String.format(Locale.ROOT, "%,d records, %,d bytes of data, every value read", t.records(), t.bytes()))
			.append(" (").append(vendor).append(").\n");
		sb.append("-- Load it with: rowlift load --rowlift.source.path=").append(file)
			.append(" --rowlift.target.table=").append(comment(t.table()));
		for (String setting : t.loadSettings()) {
			sb.append(' ').append(comment(setting));
		}
		sb.append('\n');
		if (t.loadSettings().isEmpty()) {
			sb.append("-- Dates and timestamps, if any, are ISO-8601 (the loader's default): no format setting needed.\n");
		}
		if (t.badRecords() > 0) {
			sb.append(String.format(Locale.ROOT, "-- WARNING: %,d record(s) the load will reject as they are, the first at %s\n",
					t.badRecords(), comment(t.firstBad())));
		}
		for (String note : t.keyNotes()) {
			sb.append("-- Key: ").append(comment(note)).append('\n');
		}
		sb.append("-- VARCHAR lengths: the longest value seen plus 25 %, rounded up to a multiple of 8.\n");
		return sb.toString();
	}

}
