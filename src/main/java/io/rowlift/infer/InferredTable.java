package io.rowlift.infer;

import java.util.List;

/**
 * A table inferred from a whole file: its columns, the value formats the load must be told, and the
 * primary key found (if any). Immutable.
 *
 * @param table the table's name
 * @param file how messages name the file
 * @param columns in file order
 * @param datePattern the {@code rowlift.source.date-format} the DATE columns need, or null for the ISO default
 * @param timestampPattern the {@code rowlift.source.timestamp-format} the timestamp columns need, or null for ISO
 * @param key the primary key column's index, or -1
 * @param keyNotes how the key was checked, one line per id-like column
 * @param records records read (data records, without the header)
 * @param badRecords records the load would reject as they are (wrong field count, broken quotes)
 * @param firstBad where the first of those is, or null
 * @param bytes bytes of data read
 */
public record InferredTable(String table, String file, List<InferredColumn> columns, String datePattern,
		String timestampPattern, int key, List<String> keyNotes, long records, long badRecords, String firstBad, long bytes) {

	/** The settings a load of the file needs beside the path and the table, as {@code --key=value}. */
	public List<String> loadSettings() {
		List<String> settings = new java.util.ArrayList<>();
		if (this.datePattern != null) {
			settings.add("--rowlift.source.date-format=" + this.datePattern);
		}
		if (this.timestampPattern != null) {
			settings.add("--rowlift.source.timestamp-format=" + this.timestampPattern);
		}
		return settings;
	}

}
