/**
 * The SQLite dialect.
 */
package io.rowlift.database.sqlite;
