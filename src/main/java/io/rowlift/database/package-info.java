/**
 * Writing: the target table's metadata, the JDBC row writer, the rejects, and the dialect strategy that holds every
 * vendor difference; the mapping of fields onto columns and the binders are in {@code database.mapping}, the sinks
 * and the bisection in {@code database.write}.
 */
package io.rowlift.database;
