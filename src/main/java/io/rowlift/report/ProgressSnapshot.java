package io.rowlift.report;

import java.time.Duration;
import java.util.List;

/**
 * Where a running load is, as the progress sampler read it from the counters the load commits: what
 * a {@link ProgressDisplay} shows. Rates are averages over this run's part of the phase. Immutable.
 *
 * @param phase the phase running: {@code index-drop}, {@code sort}, {@code load}, {@code index-rebuild},
 * {@code accounting}, or {@code starting} before the first step
 * @param unit what {@code done} and {@code total} count: {@code bytes} (sort, load) or {@code indexes}
 * (index-rebuild); null for a phase without a measure
 * @param done units done, over all runs of the load (a resume starts where the last run committed)
 * @param total units in the phase, or -1 when unknown
 * @param rows rows written by this run
 * @param rowsPerSecond rows written per second by this run in this phase
 * @param bytesPerSecond bytes per second done by this run in this phase
 * @param eta time left for the phase at this run's rate, or null when unknown
 * @param elapsed time since the run started
 * @param phaseElapsed time since the phase started
 * @param partitions the partitions opened by this run (load phase), in partition order
 * @param detail what the phase is doing now, in a few words ("writing sorted runs"), or null
 */
public record ProgressSnapshot(String phase, String unit, long done, long total, long rows, double rowsPerSecond,
		double bytesPerSecond, Duration eta, Duration elapsed, Duration phaseElapsed, List<PartitionProgressLine> partitions,
		String detail) {

	/**
	 * One partition of the load.
	 * @param name {@code partition0}, ...
	 * @param status its step's status
	 * @param done bytes of its range committed, over all runs
	 * @param total bytes in its range
	 * @param rows rows it wrote in this run
	 * @param rowsPerSecond its rows per second in this run
	 */
	public record PartitionProgressLine(String name, String status, long done, long total, long rows, double rowsPerSecond) {
	}

	/** {@code done} as a percentage of {@code total}, or -1 when the total is unknown. */
	public double percent() {
		return this.total > 0 ? Math.min(100.0, 100.0 * this.done / this.total) : this.total == 0 ? 100.0 : -1;
	}

}
