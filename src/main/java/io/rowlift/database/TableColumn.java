package io.rowlift.database;

import java.sql.Types;

/**
 * A column of the target table, as JDBC metadata describes it.
 *
 * @param name the column name as the database spells it
 * @param jdbcType the {@link java.sql.Types} code
 * @param typeName the database's type name
 * @param size the declared size: characters for text, precision for decimals, 0 if none
 * @param scale the declared scale of decimals, 0 if none
 * @param nullable whether NULL is allowed
 * @param hasDefault whether the database fills it when no value is given (a default, auto-increment,
 * a generated value or SQLite's rowid)
 */
public record TableColumn(String name, int jdbcType, String typeName, int size, int scale, boolean nullable,
		boolean hasDefault) {

	/** Whether values are text by JDBC type (so an empty field may be the empty string). */
	public boolean isText() {
		return switch (this.jdbcType) {
			case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR,
					Types.CLOB, Types.NCLOB ->
				true;
			default -> false;
		};
	}

	/** {@code name TYPE} for messages. */
	public String describe() {
		return this.name + " " + this.typeName;
	}

}
