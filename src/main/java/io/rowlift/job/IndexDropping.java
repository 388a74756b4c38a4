package io.rowlift.job;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.schema.SchemaProperties;

/**
 * Whether an execution of a run drops the table's secondary indexes before its load step
 * ({@code rowlift.schema.drop-indexes}), as the request that started it said. It travels as a non-identifying job
 * parameter ({@value LoadJobNames#DROP_INDEXES}) rather than as the context's {@link SchemaProperties} bean, because
 * one context runs many requests (the scheduled service), and the index-drop step, a step-scoped bean, can read
 * only what the execution carries. Like {@link RunSettings} it is each execution's own, not the stored plan's: a
 * resume whose index-drop step has not completed drops as its own command says, as it always has. Immutable.
 *
 * @param dropIndexes drop the indexes before the load and rebuild them after it
 */
record IndexDropping(boolean dropIndexes) {

	/** The request's setting. */
	static IndexDropping of(SchemaProperties schema) {
		return new IndexDropping(schema.dropIndexes());
	}

	/**
	 * The setting of the execution whose parameters these are; {@code true}, the setting's default, when they carry
	 * none (an execution started without {@link LoadLauncher}).
	 */
	static IndexDropping of(JobParameters parameters) {
		String value = parameters.getString(LoadJobNames.DROP_INDEXES);
		return new IndexDropping(value == null || Boolean.parseBoolean(value));
	}

	/** {@code parameters} with this setting in place of the one they carry (non-identifying: the run stays the same). */
	JobParameters addTo(JobParameters parameters) {
		return new JobParametersBuilder(parameters).addString(LoadJobNames.DROP_INDEXES, String.valueOf(this.dropIndexes), false)
			.toJobParameters();
	}

}
