package io.rowlift.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.model.BadRecordException;
import io.rowlift.model.CodeFault;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitProgress;

/**
 * The line for a load that failed because of a bug in Rowlift's own code ({@link CodeFault}) rather
 * than the file, the database or the machine: it says "internal error", names the file, the partition
 * and the records it was loading (those after the partition's last commit, from the line and byte where
 * they start), and asks for a report. The stack trace is left to the log (a log file, or the terminal with
 * {@code --debug}), not the terminal. Stateless.
 */
final class InternalFailure {

	private InternalFailure() {
	}

	/**
	 * The bug among {@code failures}, unless a failure Rowlift explains itself (a bad record, a Rowlift
	 * problem) is there too.
	 */
	static Optional<Throwable> among(List<Throwable> failures) {
		for (Throwable failure : failures) {
			for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
				if (t instanceof BadRecordException || t instanceof io.rowlift.RowliftException) {
					return Optional.empty();
				}
			}
		}
		for (Throwable failure : failures) {
			Optional<Throwable> bug = CodeFault.find(failure);
			if (bug.isPresent()) {
				return bug;
			}
		}
		return Optional.empty();
	}

	/**
	 * @param execution the failed run, whose failed partitions' last commits locate the records
	 * @param input the run's input, which locates a partition's saved position (null: no run)
	 * @param display the file as the operator named it
	 * @param chunkSize records per chunk
	 */
	static String describe(Throwable bug, JobExecution execution, InputSource input, String display, int chunkSize) {
		List<String> places = new ArrayList<>();
		if (execution != null) {
			for (StepExecution step : execution.getStepExecutions()) {
				if (input == null || step.getStatus() != BatchStatus.FAILED || !input.holdsUnit(step.getExecutionContext())) {
					continue;
				}
				String partition = io.rowlift.job.LoadProgress.partitionOf(step.getStepName());
				UnitProgress unit = input.progress(step.getExecutionContext());
				PartitionProgress progress = PartitionProgress.readFrom(step.getExecutionContext());
				places.add(String.format(Locale.ROOT, "partition %s (%s), records %,d to at most %,d of it, from %s",
						partition.substring(InputSource.PARTITION.length()), unit.extent(), progress.read() + 1,
						progress.read() + chunkSize, unit.position()));
			}
		}
		String where = places.isEmpty() ? display : display + ", " + String.join("; ", places);
		return "internal error in Rowlift (" + bug.getClass().getName() + ": " + bug.getMessage() + ") while loading " + where
				+ ": this is a bug in Rowlift, not a problem of the file or the database; please report it with this message "
				+ "and the stack trace (in the log file when logging.file.name is set, or on the terminal with --debug)";
	}

}
