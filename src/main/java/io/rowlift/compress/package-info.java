/**
 * Compact storage of documents ({@code rowlift.target.compress=zstd}, docs/compact-storage.md): values stored as zstd
 * frames behind a small header naming a dictionary trained from a sample of the input, the dictionaries' table, and
 * the way back ({@link io.rowlift.compress.ZstdValues#decode}). Knows no input format and no target dialect: it
 * is given bytes, and the SQL type of its table's bytes column.
 */
package io.rowlift.compress;
