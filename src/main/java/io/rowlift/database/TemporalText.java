package io.rowlift.database;

import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.time.temporal.Temporal;

/** Dates, times and timestamps as ISO-8601 text with a space between date and time, seconds always written. */
final class TemporalText {

	private static final DateTimeFormatter TIME = new DateTimeFormatterBuilder().appendPattern("HH:mm:ss")
		.appendFraction(ChronoField.NANO_OF_SECOND, 0, 9, true)
		.toFormatter();

	private TemporalText() {
	}

	static String format(Temporal value) {
		if (value instanceof LocalDateTime t) {
			return t.toLocalDate() + " " + TIME.format(t);
		}
		if (value instanceof LocalTime t) {
			return TIME.format(t);
		}
		return value.toString();
	}

}
