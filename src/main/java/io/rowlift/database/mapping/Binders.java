package io.rowlift.database.mapping;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;

import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.ValueSink;
import io.rowlift.model.RawRecord;
import io.rowlift.model.UndecodableBytes;

/**
 * The column binders; see {@link ColumnBinder#forColumn}. Each converts straight from the record's
 * bytes; only text and the slow types make a String.
 */
final class Binders {

	private static final int SHOWN = 40;

	private Binders() {
	}

	static ColumnBinder of(TableColumn column, ColumnKind kind, TargetDialect dialect, ValueFormats formats) {
		return switch (kind.type()) {
			case INTEGER -> integer(column, kind);
			case DECIMAL -> decimal(column, kind, dialect);
			case FLOAT -> floating(column);
			case BOOLEAN -> bool(column);
			case DATE -> temporal(column, dialect, formats.date(), formats.datePattern(), "a date", "rowlift.source.date-format",
					a -> LocalDate.from(a));
			case TIME -> temporal(column, dialect, formats.time(), formats.timePattern(), "a time", "rowlift.source.time-format",
					a -> LocalTime.from(a));
			case TIMESTAMP -> temporal(column, dialect, formats.timestamp(), formats.timestampPattern(), "a timestamp",
					"rowlift.source.timestamp-format", a -> a.isSupported(ChronoField.OFFSET_SECONDS)
							? OffsetDateTime.from(a).atZoneSameInstant(formats.zone()).toLocalDateTime() : LocalDateTime.from(a));
			case BLOB -> blob(column);
			case TEXT, OTHER -> new TextBinder(column, kind, formats);
		};
	}

	static ColumnBinder withEmptyRule(TableColumn column, ColumnKind kind, ColumnBinder value) {
		boolean text = kind.textual();
		int sqlType = column.jdbcType();
		boolean nullable = column.nullable();
		return (ValueSink statement, int parameter, RawRecord record, int field) -> {
			if (record.length(field) > 0 || (text && record.quoted(field))) {
				value.bind(statement, parameter, record, field);
			}
			else if (nullable) {
				statement.setNull(parameter, sqlType);
			}
			else if (text) {
				statement.setString(parameter, "");
			}
			else {
				throw new ValueException("empty value for column " + column.describe()
						+ ", which is NOT NULL; give a value, or make the column nullable");
			}
		};
	}

	static ColumnBinder integer(TableColumn column, ColumnKind kind) {
		long min = kind.min();
		long max = kind.max();
		return (statement, parameter, record, field) -> {
			long value = parseLong(record.data(), record.start(field), record.end(field), column);
			if (value < min || value > max) {
				throw new ValueException("'" + shown(record, field) + "' is outside the range of column " + column.describe()
						+ " (" + min + " to " + max + ")");
			}
			statement.setLong(parameter, value);
		};
	}

	static ColumnBinder decimal(TableColumn column, ColumnKind kind, TargetDialect dialect) {
		return (statement, parameter, record, field) -> {
			String text = ascii(record, field);
			BigDecimal value;
			try {
				if (!numeric(text)) {
					throw new NumberFormatException();
				}
				value = new BigDecimal(text);
			}
			catch (NumberFormatException ex) {
				throw new ValueException("'" + shown(record, field) + "' is not a decimal number, as column " + column.describe()
						+ " needs; write it as 1234.56 (a point, no thousands separator)");
			}
			if (kind.precision() > 0) {
				int scale = Math.max(value.scale(), 0);
				// a zero integer part has no digits that count (0 and 0.5 fit DECIMAL(2,2)), nor have leading zeros
				int integerDigits = value.signum() == 0 ? 0 : value.precision() - value.scale();
				if (scale > kind.scale()) {
					throw new ValueException("'" + text + "' has " + scale + " digits after the point, but column "
							+ column.describe() + " keeps " + kind.scale() + "; Rowlift does not round: round the value or widen the column");
				}
				if (integerDigits > kind.precision() - kind.scale()) {
					throw new ValueException("'" + text + "' has " + integerDigits + " digits before the point, but column "
							+ column.describe() + " holds " + (kind.precision() - kind.scale()));
				}
			}
			dialect.sql().bindDecimal(statement, parameter, value);
		};
	}

	static ColumnBinder floating(TableColumn column) {
		return (statement, parameter, record, field) -> {
			String text = ascii(record, field);
			double value;
			try {
				if (!numeric(text)) {
					throw new NumberFormatException();
				}
				value = Double.parseDouble(text);
			}
			catch (NumberFormatException ex) {
				throw new ValueException("'" + shown(record, field) + "' is not a number, as column " + column.describe()
						+ " needs; write it as 1234.5 or 1.2345e3");
			}
			if (Double.isInfinite(value)) {
				throw new ValueException("'" + text + "' is too large for column " + column.describe());
			}
			statement.setDouble(parameter, value);
		};
	}

	static ColumnBinder bool(TableColumn column) {
		return (statement, parameter, record, field) -> {
			String text = ascii(record, field).toLowerCase(java.util.Locale.ROOT);
			int value = switch (text) {
				case "true", "t", "yes", "y", "1" -> 1;
				case "false", "f", "no", "n", "0" -> 0;
				default -> throw new ValueException("'" + shown(record, field) + "' is not a boolean, as column "
						+ column.describe() + " needs; write true/false, t/f, yes/no, y/n or 1/0");
			};
			statement.setInt(parameter, value);
		};
	}

	static ColumnBinder temporal(TableColumn column, TargetDialect dialect, DateTimeFormatter format, String pattern,
			String what, String key, java.util.function.Function<TemporalAccessor, java.time.temporal.Temporal> to) {
		return (statement, parameter, record, field) -> {
			String text = record.text(field);
			java.time.temporal.Temporal value;
			try {
				value = to.apply(format.parse(text));
			}
			catch (java.time.DateTimeException ex) {
				throw new ValueException("'" + shown(record, field) + "' is not " + what + " in the format " + pattern
						+ " that column " + column.describe() + " is read with; fix the value, or set " + key);
			}
			dialect.sql().bindTemporal(statement, parameter, value);
		};
	}

	static ColumnBinder blob(TableColumn column) {
		return (statement, parameter, record, field) -> {
			byte[] b = record.data();
			int start = record.start(field);
			int end = record.end(field);
			if (end - start >= 2 && (b[start] == '0' || b[start] == '\\') && (b[start + 1] == 'x' || b[start + 1] == 'X')) {
				start += 2;
			}
			if ((end - start) % 2 != 0) {
				throw new ValueException("'" + shown(record, field) + "' is not hex bytes (an odd number of digits), as column "
						+ column.describe() + " needs");
			}
			byte[] bytes = new byte[(end - start) / 2];
			for (int i = 0; i < bytes.length; i++) {
				int hi = Character.digit(b[start + 2 * i], 16);
				int lo = Character.digit(b[start + 2 * i + 1], 16);
				if (hi < 0 || lo < 0) {
					throw new ValueException("'" + shown(record, field) + "' is not hex bytes, as column " + column.describe()
							+ " needs; write bytes as hex digits, optionally after 0x");
				}
				bytes[i] = (byte) (hi << 4 | lo);
			}
			statement.setBytes(parameter, bytes);
		};
	}

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

	private static final long ONES = 0x0101_0101_0101_0101L;

	private static final long HIGHS = 0x8080_8080_8080_8080L;

	/**
	 * Whether every byte of {@code [start, end)} is ASCII other than NUL (1 to 127): eight bytes at a
	 * time, since text fields are most of what the single SQLite writer thread scans. For each byte
	 * {@code x} of a word, {@code (x - 1) | x} has its top bit set exactly when {@code x} is 0 or
	 * above 127 (a borrow only starts at a zero byte, which fails the word anyway).
	 */
	static boolean plainAscii(byte[] b, int start, int end) {
		int i = start;
		for (; i + 8 <= end; i += 8) {
			long x = (long) LONGS.get(b, i);
			if ((((x - ONES) | x) & HIGHS) != 0) {
				return false;
			}
		}
		for (; i < end; i++) {
			if (b[i] <= 0) {
				return false;
			}
		}
		return true;
	}

	/** Digits, sign, point and exponent only: no spaces, no NaN, no hex, no type suffix. */
	private static boolean numeric(String s) {
		if (s.isEmpty()) {
			return false;
		}
		for (int i = 0; i < s.length(); i++) {
			char c = s.charAt(i);
			if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E')) {
				return false;
			}
		}
		return true;
	}

	/** The field as a String when it is short ASCII (numbers and booleans); longer or non-ASCII fields fail. */
	private static String ascii(RawRecord record, int field) {
		return new String(record.data(), record.start(field), record.length(field), StandardCharsets.ISO_8859_1);
	}

	/** Parses a decimal integer from {@code [start, end)}: optional sign, digits, no spaces. */
	static long parseLong(byte[] b, int start, int end, TableColumn column) {
		int i = start;
		boolean negative = false;
		if (i < end && (b[i] == '-' || b[i] == '+')) {
			negative = b[i] == '-';
			i++;
		}
		if (i == end) {
			throw notInteger(b, start, end, column);
		}
		long value = 0; // accumulated negatively: Long.MIN_VALUE has no positive counterpart
		for (; i < end; i++) {
			int digit = b[i] - '0';
			if (digit < 0 || digit > 9) {
				throw notInteger(b, start, end, column);
			}
			if (value < (Long.MIN_VALUE + digit) / 10) {
				throw new ValueException("'" + shown(b, start, end) + "' is outside the 64-bit integer range for column "
						+ column.describe());
			}
			value = value * 10 - digit;
		}
		if (!negative) {
			if (value == Long.MIN_VALUE) {
				throw new ValueException("'" + shown(b, start, end) + "' is outside the 64-bit integer range for column "
						+ column.describe());
			}
			return -value;
		}
		return value;
	}

	private static ValueException notInteger(byte[] b, int start, int end, TableColumn column) {
		return new ValueException("'" + shown(b, start, end) + "' is not an integer, as column " + column.describe()
				+ " needs; fix the value, or change the column's type");
	}

	static String shown(RawRecord record, int field) {
		return shown(record.data(), record.start(field), record.end(field));
	}

	/**
	 * The first {@value #SHOWN} bytes of a value for a message: UTF-8 text, with control characters and each byte
	 * that is not UTF-8 written as {@code \xNN}, its own value (a character the limit cuts is left out).
	 */
	static String shown(byte[] b, int start, int end) {
		int len = Math.min(end - start, SHOWN);
		boolean cut = end - start > SHOWN;
		StringBuilder s = new StringBuilder();
		CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder(); // reports malformed input: its bytes are shown
		ByteBuffer in = ByteBuffer.wrap(b, start, len);
		CharBuffer out = CharBuffer.allocate(len);
		while (true) {
			CoderResult result = decoder.decode(in, out, !cut);
			out.flip();
			while (out.hasRemaining()) {
				char c = out.get();
				s.append(c < 32 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
			}
			out.clear();
			if (!result.isError()) {
				break;
			}
			for (int i = 0; i < result.length(); i++) {
				s.append(String.format("\\x%02x", in.get() & 0xff));
			}
		}
		return cut ? s + "..." : s.toString();
	}

	/**
	 * Text: refuses NUL bytes and bytes that are not valid in the file's charset, and text longer than
	 * the column holds (when the dialect knows a limit). ASCII goes to the sink as bytes ({@link ValueSink#setAsciiText}), with no decoding. Holds a
	 * decoder, so one instance per writer (not thread-safe).
	 */
	static final class TextBinder implements ColumnBinder {

		private final TableColumn column;

		private final int maxLength;

		private final CharsetDecoder decoder;

		TextBinder(TableColumn column, ColumnKind kind, ValueFormats formats) {
			this.column = column;
			this.maxLength = kind.maxLength();
			this.decoder = formats.charset()
				.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT);
		}

		@Override
		public void bind(ValueSink statement, int parameter, RawRecord record, int field) throws SQLException {
			byte[] b = record.data();
			int start = record.start(field);
			int end = record.end(field);
			boolean ascii = plainAscii(b, start, end);
			for (int i = start; !ascii && i < end; i++) { // not plain: find the NUL, or confirm non-ASCII
				byte c = b[i];
				if (c == 0) {
					throw new ValueException("a NUL byte at position " + (i - start + 1) + " of the value for column "
							+ this.column.describe() + "; remove it (NUL is not text)");
				}
			}
			if (ascii) {
				if (this.maxLength > 0 && end - start > this.maxLength) {
					throw new ValueException("a value of " + (end - start) + " characters for column " + this.column.describe()
							+ ", which holds " + this.maxLength + " ('" + shown(record, field) + "'); shorten it, or widen the column");
				}
				statement.setAsciiText(parameter, b, start, end);
				return;
			}
			String text;
			try {
				text = this.decoder.reset().decode(ByteBuffer.wrap(b, start, end - start)).toString();
			}
			catch (CharacterCodingException ex) {
				// named as the file holds them, at their own byte: not as the replacement character a decoder makes
				UndecodableBytes bad = UndecodableBytes.find(this.decoder.charset(), b, start, end);
				String charset = this.decoder.charset().name();
				throw new ValueException((bad == null ? "bytes that are not valid " + charset : bad.description())
						+ " in the value for column " + this.column.describe() + " ('" + shown(record, field) + "'); convert the file to "
						+ charset + ", or set rowlift.source.encoding to the charset it is in", bad == null ? -1 : bad.at());
			}
			if (this.maxLength > 0 && text.length() > this.maxLength
					&& text.codePointCount(0, text.length()) > this.maxLength) {
				throw new ValueException("a value of " + text.codePointCount(0, text.length()) + " characters for column "
						+ this.column.describe() + ", which holds " + this.maxLength + " ('" + shown(record, field)
						+ "'); shorten it, or widen the column");
			}
			statement.setString(parameter, text);
		}

	}

}
