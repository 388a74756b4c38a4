package io.rowlift.database;

import io.rowlift.model.Location;

/**
 * Why a record cannot be loaded, and where.
 * @param where the record or field at fault
 * @param problem what is wrong, and the fix
 */
public record Rejection(Location where, String problem) {

	/** The 0-based field at fault, or -1 for the record as a whole. */
	public int field() {
		return this.where.column() - 1;
	}

}
