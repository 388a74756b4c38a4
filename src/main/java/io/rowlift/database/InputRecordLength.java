package io.rowlift.database;

/**
 * How long the input's records are, as far as the database side needs to know: SQLite sizes the pages
 * of a database file it creates by it. The source side samples the file (with the load's own parser)
 * and hands over only this number, so nothing in this package reads the input or its settings.
 */
@FunctionalInterface
public interface InputRecordLength {

	/**
	 * Average bytes per record at the start of the input's data; -1 when there is nothing to sample.
	 * @throws io.rowlift.RowliftException (exit 2) when the configured input is missing or unreadable, so that
	 *     no database is created for a load that cannot run
	 */
	long averageBytes();

}
