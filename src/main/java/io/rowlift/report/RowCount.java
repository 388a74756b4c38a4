package io.rowlift.report;

import java.util.Locale;

/** A count of rows as the operator reads it: {@code 1 row}, {@code 580,000 rows}. Stateless. */
public final class RowCount {

	private RowCount() {
	}

	/** {@code count} with thousands separators, then {@code row} or {@code rows}. */
	public static String of(long count) {
		return String.format(Locale.ROOT, "%,d %s", count, count == 1 ? "row" : "rows");
	}

}
