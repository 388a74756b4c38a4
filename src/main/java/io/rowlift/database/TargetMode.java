package io.rowlift.database;

/**
 * A load's mode and the key it matches rows on, as the first run fixed them.
 *
 * @param mode what the load does with the rows already in the table
 * @param upsertKey the unique key (an index name, or the primary key when null) that {@code upsert} and
 * {@code ignore} match on; null for the other modes
 */
public record TargetMode(LoadMode mode, String upsertKey) {

	/** The default: append, no key. */
	public static final TargetMode APPEND = new TargetMode(LoadMode.APPEND, null);

	public TargetMode {
		if (mode == null) {
			mode = LoadMode.APPEND;
		}
		if (upsertKey != null && upsertKey.isBlank()) {
			upsertKey = null;
		}
	}

	/** The mode and key of the settings. */
	public static TargetMode of(TargetProperties target) {
		return new TargetMode(target.mode(), target.mode().matchesKeys() ? target.upsertKey() : null);
	}

}
