package io.rowlift.source;

/** What an {@link InputFormat} can do beyond the seam's minimum; the load checks these before it writes. */
public enum InputCapability {

	/**
	 * The units are byte ranges of one seekable file, bounds at record starts: a unit is entered in the
	 * middle of the file, and the accounting proves that the ranges cover the file exactly once.
	 */
	BYTE_RANGES,

	/**
	 * The input splits into several units that are not byte ranges (a folder's documents: runs of its sorted
	 * listing), so it loads in several partitions; an input with neither this nor {@link #BYTE_RANGES} is one
	 * stream, read from its start by one partition.
	 */
	SPLIT,

	/**
	 * The {@code spring} pipeline can read it: Spring Batch's {@code FlatFileItemReader} over each unit,
	 * the user's {@code FieldSetMapper} and {@code ItemProcessor}. A format without it loads with the
	 * {@code fast} pipeline only (exit 2 names it when {@code spring} is asked for).
	 */
	SPRING_PIPELINE

}
