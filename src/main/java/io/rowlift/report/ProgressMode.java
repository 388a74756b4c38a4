package io.rowlift.report;

/** How a load shows its progress while it runs ({@code rowlift.report.progress}). */
public enum ProgressMode {

	/** {@link #BAR} when standard error is a terminal, else {@link #LINES} (the default). */
	AUTO,

	/** A progress bar on standard error, redrawn in place (drawn by the progressbar library). */
	BAR,

	/** One plain line on standard error every {@code rowlift.report.progress-interval}. */
	LINES,

	/** As {@link #LINES}, and one more line per running partition. */
	PARTITIONS,

	/** Nothing while the load runs; the report at the end is unchanged. */
	NONE

}
