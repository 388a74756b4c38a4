/**
 * The JSON Lines input format: one JSON object per line, its keys matched to columns by name, split into byte
 * ranges whose bounds are line starts, read with Jackson's streaming parser and resumed from a saved byte offset
 * ({@link io.rowlift.source.RangePosition}, through the lifecycle it shares with CSV,
 * {@link io.rowlift.source.RangeReader}); a compressed file is one unit ({@link io.rowlift.source.CompressedInput}). Known to the rest of Rowlift only through the seam
 * ({@link io.rowlift.source.InputFormat}).
 */
package io.rowlift.source.jsonl;
