package io.rowlift.job;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.sort.SortProperties;

/**
 * The settings that tune the machine a run's partitions run on, and decide nothing of its results:
 * {@code rowlift.job.read-ahead} (chunks parsed ahead of the writer) and {@code rowlift.sort.memory} (the external
 * sort's budget). In a local run they are the request's: the launcher puts them among the execution's non-identifying
 * job parameters ({@link #addTo}), where the load step reads them ({@link #of(JobParameters)}), because one context
 * runs many requests (the scheduled service) and a bean of the context would be every load's. A cluster worker
 * tunes its own machine: it passes its own ({@link #of(JobProperties, SortProperties)} of its configuration) and
 * ignores the manager's. Like {@link RunSettings} each execution's own, not the stored plan's: a resume may
 * change them. Immutable.
 *
 * @param readAhead chunks each partition parses ahead of its writer; 0 parses on the writing thread
 * @param sortMemory the external sort's memory budget, bytes ({@link SortProperties#memoryBytes})
 */
public record PartitionTuning(int readAhead, long sortMemory) {

	/** The request's (or a cluster worker's own) settings. */
	public static PartitionTuning of(JobProperties job, SortProperties sort) {
		return new PartitionTuning(job.readAhead(), sort.memoryBytes());
	}

	/** {@code parameters} with these settings in place of those they carry (non-identifying: the run stays the same). */
	JobParameters addTo(JobParameters parameters) {
		return new JobParametersBuilder(parameters).addLong(LoadJobNames.READ_AHEAD, (long) this.readAhead, false)
			.addLong(LoadJobNames.SORT_MEMORY, this.sortMemory, false)
			.toJobParameters();
	}

	/**
	 * The settings of the execution whose parameters these are, as its launcher put them there.
	 * @throws IllegalStateException naming the missing parameter, for an execution not started by {@link LoadLauncher}
	 */
	static PartitionTuning of(JobParameters parameters) {
		return new PartitionTuning((int) RunSettings.required(parameters, LoadJobNames.READ_AHEAD),
				RunSettings.required(parameters, LoadJobNames.SORT_MEMORY));
	}

}
