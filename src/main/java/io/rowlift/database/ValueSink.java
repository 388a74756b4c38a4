package io.rowlift.database;

import java.math.BigDecimal;
import java.sql.SQLException;

/**
 * Where a {@link ColumnBinder} puts a converted value: a JDBC statement's parameter
 * ({@link StatementSink}) or a row of a bulk-load stream ({@link BulkRows}). The methods are
 * {@link java.sql.PreparedStatement}'s own, so a statement sink only forwards; the binders stay
 * free of how the rows travel. Parameters count from 1.
 */
public interface ValueSink {

	void setNull(int parameter, int sqlType) throws SQLException;

	void setLong(int parameter, long value) throws SQLException;

	void setInt(int parameter, int value) throws SQLException;

	void setDouble(int parameter, double value) throws SQLException;

	void setString(int parameter, String value) throws SQLException;

	void setBigDecimal(int parameter, BigDecimal value) throws SQLException;

	/** Bytes for a binary column. */
	void setBytes(int parameter, byte[] value) throws SQLException;

	/**
	 * Text that is all ASCII, given as the record's bytes {@code [start, end)}, so a sink that writes
	 * bytes can copy them without making a String. By default, the String.
	 */
	default void setAsciiText(int parameter, byte[] bytes, int start, int end) throws SQLException {
		setString(parameter, new String(bytes, start, end - start, java.nio.charset.StandardCharsets.ISO_8859_1));
	}

}
