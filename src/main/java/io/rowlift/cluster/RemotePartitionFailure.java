package io.rowlift.cluster;

import io.rowlift.RowliftException;

/**
 * A partition that failed on a worker, as the manager learns it from the job repository: its exit
 * description's first line (a worker's own message, such as a file that differs from the manager's, or
 * the first line of the step's failure). The run fails (exit 1); the same command resumes it.
 */
public final class RemotePartitionFailure extends RowliftException {

	private static final long serialVersionUID = 1L;

	public RemotePartitionFailure(String stepName, String exitDescription) {
		super(1, firstLine(exitDescription).isEmpty()
				? stepName + " failed on a worker (its exit description is empty; see the worker's log)"
				: firstLine(exitDescription));
	}

	private static String firstLine(String description) {
		if (description == null) {
			return "";
		}
		int end = description.indexOf('\n');
		return (end < 0 ? description : description.substring(0, end)).trim();
	}

}
