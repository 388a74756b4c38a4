/**
 * Writing: the target table's metadata, the mapping of fields onto columns, column binders, the JDBC batch writer, and the dialect strategy that holds every vendor difference: {@link io.rowlift.database.TargetDialect}, a facade of small roles (connections, SQL text, write paths, key matching, index build, faults, run lock, sizing, whole tables), each implemented in its vendor's package.
 */
package io.rowlift.database;
