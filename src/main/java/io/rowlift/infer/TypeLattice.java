package io.rowlift.infer;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.rowlift.infer.InferredColumn.Type;

/**
 * Picks each column's logical type from its merged {@link ColumnStats}, narrowest first: all empty,
 * boolean (words seen), integer within 64 bits, integer beyond, decimal, double, date, time, timestamp,
 * text. Dates and timestamps share one pattern per file (the loader has one
 * {@code rowlift.source.date-format} and one {@code timestamp-format}): the pattern most date columns
 * fit wins (ISO on a tie, it needs no setting), and a column that does not fit it falls to the next
 * type that holds all its values (an ISO date column to timestamp, else text). Stateless.
 */
final class TypeLattice {

	private TypeLattice() {
	}

	/** The columns, and the date and timestamp patterns chosen (null = ISO, the loader's default). */
	record Result(List<InferredColumn> columns, String datePattern, String timestampPattern) {
	}

	static Result decide(List<String> names, List<ColumnStats> stats) {
		int date = choose(stats, true, -1);
		for (ColumnStats s : stats) {
			s.dayMonthAmbiguous = (s.dates & 0b110) == 0b110; // columns that will not be dates take part in the timestamp choice
			if (date < 0 || (s.dates & (1 << date)) == 0 || numeric(s)) {
				s.dates = 0;
			}
			else {
				s.dates = 1 << date;
			}
		}
		int timestamp = choose(stats, false, date);
		for (ColumnStats s : stats) {
			s.timestamps = (timestamp < 0 || (s.timestamps & (1 << timestamp)) == 0) ? 0 : 1 << timestamp;
		}
		List<InferredColumn> columns = new ArrayList<>();
		for (int i = 0; i < names.size(); i++) {
			columns.add(column(names.get(i), stats.get(i), date, timestamp));
		}
		boolean anyDate = columns.stream().anyMatch(c -> c.type() == Type.DATE);
		boolean anyTimestamp = columns.stream().anyMatch(c -> c.type() == Type.TIMESTAMP);
		return new Result(columns, anyDate && date > 0 ? ValueShapes.DATE_PATTERNS[date] : null,
				anyTimestamp && timestamp > 0 ? ValueShapes.TIMESTAMP_PATTERNS[timestamp] : null);
	}

	private static boolean numeric(ColumnStats s) {
		return s.values == 0 || (s.kinds & (ColumnStats.INT | ColumnStats.WHOLE | ColumnStats.DECIMAL | ColumnStats.DOUBLE)) != 0
				|| ((s.kinds & ColumnStats.BOOLEAN) != 0 && s.booleanWord);
	}

	/** The pattern index most columns fit (lowest index on a tie), or -1 when no column is of that kind. */
	private static int choose(List<ColumnStats> stats, boolean dates, int date) {
		int patterns = dates ? ValueShapes.DATE_PATTERNS.length : ValueShapes.TIMESTAMP_PATTERNS.length;
		int best = -1;
		int bestCount = 0;
		for (int p = 0; p < patterns; p++) {
			int count = 0;
			for (ColumnStats s : stats) {
				boolean candidate = dates ? !numeric(s) && (s.dates & (1 << p)) != 0
						: !numeric(s) && s.dates == 0 && (s.kinds & ColumnStats.TIME) == 0 && (s.timestamps & (1 << p)) != 0;
				count += candidate ? 1 : 0;
			}
			if (count > bestCount) {
				best = p;
				bestCount = count;
			}
		}
		return best;
	}

	static InferredColumn column(String name, ColumnStats s, int date, int timestamp) {
		Type type = type(s);
		boolean textual = type == Type.TEXT || type == Type.EMPTY;
		boolean nullable = textual ? s.empties > 0 : s.empties + s.quotedEmpties > 0;
		return new InferredColumn(name, type, nullable, s, summary(s, type, date, timestamp));
	}

	static Type type(ColumnStats s) {
		int k = s.kinds;
		if (s.values == 0) {
			return Type.EMPTY;
		}
		if ((k & ColumnStats.BOOLEAN) != 0 && s.booleanWord) {
			return Type.BOOLEAN;
		}
		if ((k & ColumnStats.INT) != 0) {
			return Type.INTEGER;
		}
		if ((k & ColumnStats.WHOLE) != 0) {
			return Type.BIG_INTEGER;
		}
		if ((k & ColumnStats.DECIMAL) != 0) {
			return Type.DECIMAL;
		}
		if ((k & ColumnStats.DOUBLE) != 0) {
			return Type.DOUBLE;
		}
		if (s.dates != 0) {
			return Type.DATE;
		}
		if ((k & ColumnStats.TIME) != 0) {
			return Type.TIME;
		}
		if (s.timestamps != 0) {
			return Type.TIMESTAMP;
		}
		return Type.TEXT;
	}

	/** The statistics behind the type, in words: {@code 1,000 values, 3 empty; integers 1..1,000}. */
	static String summary(ColumnStats s, Type type, int date, int timestamp) {
		StringBuilder sb = new StringBuilder();
		sb.append(String.format(Locale.ROOT, "%,d values", s.values));
		long empty = s.empties + s.quotedEmpties;
		sb.append(empty == 0 ? ", none empty" : String.format(Locale.ROOT, ", %,d empty", empty));
		if (s.quotedEmpties > 0) {
			sb.append(String.format(Locale.ROOT, " (%,d of them quoted \"\")", s.quotedEmpties));
		}
		sb.append("; ");
		switch (type) {
			case EMPTY -> sb.append("no value to type");
			case BOOLEAN -> sb.append("all true/false, yes/no, t/f, y/n or 1/0");
			case INTEGER -> sb.append(String.format(Locale.ROOT, "integers %,d..%,d", s.min, s.max))
				.append(s.unusualSign ? " (some written with + or as -0)" : "")
				.append(s.kinds == (s.kinds | ColumnStats.BOOLEAN) ? " (only 0 and 1: a BOOLEAN column would load them too)" : "");
			case BIG_INTEGER -> sb.append("integers of up to ").append(s.integerDigits).append(" digits, beyond 64 bits")
				.append(s.beyond64 ? " (beyond 2^64-1 or below -2^63)" : (s.negative ? "" : ", none negative, at most 2^64-1"));
			case DECIMAL -> sb.append("decimals with up to ").append(s.integerDigits).append(" digit(s) before the point and ")
				.append(s.scale).append(" after it");
			case DOUBLE -> sb.append("numbers with an exponent (as 1.5e3)");
			case DATE -> sb.append("dates, all in ").append(ValueShapes.DATE_PATTERNS[date])
				.append(ambiguity(s, date));
			case TIME -> sb.append("ISO-8601 times").append(s.timeFraction > 0 ? ", up to " + s.timeFraction + " fraction digits" : "");
			case TIMESTAMP -> sb.append("timestamps, all in ").append(ValueShapes.TIMESTAMP_PATTERNS[timestamp])
				.append(s.timestampFraction > 0 ? ", up to " + s.timestampFraction + " fraction digits" : "")
				.append(s.timestampOffset ? ", some with an offset (converted to rowlift.source.time-zone)" : "");
			case TEXT -> sb.append(textReason(s));
		}
		if (type == Type.TEXT || type == Type.EMPTY) {
			sb.append(String.format(Locale.ROOT, "; longest %,d characters (%,d bytes)", s.maxChars, s.maxBytes));
		}
		return sb.toString();
	}

	private static String ambiguity(ColumnStats s, int date) {
		return s.dayMonthAmbiguous && (date == 1 || date == 2)
				? " (every day is 12 or less, so " + ValueShapes.DATE_PATTERNS[3 - date] + " would read them too: check)" : "";
	}

	private static String textReason(ColumnStats s) {
		if (s.leadingZero && s.firstText == null) {
			return "text: numbers with leading zeros (codes such as 007 keep their zeros)";
		}
		if (s.leadingZero) {
			return "text: leading zeros (codes keep them), and '" + s.firstText + "'";
		}
		if (s.firstText != null && !s.firstTextHasAType) {
			return "text: '" + s.firstText + "' is no number, boolean, date or time";
		}
		if (s.firstText != null) {
			return "text: no single type holds every value ('" + s.firstText + "' has another type than the values before it)";
		}
		return "text: no single type holds every value (or dates in a pattern other than the file's)";
	}

}
