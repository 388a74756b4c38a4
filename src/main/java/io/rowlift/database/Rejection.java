package io.rowlift.database;

import io.rowlift.model.Location;

/**
 * Why a record cannot be loaded, and where.
 * @param where the record or field at fault
 * @param problem what is wrong, and the fix
 */
record Rejection(Location where, String problem) {
}
