package io.rowlift.job;

import java.util.Set;

import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.step.StepExecution;

/**
 * The load step's splitter, which the cluster's manager can ask to leave partitions out: those that still
 * run on workers under an earlier execution of the run, which a restarted manager adopts (waits for)
 * instead of starting again. Spring Batch's own splitter would refuse them ("Cannot restart step from
 * STARTED status"), and a new step execution for them would run them twice.
 */
public interface PartitionSplitter extends StepExecutionSplitter {

	/**
	 * As {@link #split(StepExecution, int)}, without step executions for the partitions named in {@code leftOut}
	 * ({@code partition2}, ...): none is created for them, none returned.
	 */
	Set<StepExecution> split(StepExecution manager, int gridSize, Set<String> leftOut) throws JobExecutionException;

}
