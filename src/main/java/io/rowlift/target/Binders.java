package io.rowlift.target;

import java.nio.charset.StandardCharsets;
import java.sql.PreparedStatement;

import io.rowlift.model.RawRecord;

/** The column binders; see {@link ColumnBinder#forColumn}. */
final class Binders {

	private static final int SHOWN = 40;

	static final ColumnBinder TEXT = (statement, parameter, record, field) -> statement.setString(parameter,
			record.text(field));

	private Binders() {
	}

	static ColumnBinder integer(TableColumn column) {
		return (statement, parameter, record, field) -> statement.setLong(parameter,
				parseLong(record.data(), record.start(field), record.end(field), column));
	}

	static ColumnBinder withEmptyRule(TableColumn column, ColumnBinder value) {
		boolean text = column.isText();
		int sqlType = column.jdbcType();
		boolean nullable = column.nullable();
		return (PreparedStatement statement, int parameter, RawRecord record, int field) -> {
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

	private static String shown(byte[] b, int start, int end) {
		int len = Math.min(end - start, SHOWN);
		String s = new String(b, start, len, StandardCharsets.UTF_8);
		return end - start > SHOWN ? s + "..." : s;
	}

}
