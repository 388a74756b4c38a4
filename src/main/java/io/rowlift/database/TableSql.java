package io.rowlift.database;

import java.sql.SQLException;

/**
 * The SQL text a database takes for tables and values: column kinds and bindings, the types and schema of
 * Rowlift's own tables, the small statements the generic code builds. One of a {@link TargetDialect}'s roles
 * ({@link TargetDialect#sql()}); identifiers are quoted by {@link TargetDialect#quote}. Stateless and thread-safe.
 */
public interface TableSql {

	/** How fields are converted for {@code column}. */
	ColumnKind kindOf(TableColumn column);

	/**
	 * Binds a date ({@code LocalDate}), time ({@code LocalTime}) or timestamp ({@code LocalDateTime})
	 * as ISO-8601 text ({@code 2024-01-31 13:45:00.5}): SQLite keeps it as text, the form its date
	 * functions read; MySQL converts it, fractional seconds included (Connector/J drops them from
	 * {@code setObject} when it takes a MariaDB server for MySQL 5.5).
	 */
	default void bindTemporal(ValueSink statement, int parameter, java.time.temporal.Temporal value)
			throws SQLException {
		statement.setString(parameter, TemporalText.format(value));
	}

	/** Binds an exact decimal. */
	default void bindDecimal(ValueSink statement, int parameter, java.math.BigDecimal value)
			throws SQLException {
		statement.setBigDecimal(parameter, value);
	}

	/**
	 * A condition that {@code column} (quoted) holds the value of the next parameter, NULL matching NULL
	 * (standard SQL's {@code IS NOT DISTINCT FROM}).
	 */
	default String nullSafeEquals(String column) {
		return column + " IS NOT DISTINCT FROM ?";
	}

	/** Drops the temporary table {@code name} if it exists, without ending the transaction. */
	default String dropTemporaryTable(String name) {
		return "DROP TABLE IF EXISTS " + name;
	}

	/** A DELETE of one row of {@code table} (quoted) among those that meet {@code condition}. */
	default String deleteOneRow(String table, String condition) {
		return "DELETE FROM " + table + " WHERE " + condition + " LIMIT 1";
	}

	/** Classpath location of Spring Batch's schema script for this database. */
	String batchSchemaScript();

	/** Whether Spring Batch's sequence tables hold a row from the start (a table-based sequence). */
	default boolean batchSequencesHaveRows() {
		return false;
	}

	/** Type for bytes in Rowlift's own tables. */
	default String blobType() {
		return "BLOB";
	}

	/** Type for long text in Rowlift's own tables. */
	default String textType() {
		return "TEXT";
	}

	/**
	 * A comment that starts every statement Rowlift sends for {@code table} (inserts, index DDL), so
	 * that statements a killed run left running on the server can be found; empty where not needed.
	 */
	default String statementTag(String table) {
		return "";
	}

}
