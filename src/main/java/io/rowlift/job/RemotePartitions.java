package io.rowlift.job;

import org.springframework.batch.core.partition.PartitionHandler;

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

}
