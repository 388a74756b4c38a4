/**
 * Writing: the target table's metadata, the JDBC row writer, the rejects, and the dialect strategy that holds every
 * vendor difference: {@link io.rowlift.database.TargetDialect}, a facade of small roles (connections, SQL text, write
 * paths, key matching, index build, faults, run lock, sizing, whole tables), each implemented in its vendor's package.
 * The mapping of fields onto columns and the binders are in {@code database.mapping}, the sinks and the bisection in
 * {@code database.write}.
 */
package io.rowlift.database;
