package io.rowlift.load;

import java.util.Optional;

import io.rowlift.schema.ReservedTables;

/**
 * The tables of the target database that Rowlift, Spring Batch and Flyway own, which no load may target
 * ({@link ReservedTables}, the one place that knows them), for the entry points that name a table before any
 * load runs: the scheduled service's table from a file's name, {@code rowlift infer}'s migration. Immutable,
 * thread-safe.
 */
public final class ReservedTargets {

	private final ReservedTables tables;

	private ReservedTargets(ReservedTables tables) {
		this.tables = tables;
	}

	/** @param flywayTable Flyway's history table ({@code spring.flyway.table}), or null for Flyway's default */
	public static ReservedTargets of(String flywayTable) {
		return new ReservedTargets(ReservedTables.of(flywayTable));
	}

	/**
	 * @param target a table name as an operator or a file name gave it
	 * @return what the reserved table it names is, with its name; empty when it names none of them
	 */
	public Optional<String> owner(String target) {
		return this.tables.owner(target);
	}

	/**
	 * Refuses a target that names a reserved table.
	 * @param setting where the name came from, as {@code rowlift.target.table}
	 * @throws io.rowlift.RowliftException exit 2, naming the table, why, and what to do
	 */
	public void check(String target, String setting) {
		this.tables.check(target, setting);
	}

	/** Why no reserved table is a target, with the list, for messages. */
	public String why() {
		return this.tables.why();
	}

}
