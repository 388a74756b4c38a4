/**
 * The SQLite dialect.
 */
package io.rowlift.target.sqlite;
