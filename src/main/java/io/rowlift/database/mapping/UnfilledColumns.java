package io.rowlift.database.mapping;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;

/**
 * The advice for a header name the table lacks: a column of the table that nothing else fills, named so the
 * mapping it advises ({@code rowlift.target.columns.<column>.from=NAME}) can be pasted as printed (issue 34 item
 * 7: it printed {@code <column>} for the user to fill in). The column chosen is one the load needs most: a
 * required column (no NULL, no default), then one that takes NULL, then one with a default (an id the database
 * makes); among those, the name closest to the header's (edit distance), then table order. Stateless.
 */
final class UnfilledColumns {

	private UnfilledColumns() {
	}

	/**
	 * @param table the target table
	 * @param names the header's names
	 * @param filledElsewhere lower-case names of the columns a mapping or an expression fills already
	 * @param name the header name the table lacks
	 * @return {@code "map it to column C with rowlift.target.columns.C.from=NAME (...)"}, or empty when every
	 *     column is filled already
	 */
	static String mapping(TableInfo table, List<String> names, Set<String> filledElsewhere, String name) {
		Set<String> named = new java.util.HashSet<>();
		for (String header : names) {
			named.add(header.toLowerCase(Locale.ROOT));
		}
		List<TableColumn> unfilled = new ArrayList<>();
		for (TableColumn column : table.columns()) {
			String key = column.name().toLowerCase(Locale.ROOT);
			if (!named.contains(key) && !filledElsewhere.contains(key)) {
				unfilled.add(column);
			}
		}
		if (unfilled.isEmpty()) {
			return "";
		}
		String wanted = name.toLowerCase(Locale.ROOT);
		List<TableColumn> ranked = new ArrayList<>(unfilled);
		ranked.sort(Comparator.comparingInt(UnfilledColumns::need)
			.thenComparingInt(c -> io.rowlift.model.EditDistance.between(c.name().toLowerCase(Locale.ROOT), wanted)));
		TableColumn best = ranked.get(0);
		String others = unfilled.size() == 1 ? ""
				: " (or another column the header leaves unfilled: " + String.join(", ",
						unfilled.stream().filter(c -> c != best).map(TableColumn::name).toList()) + ")";
		return "map it to column " + best.name() + " with " + ColumnChoices.fromKey(best.name()) + "=" + name + others;
	}

	/** 0 for a column the load must fill (no NULL, no default), 1 for one that takes NULL, 2 for one with a default (an id the database makes). */
	private static int need(TableColumn column) {
		return column.hasDefault() ? 2 : column.nullable() ? 1 : 0;
	}

}
