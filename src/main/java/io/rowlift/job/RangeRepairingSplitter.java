package io.rowlift.job;

import java.util.Map;
import java.util.Set;

import org.springframework.batch.core.job.JobExecutionException;
import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.core.partition.StepExecutionSplitter;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.source.InputSource;

/**
 * Spring Batch's splitter, plus the repair of a partition whose context was never saved.
 *
 * <p>Why: the splitter saves a partition's new step execution and then, in a second write, its
 * context (the unit of work, such as a byte range, and the committed progress, copied from the partition's previous
 * execution on a restart). A process killed between the two leaves a step execution with an empty
 * context, and every later run copies that empty context and fails before reading ("Value for
 * key=[range.index] is not of type Integer"): the load could never be resumed. Found by the random
 * kill test. The repair takes the context of the partition's newest earlier execution that has one
 * (its last commit: each commit saves the context), or, when there is none, the partitioner's unit:
 * then the partition has committed nothing. Same file (the fingerprint is checked before any resume)
 * and same partition count (a job parameter). Thread-safe if the delegate is.
 *
 * <p>A split that leaves partitions out ({@link PartitionSplitter}, a restarted cluster manager adopting the
 * partitions its workers still run) tells the delegate's partitioner ({@link PartitionsLeftOut}) for the
 * length of that split; made without one, such a split fails.
 */
final class RangeRepairingSplitter implements PartitionSplitter {

	private final StepExecutionSplitter delegate;

	private final Partitioner partitioner;

	private final InputSource input;

	private final JobRepository jobRepository;

	private final LoadHistory history;

	/** The delegate's partitioner, which can leave partitions out, or null when it cannot. */
	private final PartitionsLeftOut leftOut;

	RangeRepairingSplitter(StepExecutionSplitter delegate, Partitioner partitioner, InputSource input,
			JobRepository jobRepository, LoadHistory history) {
		this(delegate, partitioner, input, jobRepository, history, null);
	}

	/** @param leftOut the partitioner of {@code delegate}, wrapping {@code partitioner} */
	RangeRepairingSplitter(StepExecutionSplitter delegate, Partitioner partitioner, InputSource input,
			JobRepository jobRepository, LoadHistory history, PartitionsLeftOut leftOut) {
		this.delegate = delegate;
		this.partitioner = partitioner;
		this.input = input;
		this.jobRepository = jobRepository;
		this.history = history;
		this.leftOut = leftOut;
	}

	@Override
	public Set<StepExecution> split(StepExecution manager, int gridSize, Set<String> leftOut) throws JobExecutionException {
		if (leftOut.isEmpty()) {
			return split(manager, gridSize);
		}
		if (this.leftOut == null) {
			throw new IllegalStateException("this load step's splitter cannot leave out partitions " + leftOut);
		}
		this.leftOut.leaveOut(leftOut);
		try {
			return split(manager, gridSize);
		}
		finally {
			this.leftOut.leaveOut(Set.of());
		}
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
			if (this.input.holdsUnit(execution.getExecutionContext())) {
				continue;
			}
			ExecutionContext saved = lastSaved(execution);
			if (saved == null) {
				if (ranges == null) {
					ranges = this.partitioner.partition(gridSize);
				}
				String partition = LoadProgress.partitionOf(execution.getStepName()); // "loadWorker:partition2"
				saved = ranges.get(partition);
				if (saved == null) {
					throw new JobExecutionException("partition " + execution.getStepName() + " has no unit of work and the input splits into "
							+ ranges.keySet() + "; set rowlift.job.start-over=true to load the file afresh");
				}
			}
			execution.setExecutionContext(new ExecutionContext(saved));
			this.jobRepository.updateExecutionContext(execution);
		}
		return executions;
	}

	/** The context of the partition's newest earlier execution that saved one, or null. */
	private ExecutionContext lastSaved(StepExecution execution) {
		for (StepExecution earlier : this.history.earlierExecutions(execution)) {
			if (this.input.holdsUnit(earlier.getExecutionContext())) {
				return earlier.getExecutionContext();
			}
		}
		return null;
	}

}
