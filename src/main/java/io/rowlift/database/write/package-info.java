/**
 * Writing a chunk: the sinks (INSERT batches, bulk streams, one buffer per chunk, the staged path for a refused
 * stream), the bisection that finds the rows the database refused, and the partition's rejects.
 */
package io.rowlift.database.write;
