package io.rowlift.database;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the operator chose about the mapping of a file onto a table, beyond the header's own names:
 * columns filled from a field of another name ({@code rowlift.target.columns.<column>.from}) and file
 * columns left out ({@code rowlift.source.ignore-columns}). {@link TableMapping#of(TableInfo, List, int, boolean, String, ColumnChoices)}
 * applies them; {@link #settings()} gives them by key, as the stored plan compares them on a resume
 * (they decide which value lands in which column, so a rerun that changes them is refused). Immutable.
 *
 * @param from for each renamed column (as configured), the header name that fills it
 * @param ignore the header names whose fields are not loaded
 */
public record ColumnChoices(Map<String, String> from, List<String> ignore) {

	/** No renames, nothing ignored: the header's names as they are. */
	public static final ColumnChoices NONE = new ColumnChoices(Map.of(), List.of());

	/** The key of the ignored columns. */
	public static final String IGNORE_KEY = "rowlift.source.ignore-columns";

	public ColumnChoices {
		from = from == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(from));
		ignore = ignore == null ? List.of() : ignore.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
	}

	/**
	 * @param columns {@code rowlift.target.columns}, by column (null: none)
	 * @param ignore {@code rowlift.source.ignore-columns} (null: none)
	 */
	public static ColumnChoices of(Map<String, TargetProperties.Column> columns, List<String> ignore) {
		Map<String, String> from = new LinkedHashMap<>();
		if (columns != null) {
			columns.forEach((column, settings) -> {
				if (settings != null && settings.from() != null && !settings.from().isBlank()) {
					from.put(column, settings.from().strip());
				}
			});
		}
		return new ColumnChoices(from, ignore);
	}

	/** The key of a column's {@code from}. */
	public static String fromKey(String column) {
		return TargetProperties.PREFIX + ".columns." + column + ".from";
	}

	/** Whether nothing was chosen. */
	public boolean none() {
		return this.from.isEmpty() && this.ignore.isEmpty();
	}

	/**
	 * The choices by key, as text, in key order: {@code rowlift.target.columns.<column>.from} (the column
	 * in lower case, as names match) and {@value #IGNORE_KEY} (comma-separated, in the configured order). An
	 * unset choice is absent, as in a plan stored before these keys existed.
	 */
	public Map<String, String> settings() {
		Map<String, String> settings = new TreeMap<>();
		this.from.forEach((column, name) -> settings.put(fromKey(column.toLowerCase(Locale.ROOT)), name));
		if (!this.ignore.isEmpty()) {
			settings.put(IGNORE_KEY, String.join(",", this.ignore));
		}
		return settings;
	}

}
