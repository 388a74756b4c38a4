/**
 * The MySQL and MariaDB dialect.
 */
package io.rowlift.database.mysql;
