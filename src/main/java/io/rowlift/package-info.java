/**
 * Rowlift: loads one large CSV file into SQLite or MySQL, partitioned, restartable and exact.
 */
package io.rowlift;
