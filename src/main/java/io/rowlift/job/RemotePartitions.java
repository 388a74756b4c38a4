package io.rowlift.job;

import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.step.StepExecution;

/**
 * Where the partitions of a run go when they do not run in this process: a bean of this type (the
 * cluster's manager, {@code rowlift.cluster.role=manager}) makes the load step hand each partition to
 * it instead of to local threads. Implementations live above the load service; the job knows only this.
 */
public interface RemotePartitions {

	/**
	 * The partition handler of one run: sends one request per partition of {@code planned} and returns
	 * when every partition's step execution has ended, as the shared job repository says.
	 */
	PartitionHandler handler(RunPlan planned);

	/**
	 * Whether {@code partition}, a partition's step execution that a process now gone left running (a
	 * killed manager's run), still runs elsewhere: its worker is alive and keeps committing. Such a
	 * partition is not marked failed when the run is recovered, and the next execution of the run waits
	 * for it instead of starting it again ({@link RunRecovery}, {@link AdoptingLaunch}). Called under the
	 * run lock; must be thread-safe.
	 * @return false by default: partitions that ran in this process died with it
	 */
	default boolean runsElsewhere(StepExecution partition) {
		return false;
	}

	/**
	 * What the running partitions wait for, in a few words for the progress display (a partition whose worker
	 * stopped answering: {@code partition 3 waits for worker w1:4181 (last seen 12 s ago)}), or null when
	 * nothing waits. Called by the progress sampler with the partitions as the job repository has them;
	 * must be thread-safe.
	 */
	default String waiting(java.util.List<StepExecution> partitions) {
		return null;
	}

}
