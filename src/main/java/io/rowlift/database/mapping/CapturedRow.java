package io.rowlift.database.mapping;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import io.rowlift.database.ValueSink;

/**
 * The values a {@link ColumnBinder} gives one record, as the objects a JDBC driver takes (null for SQL
 * NULL, with its type kept), to bind again as statement parameters ({@link UniqueDuplicates}) or to hand to
 * a writer of Spring Batch's ({@code job.spring.ColumnValuesMapper}). Parameter {@code i} is
 * {@code values()[i - 1]}. Not thread-safe.
 */
public final class CapturedRow implements ValueSink {

	public final Object[] values;

	final int[] nullTypes;

	public CapturedRow(int columns) {
		this.values = new Object[columns];
		this.nullTypes = new int[columns];
	}

	/** The captured values, the array itself (not a copy): a value stays until it is set again or {@link #clear}ed. */
	public Object[] values() {
		return this.values;
	}

	public void clear() {
		java.util.Arrays.fill(this.values, null);
		java.util.Arrays.fill(this.nullTypes, java.sql.Types.NULL);
	}

	public boolean hasNull() {
		for (Object value : this.values) {
			if (value == null) {
				return true;
			}
		}
		return false;
	}

	public void bind(PreparedStatement statement, int parameter, int column) throws SQLException {
		Object value = this.values[column];
		if (value == null) {
			statement.setNull(parameter, this.nullTypes[column]);
		}
		else {
			statement.setObject(parameter, value);
		}
	}

	@Override
	public void setNull(int parameter, int sqlType) {
		this.values[parameter - 1] = null;
		this.nullTypes[parameter - 1] = sqlType;
	}

	@Override
	public void setLong(int parameter, long value) {
		this.values[parameter - 1] = value;
	}

	@Override
	public void setInt(int parameter, int value) {
		this.values[parameter - 1] = value;
	}

	@Override
	public void setDouble(int parameter, double value) {
		this.values[parameter - 1] = value;
	}

	@Override
	public void setString(int parameter, String value) {
		this.values[parameter - 1] = value;
	}

	@Override
	public void setBigDecimal(int parameter, BigDecimal value) {
		this.values[parameter - 1] = value;
	}

	@Override
	public void setBytes(int parameter, byte[] value) {
		this.values[parameter - 1] = value;
	}

}
