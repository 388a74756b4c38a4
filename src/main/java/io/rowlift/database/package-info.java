/**
 * Writing: the target table's metadata, the mapping of fields onto columns, column binders, the JDBC batch writer, and the dialect strategy that holds every vendor difference.
 */
package io.rowlift.database;
