package io.rowlift.job;

import java.nio.file.Path;
import java.util.Objects;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;

/**
 * The one place a {@link RunPlan} becomes job parameters and back. The names are
 * {@link LoadJobNames}'s and never change; the identifying ones (load key, fingerprint, start) make the
 * job instance, so the same command finds and resumes it. A run started by an earlier version lacks
 * the later parameters and reads with the values that version used: write method {@code INSERT}
 * ("the only method then"), key order {@code FILE} ("the only order then"), chunk size reason
 * {@code default}, pipeline {@code FAST}, mode {@code APPEND}. Stateless.
 */
public final class RunPlanParameters {

	private static final String REASON = "-reason";

	private RunPlanParameters() {
	}

	/** Finds the {@link LoadPlan} of a run's file and table. */
	@FunctionalInterface
	public interface LoadPlans {

		/** The plan of {@code loadKey}, for {@code file} (canonical) into {@code table}. */
		LoadPlan plan(String loadKey, Path file, String displayName, String table);

	}

	/** The job parameters of a new run of {@code plan}. */
	public static JobParameters of(RunPlan plan) {
		Sizing sizing = plan.sizing();
		return withWrite(new JobParametersBuilder(), plan.write()).addString(LoadJobNames.LOAD_KEY, plan.loadKey(), true)
			.addString(LoadJobNames.FINGERPRINT, plan.fingerprint(), true)
			.addString(LoadJobNames.STARTED, plan.started(), true)
			.addString(LoadJobNames.PATH, plan.file().toString(), false)
			.addString(LoadJobNames.DISPLAY, plan.displayName(), false)
			.addString(LoadJobNames.TABLE, plan.table(), false)
			.addLong(LoadJobNames.PARTITIONS, (long) sizing.partitions(), false)
			.addString(LoadJobNames.PARTITIONS + REASON, sizing.partitionsReason(), false)
			.addLong(LoadJobNames.THREADS, (long) sizing.threads(), false)
			.addLong(LoadJobNames.CHUNK_SIZE, (long) sizing.chunkSize(), false)
			.addString(LoadJobNames.CHUNK_SIZE + REASON, sizing.chunkSizeReason(), false)
			.addString(LoadJobNames.KEY_ORDER, plan.order().name(), false)
			.addString(LoadJobNames.KEY_ORDER + REASON, plan.keyOrder().reason(), false)
			.addString(LoadJobNames.SORT_DIR, plan.sortDir() == null ? "" : plan.sortDir().toString(), false)
			.addString(LoadJobNames.PIPELINE, plan.pipeline().pipeline().name(), false)
			.addString(LoadJobNames.PIPELINE + REASON, plan.pipeline().reason(), false)
			.addString(LoadJobNames.MODE, plan.mode().name(), false)
			.addString(LoadJobNames.UPSERT_KEY, Objects.requireNonNullElse(plan.target().upsertKey(), ""), false)
			.toJobParameters();
	}

	/**
	 * The job parameters of a resume: those of the load's first run as they are (partitions, threads,
	 * chunk size, key order and pipeline stay), with this run's write method, which changes nothing a
	 * resume depends on (and the server's settings may have changed).
	 */
	public static JobParameters resumed(JobParameters last, WriteChoice write) {
		return withWrite(new JobParametersBuilder(last), write).toJobParameters();
	}

	private static JobParametersBuilder withWrite(JobParametersBuilder parameters, WriteChoice write) {
		return parameters.addString(LoadJobNames.WRITE_METHOD, write.method().name(), false)
			.addString(LoadJobNames.WRITE_METHOD + REASON, write.reason(), false);
	}

	/**
	 * The plan of a run from its job parameters, as a run started before plans were stored
	 * ({@link StoredPlan}) had it: the launcher derives such a run's plan with it once, then stores it.
	 * @param plans gives the file and table part: planned from the command
	 */
	public static RunPlan read(JobParameters parameters, LoadPlans plans) {
		String key = parameters.getString(LoadJobNames.LOAD_KEY);
		LoadPlan load = plans.plan(key, file(parameters), parameters.getString(LoadJobNames.DISPLAY),
				parameters.getString(LoadJobNames.TABLE));
		Sizing sizing = new Sizing(partitions(parameters), parameters.getString(LoadJobNames.PARTITIONS + REASON),
				parameters.getLong(LoadJobNames.THREADS).intValue(), parameters.getLong(LoadJobNames.CHUNK_SIZE).intValue(),
				Objects.requireNonNullElse(parameters.getString(LoadJobNames.CHUNK_SIZE + REASON), "default"));
		WriteChoice write = write(parameters);
		String order = parameters.getString(LoadJobNames.KEY_ORDER);
		KeyOrderChoice keyOrder = order == null ? new KeyOrderChoice(KeyOrder.FILE, "the only order then")
				: new KeyOrderChoice(KeyOrder.valueOf(order),
						Objects.requireNonNullElse(parameters.getString(LoadJobNames.KEY_ORDER + REASON), "the only order then"));
		String pipeline = parameters.getString(LoadJobNames.PIPELINE);
		PipelineChoice pipelineChoice = pipeline == null ? new PipelineChoice(Pipeline.FAST, "the only pipeline then")
				: new PipelineChoice(Pipeline.valueOf(pipeline),
						Objects.requireNonNullElse(parameters.getString(LoadJobNames.PIPELINE + REASON), ""));
		TargetMode target = target(parameters);
		return new RunPlan(key, parameters.getString(LoadJobNames.FINGERPRINT), parameters.getString(LoadJobNames.STARTED),
				load, sizing, write, keyOrder, sortDir(parameters), pipelineChoice, target);
	}

	/** The write method of this execution of a run. */
	public static WriteChoice write(JobParameters parameters) {
		String method = parameters.getString(LoadJobNames.WRITE_METHOD); // absent in runs started before there was a choice
		return method == null ? new WriteChoice(WriteMethod.INSERT, "the only method then")
				: new WriteChoice(WriteMethod.valueOf(method),
						Objects.requireNonNullElse(parameters.getString(LoadJobNames.WRITE_METHOD + REASON), "the only method then"));
	}

	/**
	 * The plan of an execution: the one stored with its run ({@link StoredPlan}), with the execution's own
	 * write method.
	 * @throws IllegalStateException when the execution has no stored plan (it is stored as the job starts)
	 */
	public static RunPlan of(org.springframework.batch.core.job.JobExecution execution) {
		return StoredPlan.in(execution.getExecutionContext())
			.orElseThrow(() -> new IllegalStateException("run " + execution.getJobInstanceId() + " has no stored plan"))
			.toRunPlan(write(execution.getJobParameters()));
	}

	/** The mode and key of a run, as its first run fixed them; {@code append} for runs of earlier versions. */
	public static TargetMode target(JobParameters parameters) {
		String mode = parameters.getString(LoadJobNames.MODE);
		return mode == null ? TargetMode.APPEND
				: new TargetMode(LoadMode.valueOf(mode), parameters.getString(LoadJobNames.UPSERT_KEY));
	}

	/** The load key of a run. */
	public static String loadKey(JobParameters parameters) {
		return parameters.getString(LoadJobNames.LOAD_KEY);
	}

	/** The file fingerprint of a run. */
	public static String fingerprint(JobParameters parameters) {
		return parameters.getString(LoadJobNames.FINGERPRINT);
	}

	/** The canonical path of a run's file. */
	public static Path file(JobParameters parameters) {
		return Path.of(parameters.getString(LoadJobNames.PATH));
	}

	/** The partition count of a run. */
	public static int partitions(JobParameters parameters) {
		return parameters.getLong(LoadJobNames.PARTITIONS).intValue();
	}

	/** The table of a run, as the database spells it. */
	public static String table(JobParameters parameters) {
		return parameters.getString(LoadJobNames.TABLE);
	}

	/** The folder of a run's sorted runs, or null when it sorts none. */
	public static Path sortDir(JobParameters parameters) {
		String dir = parameters.getString(LoadJobNames.SORT_DIR);
		return dir == null || dir.isEmpty() ? null : Path.of(dir);
	}

}
