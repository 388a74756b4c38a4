/**
 * Reading the input: the CSV dialect, byte-range partitions whose bounds are record starts, and the reader that resumes from a saved byte offset.
 */
package io.rowlift.source;
