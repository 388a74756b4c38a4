package io.rowlift.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.rowlift.compress.ValueCompression;
import io.rowlift.compress.ZstdCompression;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.source.SourceProperties;

/**
 * What decides whether a rerun may resume a run: the settings a {@link RunPlan} keeps that decide <em>which</em> rows
 * and values are written, by key, as text ({@link #of}), and what differs between the plan stored with a run and
 * the one a rerun's command would make ({@link #differences}). Settings that change only <em>how</em> rows are
 * written (threads, write method, buffers) are not among them. Stateless.
 */
final class PlanSettings {

	private PlanSettings() {
	}

	/**
	 * The settings of {@code source} and the operator's column choices that decide which rows and values are
	 * written, by key, as text (an unset one as the empty text; an unset choice is absent, so a version-1 plan
	 * stored before they existed compares equal to a command without them), with the compression settings of
	 * {@code mapping}: a change of any of them between a run and its resume would load the rest of the file
	 * differently. Sorted by key, as plans have always stored them.
	 */
	static Map<String, String> of(SourceProperties source, ColumnChoices choices, TableMapping mapping) {
		Map<String, String> settings = of(source);
		settings.putAll(choices.settings());
		settings.putAll(compression(mapping));
		return settings;
	}

	/** The settings of {@code source} alone (see {@link #of(SourceProperties, ColumnChoices, TableMapping)}). */
	static Map<String, String> of(SourceProperties source) {
		Map<String, String> settings = new TreeMap<>();
		settings.put("rowlift.source.header", String.valueOf(source.header()));
		settings.put("rowlift.source.delimiter", text(source.delimiter()));
		settings.put("rowlift.source.quote", text(source.quote()));
		settings.put("rowlift.source.escape", text(source.escape()));
		settings.put("rowlift.source.encoding", source.encoding() == null ? "" : source.encoding().name());
		settings.put("rowlift.source.line-ending", source.lineEnding() == null ? "" : source.lineEnding().name().toLowerCase());
		settings.put("rowlift.source.null-value", text(source.nullValue()));
		settings.put("rowlift.source.comment", text(source.comment()));
		settings.put("rowlift.source.date-format", text(source.dateFormat()));
		settings.put("rowlift.source.time-format", text(source.timeFormat()));
		settings.put("rowlift.source.timestamp-format", text(source.timestampFormat()));
		settings.put("rowlift.source.time-zone", source.timeZone() == null ? "" : source.timeZone().getId());
		if (source.blankLines() != null && !source.blankLines().skipped()) {
			// whether a blank line stops the load, as the comment character decides which lines are records; absent
			// when it is the default, so a plan stored before the setting existed compares equal to a command without it
			settings.put("rowlift.source.blank-lines", source.blankLines().name().toLowerCase(Locale.ROOT));
		}
		return settings;
	}

	/**
	 * {@code settings} with the compression settings of {@code mapping}: {@code settings} itself when it has them
	 * already (a plan as stored keeps its map, so it is stored again as it was read).
	 */
	static Map<String, String> withCompression(Map<String, String> settings, TableMapping mapping) {
		Map<String, String> compression = compression(mapping);
		if (compression.isEmpty() || settings != null && settings.entrySet().containsAll(compression.entrySet())) {
			return settings;
		}
		Map<String, String> with = settings == null ? new TreeMap<>() : new TreeMap<>(settings);
		with.putAll(compression);
		return with;
	}

	/**
	 * The compression settings of {@code mapping}, by key, as the stored plan compares them ({@code rowlift.target.compress}
	 * and the columns it chose); none when it compresses nothing, as in a plan stored before compression.
	 */
	static Map<String, String> compression(TableMapping mapping) {
		ZstdCompression compression = mapping.compression();
		if (compression == null) {
			return Map.of();
		}
		return Map.of(TargetProperties.COMPRESS, ValueCompression.ZSTD.setting(), TargetProperties.COMPRESS_COLUMNS,
				compression.columnList());
	}

	private static String text(String value) {
		return value == null ? "" : value;
	}

	/**
	 * What differs between the plan {@code stored} with a run and the plan {@code current} the rerun's command would
	 * make, as {@code key: 'old' -> 'new'}, in key order; empty when the rerun loads the rest exactly as the first
	 * run began. Mode and upsert key are {@link RunDecision}'s ("mode changed since run N"); the after-SQL is not
	 * compared (see {@link LoadSql}).
	 */
	static List<String> differences(RunPlan stored, RunPlan current) {
		List<String> differences = new ArrayList<>();
		Map<String, String> mine = stored.settings() == null ? Map.of() : stored.settings();
		Map<String, String> theirs = current.settings() == null ? Map.of() : current.settings();
		TreeMap<String, String> keys = new TreeMap<>();
		mine.keySet().forEach(k -> keys.put(k, k));
		theirs.keySet().forEach(k -> keys.put(k, k));
		for (String key : keys.keySet()) {
			String was = mine.getOrDefault(key, "");
			String now = theirs.getOrDefault(key, "");
			if (!was.equals(now)) {
				differences.add(key + ": " + quoted(was) + " -> " + quoted(now));
			}
		}
		List<String> was = stored.storedMapping().describe();
		List<String> now = current.storedMapping().describe();
		if (!was.equals(now)) {
			differences.add("the mapping of the file onto " + stored.storedMapping().table().name()
					+ " (the table's columns or the header): " + String.join(", ", was) + " -> " + String.join(", ", now));
		}
		List<String> before = stored.sql() == null ? List.of() : stored.sql().before();
		List<String> beforeNow = current.sql() == null ? List.of() : current.sql().before();
		if (!before.equals(beforeNow)) {
			differences.add(LoadSql.BEFORE_KEY + ": " + quoted(String.join("; ", before)) + " -> "
					+ quoted(String.join("; ", beforeNow)));
		}
		return differences;
	}

	private static String quoted(String value) {
		return value.isEmpty() ? "(not set)" : "'" + value + "'";
	}

}
