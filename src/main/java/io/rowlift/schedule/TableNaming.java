package io.rowlift.schedule;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import io.rowlift.RowliftException;
import io.rowlift.load.ReservedTargets;

/**
 * Which table a file of the inbox goes into ({@code rowlift.schedule.table-from-name}): the one table
 * of {@code rowlift.target.table} when the setting is empty; else a template with {@code {name}} (the
 * file name up to its first dot: {@code people.2024.csv} is {@code people}), or a regular expression
 * that must match the whole file name and names the table with its group {@code table}, or without one
 * its first group. The result must be a plain identifier (letters, digits, {@code _}, not starting with
 * a digit), so no file name can make a table name of its own choosing, and no table Rowlift, Spring Batch
 * or Flyway owns ({@link ReservedTargets}). Immutable, thread-safe.
 */
final class TableNaming {

	private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

	private static final String NAME = "{name}";

	private final String fixed;

	private final String template;

	private final Pattern pattern;

	private final String setting;

	private final ReservedTargets reserved;

	private TableNaming(String fixed, String template, Pattern pattern, String setting, ReservedTargets reserved) {
		this.reserved = reserved;
		this.fixed = fixed;
		this.template = template;
		this.pattern = pattern;
		this.setting = setting;
	}

	/**
	 * @param tableFromName {@code rowlift.schedule.table-from-name}, or null
	 * @param table {@code rowlift.target.table}, or null
	 * @throws RowliftException exit 2 when neither names a table, or the pattern is no pattern
	 */
	static TableNaming of(String tableFromName, String table) {
		return of(tableFromName, table, ReservedTargets.of(null));
	}

	/**
	 * As {@link #of(String, String)}, refusing the tables of {@code reserved}.
	 * @throws RowliftException exit 2 also when the one table of {@code rowlift.target.table} is reserved
	 */
	static TableNaming of(String tableFromName, String table, ReservedTargets reserved) {
		if (tableFromName == null || tableFromName.isBlank()) {
			if (table == null || table.isBlank()) {
				throw RowliftException.badInput("rowlift.target.table is not set; name the table to load, as in "
						+ "--rowlift.target.table=people, or name it from the file name with rowlift.schedule.table-from-name");
			}
			reserved.check(table, "rowlift.target.table");
			return new TableNaming(table, null, null, null, reserved);
		}
		if (tableFromName.contains(NAME)) {
			return new TableNaming(null, tableFromName, null, tableFromName, reserved);
		}
		Pattern pattern;
		try {
			pattern = Pattern.compile(tableFromName);
		}
		catch (PatternSyntaxException ex) {
			throw RowliftException.badInput("rowlift.schedule.table-from-name '" + tableFromName + "' is not a regular expression ("
					+ ex.getDescription() + "); write one that matches a whole file name and captures the table, as in (.+)_\\d{8}\\.csv, "
					+ "or a template such as stage_{name}");
		}
		if (pattern.matcher("").groupCount() == 0) {
			throw RowliftException.badInput("rowlift.schedule.table-from-name '" + tableFromName + "' has no group to name the table; "
					+ "put the table's part of the file name in parentheses, as in (.+)_\\d{8}\\.csv, or use (?<table>...)");
		}
		return new TableNaming(null, null, pattern, tableFromName, reserved);
	}

	/** Whether every file goes into one table. */
	boolean fixed() {
		return this.fixed != null;
	}

	/**
	 * The table for the file named {@code fileName}, or empty when the name does not give one, or gives a
	 * reserved table.
	 */
	Optional<String> tableFor(String fileName) {
		return candidate(fileName).filter(table -> this.reserved.owner(table).isEmpty());
	}

	/** The table the name gives, reserved or not. */
	private Optional<String> candidate(String fileName) {
		if (this.fixed != null) {
			return Optional.of(this.fixed);
		}
		String table;
		if (this.template != null) {
			int dot = fileName.indexOf('.');
			table = this.template.replace(NAME, dot < 0 ? fileName : fileName.substring(0, dot));
		}
		else {
			Matcher matcher = this.pattern.matcher(fileName);
			if (!matcher.matches()) {
				return Optional.empty();
			}
			table = this.pattern.pattern().contains("(?<table>") ? matcher.group("table") : matcher.group(1);
		}
		return table != null && IDENTIFIER.matcher(table).matches() ? Optional.of(table) : Optional.empty();
	}

	/** Why {@code fileName} names no table, for the skipped file's report. */
	String whyNot(String fileName) {
		Optional<String> owner = candidate(fileName).flatMap(this.reserved::owner);
		if (owner.isPresent()) {
			return "its name gives, by rowlift.schedule.table-from-name '" + this.setting + "', the table " + owner.get() + ": "
					+ this.reserved.why() + "; rename the file or change the setting";
		}
		return "its name gives no table by rowlift.schedule.table-from-name '" + this.setting
				+ "' (the result must be letters, digits and _); rename it or change the setting";
	}

}
