package io.rowlift.job;

import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.source.ByteRange;

/**
 * Spring Batch's splitter, plus the repair of a partition whose byte range was never saved.
 *
 * <p>Why: the splitter saves a new partition's step execution and then, in a second write, its
 * context (the byte range). A process killed between the two leaves a partition with an empty
 * context, and every later run copies that empty context and fails before reading ("Value for
 * key=[range.index] is not of type Integer"): the load could never be resumed. Found by the random
 * kill test. Such a partition has committed nothing (each commit saves the context with its range),
 * so its range is the partitioner's, computed again from the same file (the fingerprint is checked
 * before any resume) and the same partition count (a job parameter). Thread-safe if the delegate is.
 */
final class RangeRepairingSplitter implements StepExecutionSplitter {

	private final StepExecutionSplitter delegate;

	private final Partitioner partitioner;

	private final JobRepository jobRepository;

	RangeRepairingSplitter(StepExecutionSplitter delegate, Partitioner partitioner, JobRepository jobRepository) {
		this.delegate = delegate;
		this.partitioner = partitioner;
		this.jobRepository = jobRepository;
	}

	@Override
	public String getStepName() {
		return this.delegate.getStepName();
	}

	@Override
	public Set<StepExecution> split(StepExecution stepExecution, int gridSize) throws JobExecutionException {
		Set<StepExecution> executions = this.delegate.split(stepExecution, gridSize);
		Map<String, ExecutionContext> ranges = null;
		for (StepExecution execution : executions) {
			if (ByteRange.isIn(execution.getExecutionContext())) {
				continue;
			}
			if (ranges == null) {
				ranges = this.partitioner.partition(gridSize);
			}
			String partition = execution.getStepName().substring(getStepName().length() + 1); // "loadWorker:partition2"
			ExecutionContext range = ranges.get(partition);
			if (range == null) {
				throw new JobExecutionException("partition " + execution.getStepName() + " has no byte range and the file splits into "
						+ ranges.keySet() + "; set rowlift.job.start-over=true to load the file afresh");
			}
			execution.setExecutionContext(new ExecutionContext(range));
			this.jobRepository.updateExecutionContext(execution);
		}
		return executions;
	}

}
