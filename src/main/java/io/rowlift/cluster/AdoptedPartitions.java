package io.rowlift.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;

import io.rowlift.job.LoadHistory;
import io.rowlift.job.LoadProgress;

/**
 * The partitions a restarted manager adopts: those of an earlier execution of its run that still run on
 * workers (a manager killed while they loaded; the recovery left them running, {@code RunRecovery} in the
 * job package). The new execution does not start them again: its split leaves them out, and the manager
 * waits for them through the job repository, as for the ones it sends. Immutable after {@link #find};
 * {@link #awaitEnds} blocks the calling thread.
 */
final class AdoptedPartitions {

	/** By step execution id, in the order the repository listed them. */
	private final Map<Long, StepExecution> partitions;

	private AdoptedPartitions(Map<Long, StepExecution> partitions) {
		this.partitions = partitions;
	}

	/** The running partitions of {@code execution}'s run that belong to its earlier executions. */
	static AdoptedPartitions find(LoadHistory history, JobExecution execution) {
		Map<Long, StepExecution> found = new LinkedHashMap<>();
		for (StepExecution partition : history.runningPartitions(execution.getJobInstanceId())) {
			if (partition.getJobExecutionId() != execution.getId()) {
				found.put(partition.getId(), partition);
			}
		}
		return new AdoptedPartitions(found);
	}

	boolean isEmpty() {
		return this.partitions.isEmpty();
	}

	/** Their step execution ids. */
	Set<Long> ids() {
		return this.partitions.keySet();
	}

	/** Their partition names ({@code partition2}, ...), for the split to leave out. */
	Set<String> names() {
		Set<String> names = new java.util.TreeSet<>();
		for (StepExecution partition : this.partitions.values()) {
			names.add(LoadProgress.partitionOf(partition.getStepName()));
		}
		return names;
	}

	/**
	 * The line the restarted manager prints: how many partitions still run on workers, each with its worker
	 * ({@code host:pid}, once it has committed a chunk), and that it waits for them.
	 */
	String announcement(long run) {
		Map<String, String> byName = new TreeMap<>(java.util.Comparator.comparing(String::length).thenComparing(java.util.Comparator.naturalOrder()));
		for (StepExecution partition : this.partitions.values()) {
			String worker = partition.getExecutionContext().containsKey(WorkerIdentity.KEY)
					? partition.getExecutionContext().getString(WorkerIdentity.KEY) : "a worker";
			byName.put(LoadProgress.partitionOf(partition.getStepName()), worker);
		}
		List<String> each = new ArrayList<>();
		byName.forEach((name, worker) -> each.add(name + " on " + worker));
		int n = this.partitions.size();
		return "rowlift: manager " + WorkerIdentity.of() + " found " + n + " partition" + (n == 1 ? "" : "s") + " of run " + run
				+ " still running on workers (" + String.join(", ", each) + ") and is waiting for "
				+ (n == 1 ? "it" : "them") + " instead of starting " + (n == 1 ? "it" : "them") + " again";
	}

	/**
	 * Waits until every adopted partition has ended (the lease watch ends one whose worker is gone), reading
	 * the repository every {@code poll}.
	 * @return their step executions as they ended
	 */
	List<StepExecution> awaitEnds(JobRepository repository, Duration poll) throws InterruptedException {
		Map<Long, StepExecution> ended = new LinkedHashMap<>();
		while (true) {
			for (Long id : this.partitions.keySet()) {
				if (!ended.containsKey(id)) {
					StepExecution now = repository.getStepExecution(id);
					if (now == null) {
						throw new IllegalStateException("partition " + this.partitions.get(id).getStepName() + " (step execution " + id
								+ ") is no longer in the job repository; run the same command again");
					}
					if (!now.getStatus().isRunning()) {
						ended.put(id, now);
					}
				}
			}
			if (ended.size() == this.partitions.size()) {
				return new ArrayList<>(ended.values());
			}
			Thread.sleep(poll.toMillis());
		}
	}

}
