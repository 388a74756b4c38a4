package io.rowlift.source.csv;

import java.util.List;

import io.rowlift.model.RawRecord;

/**
 * A file whose every line ends with a delimiter ({@code id,name,} then {@code 1,a,}): its header's last name is
 * empty, and so is every record's last field. That field is no column: the mapping leaves it out (an empty last
 * header name fills nothing), the summary says so once ({@link #NOTE}), and a record whose last field holds a value
 * is a bad record ({@link #PROBLEM}), as the header gives that value no column. A line without the trailing
 * delimiter has one field less, which the field count refuses like any other. Stateless.
 */
public final class TrailingDelimiter {

	/** What the summary says of such a file. */
	public static final String NOTE = "the header ends with a delimiter (its last name is empty): the empty field after "
			+ "the last delimiter of every line is no column";

	/** Why a record whose trailing field holds a value is refused; the locator puts the place in front. */
	public static final String PROBLEM = "a value after the last delimiter, where the header ends with a delimiter (its "
			+ "last name is empty) and so gives it no column; remove the value, or name the column in the header";

	private TrailingDelimiter() {
	}

	/**
	 * The index of the trailing field of a file with these header names (more than one name, the last empty), or -1
	 * when the file has none.
	 */
	public static int field(List<String> names) {
		return names.size() > 1 && names.get(names.size() - 1).isEmpty() ? names.size() - 1 : -1;
	}

	/** Whether {@code record}, of a file whose trailing field is {@code field}, holds a value there. */
	public static boolean holdsValue(RawRecord record, int field) {
		return field >= 0 && record.fieldCount() == field + 1 && record.length(field) > 0;
	}

}
