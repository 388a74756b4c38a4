package io.rowlift.load;

import java.io.PrintStream;
import java.util.List;

import io.rowlift.report.LoadSummary;

/**
 * How one load ended ({@link LoadService#load}). Immutable.
 *
 * @param status the run's status, or {@link Status#NOT_RUN} when no job ran (exit 2 and 3, a failure before the start)
 * @param exit what the end means, with the contract's exit code
 * @param counts the rows and rejects of the load (zero when no job ran)
 * @param summary the run's summary, or null when no job ran
 * @param problem the one-line reason when the load did not complete, else null
 * @param notices the lines for standard error before the summary (a reject file or report that could not be written)
 * @param problems the lines for standard error after the summary: the problem, what to do next, indexes still dropped
 */
public record LoadResult(Status status, ExitMeaning exit, Counts counts, LoadSummary summary, String problem,
		List<String> notices, List<String> problems) {

	/** The prefix of every line Rowlift prints on standard error. */
	private static final String PREFIX = "rowlift: ";

	public LoadResult {
		notices = List.copyOf(notices);
		problems = List.copyOf(problems);
	}

	static LoadResult of(ExitMeaning exit, LoadSummary summary, String problem, List<String> notices, List<String> problems) {
		Status status = summary == null ? Status.NOT_RUN
				: switch (summary.status()) {
					case "COMPLETED" -> Status.COMPLETED;
					case "STOPPED" -> Status.STOPPED;
					default -> Status.FAILED; // FAILED, and UNKNOWN after a failed commit: resumable as a failure
				};
		Counts counts = summary == null ? Counts.NONE
				: new Counts(summary.read(), summary.rowsTotal(), summary.rowsThisRun(), summary.rejected());
		return new LoadResult(status, exit, counts, summary, problem, notices, problems);
	}

	/** The contract's exit code. */
	public int exitCode() {
		return this.exit.code();
	}

	/** Whether a signal stopped the load at a chunk boundary (exit 1; the same request resumes it). */
	public boolean stopped() {
		return this.status == Status.STOPPED;
	}

	/**
	 * Prints the result as the command line does: the notices, the run report and summary line on
	 * {@code out}, then the problems, each line on standard error starting {@code rowlift: }.
	 */
	public void print(PrintStream out, PrintStream err) {
		this.notices.forEach(line -> err.println(PREFIX + line));
		if (this.summary != null) {
			out.print(this.summary.report());
			out.println(this.summary.line());
		}
		this.problems.forEach(line -> err.println(PREFIX + line));
	}

	/** The run's status: the job's end, or that no job ran. */
	public enum Status {

		/** Every partition loaded; exit 0. */
		COMPLETED,

		/** The job failed; the same request resumes it. */
		FAILED,

		/** A signal stopped it at a chunk boundary; the same request resumes it. */
		STOPPED,

		/** No job ran: refused, bad input, or a failure before the job started. */
		NOT_RUN

	}

	/**
	 * The load's counts, as its summary has them.
	 *
	 * @param read records read by all runs of this load
	 * @param rowsTotal rows written by all runs of this load
	 * @param rowsThisRun rows written by this run
	 * @param rejected records rejected by all runs of this load
	 */
	public record Counts(long read, long rowsTotal, long rowsThisRun, long rejected) {

		/** No job ran. */
		public static final Counts NONE = new Counts(0, 0, 0, 0);

	}

}
