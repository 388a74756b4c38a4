package io.rowlift.job;

import java.util.Objects;

import org.springframework.batch.core.job.parameters.JobParameter;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;

/**
 * The job parameters of a run: only what identifies it and what a resume may change. Everything else a run
 * is, its plan, is stored once with it ({@link RunPlan}) and read from there. Identifying (they make the job
 * instance, so the same command finds and resumes it, and their names and values are what earlier versions
 * wrote): the load key, the file's fingerprint and the first start. Per execution, non-identifying: the write
 * method and its reason (each run chooses its own; the server's settings may have changed), and the settings
 * its partitions share ({@link RunSettings}). Runs of earlier versions also hold their plan here, read by
 * {@link LegacyRunParameters}. Names are {@link LoadJobNames}'s. Stateless.
 */
public final class RunPlanParameters {

	private static final String REASON = "-reason";

	private RunPlanParameters() {
	}

	/** The job parameters of a new run of {@code plan}. */
	public static JobParameters of(RunPlan plan) {
		return withWrite(new JobParametersBuilder(), plan.write()).addString(LoadJobNames.LOAD_KEY, plan.loadKey(), true)
			.addString(LoadJobNames.FINGERPRINT, plan.fingerprint(), true)
			.addString(LoadJobNames.STARTED, plan.started(), true)
			.toJobParameters();
	}

	/**
	 * The job parameters of a resume: the identifying ones of the run's last execution (the same job
	 * instance) with this execution's write method. A plan an earlier version kept among them is left behind:
	 * the resume stores it ({@link RunPlan#storeIn}) before any step runs.
	 */
	public static JobParameters resumed(JobParameters last, WriteChoice write) {
		JobParametersBuilder parameters = new JobParametersBuilder();
		for (JobParameter<?> parameter : last.getIdentifyingParameters()) {
			parameters.addJobParameter(parameter);
		}
		return withWrite(parameters, write).toJobParameters();
	}

	private static JobParametersBuilder withWrite(JobParametersBuilder parameters, WriteChoice write) {
		return parameters.addString(LoadJobNames.WRITE_METHOD, write.method().name(), false)
			.addString(LoadJobNames.WRITE_METHOD + REASON, write.reason(), false);
	}

	/** The write method of this execution of a run. */
	public static WriteChoice write(JobParameters parameters) {
		String method = parameters.getString(LoadJobNames.WRITE_METHOD); // absent in runs started before there was a choice
		return method == null ? new WriteChoice(WriteMethod.INSERT, "the only method then")
				: new WriteChoice(WriteMethod.valueOf(method),
						Objects.requireNonNullElse(parameters.getString(LoadJobNames.WRITE_METHOD + REASON), "the only method then"));
	}

	/** The load key of a run (identifying). */
	public static String loadKey(JobParameters parameters) {
		return parameters.getString(LoadJobNames.LOAD_KEY);
	}

	/** The file fingerprint of a run (identifying). */
	public static String fingerprint(JobParameters parameters) {
		return parameters.getString(LoadJobNames.FINGERPRINT);
	}

}
