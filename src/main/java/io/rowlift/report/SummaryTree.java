package io.rowlift.report;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import tools.jackson.databind.JsonNode;

/**
 * Reads a run's JSON summary (the tree of {@link LoadSummary#json()}) leniently, for the HTML report:
 * a missing field, a null or a value of another type reads as absent ({@code null} or {@code NaN}),
 * never as an error, so a summary of an older or newer Rowlift still renders. Stateless.
 */
final class SummaryTree {

	private SummaryTree() {
	}

	/** The text of {@code node.field} (numbers and booleans as written), or null. */
	static String text(JsonNode node, String field) {
		JsonNode value = node == null ? null : node.get(field);
		if (value == null || value.isNull() || value.isMissingNode() || value.isContainer()) {
			return null;
		}
		return value.isString() ? value.stringValue() : value.toString();
	}

	/** The number {@code node.field}, or {@code NaN} when it is missing or no number. */
	static double number(JsonNode node, String field) {
		JsonNode value = node == null ? null : node.get(field);
		return value != null && value.isNumber() ? value.doubleValue() : Double.NaN;
	}

	/** Whether {@code node.field} is {@code true}. */
	static boolean flag(JsonNode node, String field) {
		JsonNode value = node == null ? null : node.get(field);
		return value != null && value.isBoolean() && value.booleanValue();
	}

	/** The objects of the array {@code node.field}, in order; empty when there is none. */
	static List<JsonNode> objects(JsonNode node, String field) {
		JsonNode value = node == null ? null : node.get(field);
		List<JsonNode> objects = new ArrayList<>();
		if (value != null && value.isArray()) {
			for (JsonNode element : value.values()) {
				if (element.isObject()) {
					objects.add(element);
				}
			}
		}
		return objects;
	}

	/** The ISO-8601 instant {@code node.field}, or null when it is missing or not an instant. */
	static Instant instant(JsonNode node, String field) {
		String text = text(node, field);
		if (text == null) {
			return null;
		}
		try {
			return Instant.parse(text);
		}
		catch (DateTimeParseException ex) {
			return null; // shown as text where it is shown at all, left off the time axis
		}
	}

	/** Seconds from {@code origin} to {@code instant}, or {@code NaN} when either is unknown. */
	static double offset(Instant origin, Instant instant) {
		if (origin == null || instant == null) {
			return Double.NaN;
		}
		return (instant.toEpochMilli() - origin.toEpochMilli()) / 1000.0;
	}

	/** {@code 1,234,567}, or an empty string for {@code NaN}. */
	static String count(double value) {
		return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%,.0f", value);
	}

	/** A duration in seconds as {@code 0.42 s}, {@code 12.3 s}, {@code 4 min 05 s} or {@code 2 h 03 min}. */
	static String duration(double seconds) {
		if (Double.isNaN(seconds)) {
			return "";
		}
		if (seconds < 10) {
			return String.format(Locale.ROOT, "%.2f s", seconds);
		}
		if (seconds < 60) {
			return String.format(Locale.ROOT, "%.1f s", seconds);
		}
		long s = Math.round(seconds);
		if (s < 3600) {
			return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
		}
		return String.format(Locale.ROOT, "%d h %02d min", s / 3600, s % 3600 / 60);
	}

	/**
	 * Bytes in binary units, as the text report and the progress lines give them (one unit everywhere):
	 * {@code 950 B}, {@code 12.4 MiB}, {@code 1.07 GiB}; empty for {@code NaN}.
	 */
	static String bytes(double bytes) {
		if (Double.isNaN(bytes)) {
			return "";
		}
		String[] units = { "B", "KiB", "MiB", "GiB", "TiB" };
		double value = bytes;
		int unit = 0;
		while (value >= 1024 && unit < units.length - 1) {
			value /= 1024;
			unit++;
		}
		return unit == 0 ? String.format(Locale.ROOT, "%.0f B", value)
				: String.format(Locale.ROOT, value < 100 ? "%.3g %s" : "%.0f %s", value, units[unit]);
	}

	/** A rate for an axis or a legend: {@code 950}, {@code 12.5k}, {@code 1.2M}. */
	static String shortCount(double value) {
		double abs = Math.abs(value);
		if (abs >= 1e6) {
			return trim(String.format(Locale.ROOT, "%.2f", value / 1e6)) + "M";
		}
		if (abs >= 1e3) {
			return trim(String.format(Locale.ROOT, "%.2f", value / 1e3)) + "k";
		}
		return trim(String.format(Locale.ROOT, "%.2f", value));
	}

	private static String trim(String number) {
		return number.contains(".") ? number.replaceAll("\\.?0+$", "") : number;
	}

}
