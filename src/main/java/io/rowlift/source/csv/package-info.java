/**
 * The CSV input format: the dialect, byte-range partitions whose bounds are record starts, and the reader that
 * resumes from a saved byte offset ({@link io.rowlift.source.RangePosition}, the lifecycle shared with JSON Lines in
 * {@link io.rowlift.source.RangeReader}). Known to the rest of Rowlift only
 * through the seam ({@link io.rowlift.source.InputFormat}), and to the {@code spring} pipeline, which reads CSV itself.
 */
package io.rowlift.source.csv;
