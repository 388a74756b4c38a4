package io.rowlift.job;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.source.SourceProperties;

/**
 * The settings of one execution of a run that its partitions must share wherever they run, because they
 * decide its results or where it fails: {@code rowlift.job.skip-limit} (when the run gives up),
 * {@code rowlift.source.max-record-size} (which record is too long) and {@code rowlift.source.read-buffer}
 * (the reader's buffer, kept with them so a worker reads as the manager would). Stored as non-identifying job
 * parameters of each execution ({@link #addTo}), from the command that starts it, so a resume may change
 * them as in a local run; every partition reads them from there ({@link #of(JobParameters, RunSettings)}),
 * so a cluster worker uses the manager's, never its own.
 *
 * <p>Settings that only tune one machine are not among them: {@code rowlift.job.read-ahead} and
 * {@code rowlift.sort.memory} ({@link PartitionTuning}: the request's in a local run, a cluster worker's own), and
 * {@code rowlift.job.threads} (a worker's consumers). Immutable.
 *
 * @param skipLimit bad records tolerated over the whole load
 * @param readBuffer each partition reader's buffer, bytes
 * @param maxRecordSize the longest record accepted, bytes
 */
public record RunSettings(long skipLimit, int readBuffer, int maxRecordSize) {

	/** The request's settings (or a cluster worker's own, for a run that stored none: {@link #of(JobParameters, RunSettings)}). */
	public static RunSettings of(JobProperties job, SourceProperties source) {
		return new RunSettings(job.skipLimit(), (int) source.readBuffer().toBytes(), (int) source.maxRecordSize().toBytes());
	}

	/** {@code parameters} with these settings in place of those they carry (non-identifying: the run stays the same). */
	public JobParameters addTo(JobParameters parameters) {
		return new JobParametersBuilder(parameters).addLong(LoadJobNames.SKIP_LIMIT, this.skipLimit, false)
			.addLong(LoadJobNames.READ_BUFFER, (long) this.readBuffer, false)
			.addLong(LoadJobNames.MAX_RECORD_SIZE, (long) this.maxRecordSize, false)
			.toJobParameters();
	}

	/**
	 * The settings of the execution whose parameters these are, as the launcher put them there from the request:
	 * every execution started by this version's launcher carries them (the load step, the index rebuild).
	 * @throws IllegalStateException naming the missing parameter, for an execution not started by {@link LoadLauncher}
	 */
	static RunSettings of(JobParameters parameters) {
		return new RunSettings(required(parameters, LoadJobNames.SKIP_LIMIT), (int) required(parameters, LoadJobNames.READ_BUFFER),
				(int) required(parameters, LoadJobNames.MAX_RECORD_SIZE));
	}

	/**
	 * The job parameter {@code name} of an execution {@link LoadLauncher} started, which puts it there.
	 * @throws IllegalStateException when it is missing: the execution was started some other way
	 */
	static long required(JobParameters parameters, String name) {
		Long value = parameters.getLong(name);
		if (value == null) {
			throw new IllegalStateException("job parameter " + name + " is missing from the execution's parameters " + parameters
					+ ": the load's settings travel with each execution the launcher starts (LoadLauncher.load); start the "
					+ "load job through LoadService, not with the job operator alone");
		}
		return value;
	}

	/**
	 * The settings of the execution whose parameters these are, for a cluster worker, which runs partitions of
	 * executions other processes started. A run started by an earlier version of the manager has none of them:
	 * each missing one is {@code own}'s, the worker's setting, as that version had it.
	 */
	public static RunSettings of(JobParameters parameters, RunSettings own) {
		Long skip = parameters.getLong(LoadJobNames.SKIP_LIMIT);
		Long buffer = parameters.getLong(LoadJobNames.READ_BUFFER);
		Long record = parameters.getLong(LoadJobNames.MAX_RECORD_SIZE);
		return new RunSettings(skip != null ? skip : own.skipLimit, buffer != null ? buffer.intValue() : own.readBuffer,
				record != null ? record.intValue() : own.maxRecordSize);
	}

}
