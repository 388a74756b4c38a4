package io.rowlift.job;

import java.nio.file.Path;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;

import io.rowlift.database.TargetMode;

/**
 * What a run is, as the decisions about it and {@code status} need it without opening its input: which load,
 * the file and table, its partitions, mode and sort folder. Read from the plan stored with the run
 * ({@link RunPlan#in}), the one source once a run has started; a run started by a version before stored plans
 * has none, and is read from its job parameters as that version wrote them ({@link LegacyRunParameters}).
 * Immutable.
 *
 * @param loadKey which load, {@code table <- canonical path}
 * @param fingerprint the file's fingerprint when the load's first run started
 * @param file the canonical path of the file
 * @param display the file as the operator named it
 * @param table the table as the database spells it
 * @param partitions the units the input is split into
 * @param target the load mode and its key
 * @param sortDir the folder of the sorted runs, or null
 */
public record RunOutline(String loadKey, String fingerprint, Path file, String display, String table, int partitions,
		TargetMode target, Path sortDir) {

	/**
	 * The outline of {@code execution}'s run: from its stored plan, else from the job parameters of a run an
	 * earlier version started; empty for a run that has neither, one killed as its job started, between the
	 * job repository creating the execution and the plan being stored (it ran no step, so it wrote nothing).
	 */
	public static Optional<RunOutline> of(JobExecution execution) {
		Optional<RunPlan> stored = RunPlan.in(execution.getExecutionContext());
		if (stored.isPresent()) {
			return Optional.of(stored.get().outline());
		}
		return LegacyRunParameters.outline(execution.getJobParameters());
	}

}
