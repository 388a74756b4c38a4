package io.rowlift.target;

import java.sql.PreparedStatement;
import java.sql.SQLException;

import io.rowlift.model.RawRecord;

/**
 * Converts one field of a record and binds it to a statement parameter. Made once per column, used
 * for every row: implementations keep no per-row state and are thread-safe.
 */
@FunctionalInterface
public interface ColumnBinder {

	/**
	 * @throws ValueException when the field cannot be stored in the column (the message says why)
	 */
	void bind(PreparedStatement statement, int parameter, RawRecord record, int field) throws SQLException;

	/**
	 * The binder for {@code column}: integers are parsed from the bytes, everything else is passed as
	 * text (the database converts it; MySQL in strict mode refuses what does not fit). Empty fields
	 * follow the contract: an unquoted empty field is NULL in a nullable column, '' in a NOT NULL text
	 * column and an error elsewhere; {@code ""} is '' in a text column and an empty field elsewhere.
	 */
	static ColumnBinder forColumn(TableColumn column) {
		ColumnBinder value = column.isInteger() ? Binders.integer(column) : Binders.TEXT;
		return Binders.withEmptyRule(column, value);
	}

}
