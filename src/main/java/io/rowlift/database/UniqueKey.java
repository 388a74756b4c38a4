package io.rowlift.database;

import java.util.List;
import java.util.Locale;

/**
 * A key of a table that no two rows share: its primary key or a unique index (or unique constraint).
 *
 * @param name the index name as the database spells it ({@code PRIMARY} for MySQL's primary key; SQLite's
 * primary key is named {@value #PRIMARY_KEY} when the table declares it, its automatic index name otherwise)
 * @param columns its columns, in key order
 * @param primary whether it is the primary key
 */
public record UniqueKey(String name, List<String> columns, boolean primary) {

	/** How messages and the summary name a primary key that has no index name of its own. */
	public static final String PRIMARY_KEY = "primary key";

	public UniqueKey {
		columns = List.copyOf(columns);
	}

	/** Whether {@code configured} ({@code rowlift.target.upsert-key}) names this key (case-insensitive). */
	public boolean named(String configured) {
		return this.name.equalsIgnoreCase(configured) || (this.primary && PRIMARY_KEY.equalsIgnoreCase(configured));
	}

	/** {@code name (a, b)}, for messages. */
	public String describe() {
		return this.name + " (" + String.join(", ", this.columns) + ")";
	}

	/** Whether every column of the key is one of {@code loaded} (case-insensitive). */
	boolean filledBy(List<TableColumn> loaded) {
		return this.columns.stream()
			.allMatch(c -> loaded.stream().anyMatch(l -> l.name().toLowerCase(Locale.ROOT).equals(c.toLowerCase(Locale.ROOT))));
	}

}
