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
 * <p>Settings that only tune one machine stay each process's own: {@code rowlift.job.read-ahead},
 * {@code rowlift.job.threads} (a worker's consumers), {@code rowlift.sort.memory}. Immutable.
 *
 * @param skipLimit bad records tolerated over the whole load
 * @param readBuffer each partition reader's buffer, bytes
 * @param maxRecordSize the longest record accepted, bytes
 */
public record RunSettings(long skipLimit, int readBuffer, int maxRecordSize) {

	/** This process's own settings. */
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
	 * The settings of the execution whose parameters these are. A run started by an earlier version has none
	 * of them: each missing one is {@code own}'s, this process's setting, as that version had it (a cluster
	 * worker then uses its own configuration for it, as before).
	 */
	public static RunSettings of(JobParameters parameters, RunSettings own) {
		Long skip = parameters.getLong(LoadJobNames.SKIP_LIMIT);
		Long buffer = parameters.getLong(LoadJobNames.READ_BUFFER);
		Long record = parameters.getLong(LoadJobNames.MAX_RECORD_SIZE);
		return new RunSettings(skip != null ? skip : own.skipLimit, buffer != null ? buffer.intValue() : own.readBuffer,
				record != null ? record.intValue() : own.maxRecordSize);
	}

}
