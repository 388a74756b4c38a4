/**
 * The MySQL and MariaDB dialect.
 */
package io.rowlift.target.mysql;
