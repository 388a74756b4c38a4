package io.rowlift.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.progress.PartitionProgress;

/**
 * The partitions of a running job execution as the shared job repository has them: what the progress
 * display and the report see of partitions that run in other processes (the cluster's workers),
 * which this process holds no live {@link StepExecution} of. Each read asks the repository for the
 * execution's step executions, with their contexts as their last chunk committed them.
 *
 * <p>What a partition had committed when this run opened it is its context as the manager created it
 * (the splitter copies an earlier run's context into a resumed partition), kept the first time a read
 * sees the partition started; so this run's share is told from earlier runs' as for local partitions.
 * Thread-safe.
 */
public final class RepositoryPartitions {

	private final JobRepository repository;

	private final JobExecution execution;

	/** Per step execution id: the partition as it opened in this run. */
	private final Map<Long, RunningPartitions.Opened> opened = new ConcurrentHashMap<>();

	/**
	 * @param execution the running execution of this process (the manager's), whose in-memory partition step
	 * executions hold the contexts the partitions were created with
	 */
	public RepositoryPartitions(JobRepository repository, JobExecution execution) {
		this.repository = repository;
		this.execution = execution;
	}

	/** The partitions of the execution that have started, each with its step execution as last committed. */
	public List<RunningPartitions.Opened> read() {
		JobExecution stored = this.repository.getJobExecution(this.execution.getId());
		if (stored == null) {
			return List.of();
		}
		List<RunningPartitions.Opened> found = new ArrayList<>();
		for (StepExecution step : stored.getStepExecutions()) {
			if (!step.getStepName().startsWith(LoadJobNames.WORKER + ":") || step.getStatus() == BatchStatus.STARTING) {
				continue;
			}
			RunningPartitions.Opened first = this.opened.computeIfAbsent(step.getId(), id -> {
				ExecutionContext atOpen = new ExecutionContext(created(id).orElse(new ExecutionContext()));
				return new RunningPartitions.Opened(step, atOpen, PartitionProgress.readFrom(atOpen), System.nanoTime());
			});
			found.add(new RunningPartitions.Opened(step, first.unitAtOpen(), first.atOpen(), first.openedNanos()));
		}
		return found;
	}

	/** The context a partition was created with in this process, as long as nothing copied a later one over it. */
	private java.util.Optional<ExecutionContext> created(long id) {
		for (StepExecution step : this.execution.getStepExecutions()) {
			if (step.getId() == id) {
				return java.util.Optional.of(step.getExecutionContext());
			}
		}
		return java.util.Optional.empty();
	}

}
