package io.rowlift.database.mapping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.rowlift.database.TargetProperties;

/**
 * What the operator chose about the mapping of a file onto a table, beyond the header's own names:
 * columns filled from a field of another name ({@code rowlift.target.columns.<column>.from}), file
 * columns left out ({@code rowlift.source.ignore-columns}), computed columns and the row filter
 * ({@code rowlift.source.filter}). {@link TableMapping#of(TableInfo, List, int, boolean, String, ColumnChoices)}
 * applies them; {@link #settings()} gives them by key, as the stored plan compares them on a resume
 * (they decide which value lands in which column, so a rerun that changes them is refused). Immutable.
 *
 * @param from for each renamed column (as configured), the header name that fills it
 * @param ignore the header names whose fields are not loaded
 * @param expressions for each computed column (as configured), its expression ({@code rowlift.target.columns.<column>.expression})
 * @param filter the row filter ({@value RecordFilter#KEY}), or null
 */
public record ColumnChoices(Map<String, String> from, List<String> ignore, Map<String, String> expressions, String filter) {

	/** No renames, nothing ignored: the header's names as they are. */
	public static final ColumnChoices NONE = new ColumnChoices(Map.of(), List.of(), Map.of(), null);

	/** The key of the ignored columns. */
	public static final String IGNORE_KEY = "rowlift.source.ignore-columns";

	public ColumnChoices {
		from = from == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(from));
		ignore = ignore == null ? List.of() : ignore.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
		expressions = expressions == null ? Map.of() : Map.copyOf(new LinkedHashMap<>(expressions));
		filter = filter == null || filter.isBlank() ? null : filter.strip();
	}

	public ColumnChoices(Map<String, String> from, List<String> ignore) {
		this(from, ignore, Map.of(), null);
	}

	/** Choices without a row filter. */
	public ColumnChoices(Map<String, String> from, List<String> ignore, Map<String, String> expressions) {
		this(from, ignore, expressions, null);
	}

	/**
	 * @param columns {@code rowlift.target.columns}, by column (null: none)
	 * @param ignore {@code rowlift.source.ignore-columns} (null: none)
	 */
	public static ColumnChoices of(Map<String, TargetProperties.Column> columns, List<String> ignore) {
		return of(columns, ignore, null);
	}

	/**
	 * @param columns {@code rowlift.target.columns}, by column (null: none)
	 * @param ignore {@code rowlift.source.ignore-columns} (null: none)
	 * @param filter {@value RecordFilter#KEY} (null or blank: none)
	 */
	public static ColumnChoices of(Map<String, TargetProperties.Column> columns, List<String> ignore, String filter) {
		Map<String, String> from = new LinkedHashMap<>();
		Map<String, String> expressions = new LinkedHashMap<>();
		if (columns != null) {
			columns.forEach((column, settings) -> {
				if (settings != null && settings.from() != null && !settings.from().isBlank()) {
					from.put(column, settings.from().strip());
				}
				if (settings != null && settings.expression() != null && !settings.expression().isBlank()) {
					expressions.put(column, settings.expression().strip());
				}
			});
		}
		return new ColumnChoices(from, ignore, expressions, filter);
	}

	/** The key of a column's {@code from}. */
	public static String fromKey(String column) {
		return TargetProperties.PREFIX + ".columns." + column + ".from";
	}

	/** The key of a column's {@code expression}. */
	public static String expressionKey(String column) {
		return TargetProperties.PREFIX + ".columns." + column + ".expression";
	}

	/** Whether nothing was chosen. */
	public boolean none() {
		return this.from.isEmpty() && this.ignore.isEmpty() && this.expressions.isEmpty() && this.filter == null;
	}

	/**
	 * The choices by key, as text, in key order: {@code rowlift.target.columns.<column>.from} and
	 * {@code .expression} (the column in lower case, as names match), {@value #IGNORE_KEY} (comma-separated, in the configured
	 * order) and {@value RecordFilter#KEY}. An
	 * unset choice is absent, as in a plan stored before these keys existed.
	 */
	public Map<String, String> settings() {
		Map<String, String> settings = new TreeMap<>();
		this.from.forEach((column, name) -> settings.put(fromKey(column.toLowerCase(Locale.ROOT)), name));
		this.expressions.forEach((column, source) -> settings.put(expressionKey(column.toLowerCase(Locale.ROOT)), source));
		if (!this.ignore.isEmpty()) {
			settings.put(IGNORE_KEY, String.join(",", this.ignore));
		}
		if (this.filter != null) {
			settings.put(RecordFilter.KEY, this.filter);
		}
		return settings;
	}

}
