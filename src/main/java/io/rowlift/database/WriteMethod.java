package io.rowlift.database;

/**
 * How rows reach the table ({@code rowlift.target.write-method}). Every method writes a chunk in the
 * chunk's transaction, together with the reader's saved position, so restart and crash safety do
 * not depend on the choice.
 */
public enum WriteMethod {

	/**
	 * Rowlift chooses per target: see {@link TargetDialect#chooseWriteMethod} (SQLite: {@link #INSERT_SELECT}
	 * where the jar has the extension, else {@link #INSERT}; MySQL: {@link #LOAD_DATA} where the server
	 * allows it, else {@link #INSERT}). The default.
	 */
	AUTO,

	/** JDBC batches of INSERT statements (multi-row where the dialect says so). Every database. */
	INSERT,

	/**
	 * SQLite: the same INSERT statements as {@link #INSERT}, but the values bound by Rowlift straight
	 * into sqlite-jdbc's native statement, text as the record's UTF-8 bytes (no String, no second
	 * copy, no JDBC batch of boxed values); see {@code docs/sqlite-binding.md}. The stored rows are
	 * the same as with {@link #INSERT}. Not the default: it saved too little to be one.
	 */
	INSERT_DIRECT,

	/**
	 * SQLite: each chunk's rows as one buffer of typed values ({@link RowsBuffer}), bound once as a BLOB
	 * and inserted with one {@code INSERT INTO t (...) SELECT ... FROM rowlift_rows(?)}, through Rowlift's
	 * own SQLite extension ({@code src/main/c/rowlift_rows.c}, in the jar where the build had a C
	 * compiler). The stored rows are the same as with {@link #INSERT}; a chunk the database refuses a row
	 * of is rolled back and written as {@link #INSERT} writes it, which finds the row. Where the extension
	 * is missing or cannot be loaded, loads use {@link #INSERT} and the summary's write reason says why;
	 * see {@code docs/sqlite-binding.md}.
	 */
	INSERT_SELECT,

	/**
	 * MySQL: each chunk's parsed, validated rows streamed with {@code LOAD DATA LOCAL INFILE} from
	 * memory (no file is written). A chunk the server warns about is rolled back and inserted with
	 * INSERT statements, which trace the refused rows.
	 */
	LOAD_DATA

}
