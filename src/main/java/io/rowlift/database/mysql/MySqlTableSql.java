package io.rowlift.database.mysql;

import java.sql.Types;

import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableSql;

/** MySQL's column kinds, the types of Rowlift's own tables, and its small statements. */
final class MySqlTableSql implements TableSql {

	private static final String TAG_PREFIX = "rowlift:";

	/** By JDBC type, with MySQL's integer widths and signedness, and text lengths in characters. */
	@Override
	public ColumnKind kindOf(TableColumn column) {
		String t = column.typeName() == null ? "" : column.typeName().toUpperCase(java.util.Locale.ROOT);
		boolean unsigned = t.contains("UNSIGNED");
		return switch (column.jdbcType()) {
			case Types.BIT, Types.BOOLEAN -> ColumnKind.of(ColumnKind.Type.BOOLEAN);
			case Types.TINYINT -> unsigned ? ColumnKind.integer(0, 255) : ColumnKind.integer(-128, 127);
			case Types.SMALLINT -> unsigned ? ColumnKind.integer(0, 65_535) : ColumnKind.integer(-32_768, 32_767);
			case Types.INTEGER -> t.startsWith("MEDIUMINT")
					? (unsigned ? ColumnKind.integer(0, 16_777_215) : ColumnKind.integer(-8_388_608, 8_388_607))
					: (unsigned ? ColumnKind.integer(0, 4_294_967_295L) : ColumnKind.integer(Integer.MIN_VALUE, Integer.MAX_VALUE));
			case Types.BIGINT -> unsigned ? ColumnKind.of(ColumnKind.Type.OTHER) : ColumnKind.integer(Long.MIN_VALUE, Long.MAX_VALUE);
			case Types.DECIMAL, Types.NUMERIC -> ColumnKind.decimal(column.size(), column.scale());
			case Types.REAL, Types.FLOAT, Types.DOUBLE -> ColumnKind.of(ColumnKind.Type.FLOAT);
			case Types.DATE -> t.startsWith("YEAR") ? ColumnKind.integer(1901, 2155) : ColumnKind.of(ColumnKind.Type.DATE);
			case Types.TIME -> ColumnKind.of(ColumnKind.Type.TIME);
			case Types.TIMESTAMP -> ColumnKind.of(ColumnKind.Type.TIMESTAMP);
			case Types.CHAR, Types.VARCHAR, Types.NCHAR, Types.NVARCHAR ->
				t.startsWith("ENUM") || t.startsWith("SET") ? ColumnKind.of(ColumnKind.Type.OTHER) : ColumnKind.text(column.size());
			case Types.LONGVARCHAR, Types.LONGNVARCHAR, Types.CLOB -> ColumnKind.text(0);
			case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> ColumnKind.of(ColumnKind.Type.BLOB);
			default -> ColumnKind.of(ColumnKind.Type.OTHER);
		};
	}

	@Override
	public boolean batchSequencesHaveRows() {
		return true;
	}

	@Override
	public String blobType() {
		return "LONGBLOB";
	}

	@Override
	public String batchSchemaScript() {
		return "org/springframework/batch/core/schema-mysql.sql";
	}

	@Override
	public String textType() {
		return "LONGTEXT";
	}

	/** MySQL's null-safe {@code <=>}: it has no {@code IS NOT DISTINCT FROM}. */
	@Override
	public String nullSafeEquals(String column) {
		return column + " <=> ?";
	}

	/** With TEMPORARY: a plain DROP TABLE would commit the transaction. */
	@Override
	public String dropTemporaryTable(String name) {
		return "DROP TEMPORARY TABLE IF EXISTS " + name;
	}

	/**
	 * A comment naming the table by a stable digest (the same in every run), so statements a killed
	 * run left on the server can be told from those of other clients.
	 */
	@Override
	public String statementTag(String table) {
		return "/* " + TAG_PREFIX + Integer.toHexString(table.toLowerCase(java.util.Locale.ROOT).hashCode()) + " */ ";
	}

}
