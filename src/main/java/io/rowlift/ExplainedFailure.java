package io.rowlift;

/**
 * A failed run (exit 1) whose message already says what to do next (for example "run the same
 * command with --rowlift.job.skip-limit=N"): nothing generic, such as "run the same command again to
 * resume", is added to it, since that alone would fail the same way.
 */
public class ExplainedFailure extends RowliftException {

	public ExplainedFailure(String message) {
		super(1, message);
	}

}
