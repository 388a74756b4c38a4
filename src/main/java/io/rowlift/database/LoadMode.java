package io.rowlift.database;

/**
 * What a load does with the rows already in its table ({@code rowlift.target.mode}). Fixed by a load's
 * first run, like its other run settings: a resume goes on in the mode the load started with.
 */
public enum LoadMode {

	/** Adds the file's rows to the table (the default). */
	APPEND,

	/** Empties the table once, at the load's first run, then adds the file's rows. */
	TRUNCATE,

	/**
	 * Loads into a staging table made like the target, then swaps it in atomically: readers see the old
	 * rows until the new ones are complete.
	 */
	REPLACE,

	/** Inserts new keys and updates the rows whose key ({@code rowlift.target.upsert-key}) exists. */
	UPSERT,

	/** Inserts new keys and skips (and counts) the rows whose key exists. */
	IGNORE;

	/** As the operator writes it: {@code append}, {@code replace}, ... */
	public String setting() {
		return name().toLowerCase(java.util.Locale.ROOT);
	}

	/** Whether rows are matched on a unique key ({@code upsert}, {@code ignore}). */
	public boolean matchesKeys() {
		return this == UPSERT || this == IGNORE;
	}

}
