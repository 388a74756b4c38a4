package io.rowlift.database;

import io.rowlift.model.Location;

/**
 * Why a record cannot be loaded, and where.
 * @param where the record or field at fault
 * @param problem what is wrong, and the fix
 * @param refusal the database's own refusal of the row (a key, a constraint), or null for a record Rowlift
 * refused: kept as the cause of the failure a spent skip limit makes, so the advice can tell a key the
 * table holds already from other refusals
 */
public record Rejection(Location where, String problem, java.sql.SQLException refusal) {

	/** A record Rowlift refused itself (no database refusal). */
	public Rejection(Location where, String problem) {
		this(where, problem, null);
	}

	/** The 0-based field at fault, or -1 for the record as a whole. */
	public int field() {
		return this.where.column() - 1;
	}

}
