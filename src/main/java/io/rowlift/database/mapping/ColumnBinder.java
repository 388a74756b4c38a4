package io.rowlift.database.mapping;

import java.sql.SQLException;

import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.ValueSink;
import io.rowlift.model.RawRecord;

/**
 * Converts one field of a record and binds it to a statement parameter. Made once per column and
 * writer, used for every row; no per-row state. One instance per writer (text binders hold a charset
 * decoder).
 */
@FunctionalInterface
public interface ColumnBinder {

	/**
	 * @throws ValueException when the field cannot be stored in the column (the message says why)
	 */
	void bind(ValueSink statement, int parameter, RawRecord record, int field) throws SQLException;

	/**
	 * The binder for {@code column}, by the kind the dialect gives it (integers, exact decimals,
	 * floats, booleans, dates, times, timestamps, hex blobs, text). Empty fields follow the contract:
	 * an unquoted empty field (or the null token) is NULL in a nullable column, '' in a NOT NULL text
	 * column and an error elsewhere; {@code ""} is '' in a text column and an empty field elsewhere.
	 */
	static ColumnBinder forColumn(TableColumn column, TargetDialect dialect, ValueFormats formats) {
		ColumnKind kind = dialect.sql().kindOf(column);
		return Binders.withEmptyRule(column, kind, Binders.of(column, kind, dialect, formats));
	}

}
