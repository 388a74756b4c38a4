package io.rowlift.database.mapping;

import java.nio.charset.Charset;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;

import io.rowlift.RowliftException;

/**
 * How values are written in the file: the charset of text, the patterns of dates, times and
 * timestamps, and the zone timestamps are taken in. Immutable and thread-safe.
 *
 * @param charset the file's character set
 * @param date DATE pattern
 * @param time TIME pattern
 * @param timestamp TIMESTAMP pattern; an offset, if the pattern allows one and the value has it, is
 * converted to {@code zone}
 * @param zone the zone of timestamps
 * @param datePattern the DATE pattern as configured, for messages
 * @param timePattern the TIME pattern as configured, for messages
 * @param timestampPattern the TIMESTAMP pattern as configured, for messages
 */
public record ValueFormats(Charset charset, DateTimeFormatter date, DateTimeFormatter time, DateTimeFormatter timestamp,
		ZoneId zone, String datePattern, String timePattern, String timestampPattern) {

	private static final DateTimeFormatter ISO_TIMESTAMP = new DateTimeFormatterBuilder().parseCaseInsensitive()
		.append(DateTimeFormatter.ISO_LOCAL_DATE)
		.optionalStart()
		.optionalStart()
		.appendLiteral('T')
		.optionalEnd()
		.optionalStart()
		.appendLiteral(' ')
		.optionalEnd()
		.append(DateTimeFormatter.ISO_LOCAL_TIME)
		.optionalStart()
		.appendOffset("+HH:MM:ss", "Z")
		.optionalEnd()
		.optionalEnd()
		.parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
		.parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
		.toFormatter()
		.withResolverStyle(ResolverStyle.STRICT)
		.withChronology(java.time.chrono.IsoChronology.INSTANCE);

	/**
	 * @param datePattern DATE pattern, or null for ISO-8601
	 * @param timePattern TIME pattern, or null for ISO-8601
	 * @param timestampPattern TIMESTAMP pattern, or null for ISO-8601
	 * @throws RowliftException (exit 2) for a pattern that is not valid
	 */
	public static ValueFormats of(Charset charset, String datePattern, String timePattern, String timestampPattern,
			ZoneId zone) {
		return new ValueFormats(charset,
				pattern("rowlift.source.date-format", datePattern, DateTimeFormatter.ISO_LOCAL_DATE),
				pattern("rowlift.source.time-format", timePattern, DateTimeFormatter.ISO_LOCAL_TIME),
				pattern("rowlift.source.timestamp-format", timestampPattern, ISO_TIMESTAMP), zone,
				datePattern == null ? "ISO-8601, as 2024-01-31" : datePattern,
				timePattern == null ? "ISO-8601, as 13:45:00" : timePattern,
				timestampPattern == null ? "ISO-8601, as 2024-01-31T13:45:00 or 2024-01-31 13:45:00+02:00" : timestampPattern);
	}

	/**
	 * {@code yyyy} is the year of an era, which strict resolving cannot use without an era; operators
	 * mean the proleptic year {@code uuuu}, so letters y outside quotes become u (unless an era G is there).
	 */
	static String prolepticYears(String pattern) {
		if (pattern.indexOf('G') >= 0) {
			return pattern;
		}
		StringBuilder sb = new StringBuilder(pattern.length());
		boolean quoted = false;
		for (char c : pattern.toCharArray()) {
			if (c == '\'') {
				quoted = !quoted;
			}
			sb.append(!quoted && c == 'y' ? 'u' : c);
		}
		return sb.toString();
	}

	private static DateTimeFormatter pattern(String key, String pattern, DateTimeFormatter iso) {
		if (pattern == null || pattern.isBlank()) {
			return iso;
		}
		try {
			return new DateTimeFormatterBuilder().parseCaseInsensitive()
				.appendPattern(prolepticYears(pattern))
				.toFormatter()
				.withResolverStyle(ResolverStyle.STRICT)
				.withChronology(java.time.chrono.IsoChronology.INSTANCE);
		}
		catch (IllegalArgumentException ex) {
			throw RowliftException.badInput(key + " is '" + pattern + "', not a valid pattern: " + ex.getMessage()
					+ "; use java.time letters such as uuuu-MM-dd, dd/MM/uuuu or uuuu-MM-dd HH:mm:ss");
		}
	}

}
