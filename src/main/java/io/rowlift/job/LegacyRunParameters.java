package io.rowlift.job;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

import org.springframework.batch.core.job.parameters.JobParameters;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.source.SourceProperties;

/**
 * Reads a run's plan from its job parameters, where versions before the plan was kept once wrote it: every
 * run of a version before stored plans ({@link RunPlan#in}) has nothing else, and runs of the versions
 * between kept both (the stored plan wins). This version writes none of these parameters
 * ({@link RunPlanParameters}); their names are {@link LoadJobNames}'s and never change. A run lacks the
 * parameters of versions later than its own and reads with the values its version used: key order
 * {@code FILE} ("the only order then"), chunk size reason {@code default}, pipeline {@code FAST}, mode
 * {@code APPEND} (the write method: {@link RunPlanParameters#write}). Stateless.
 */
final class LegacyRunParameters {

	private static final String REASON = "-reason";

	private LegacyRunParameters() {
	}

	/** Finds the {@link LoadPlan} of a run's file and table. */
	@FunctionalInterface
	interface LoadPlans {

		/** The plan of {@code loadKey}, for {@code file} (canonical) into {@code table}. */
		LoadPlan plan(String loadKey, Path file, String displayName, String table);

	}

	/** Whether {@code parameters} hold a plan as earlier versions wrote it (this version's runs hold none). */
	static boolean holdPlan(JobParameters parameters) {
		return parameters.getString(LoadJobNames.PATH) != null && parameters.getLong(LoadJobNames.PARTITIONS) != null;
	}

	/**
	 * What a run of an earlier version is ({@link RunOutline}); empty when {@code parameters} hold no plan.
	 */
	static Optional<RunOutline> outline(JobParameters parameters) {
		if (!holdPlan(parameters)) {
			return Optional.empty();
		}
		return Optional.of(new RunOutline(RunPlanParameters.loadKey(parameters), RunPlanParameters.fingerprint(parameters),
				Path.of(parameters.getString(LoadJobNames.PATH)), parameters.getString(LoadJobNames.DISPLAY),
				parameters.getString(LoadJobNames.TABLE), partitions(parameters), target(parameters), sortDir(parameters)));
	}

	/**
	 * The plan of a run of an earlier version that stored none, as that version had it: the launcher derives
	 * it once, then stores it.
	 * @param plans gives the file and table part: planned from the command
	 * @param source the command's {@code rowlift.source.*}: the value formats and the settings the plan keeps
	 * @param choices the command's column choices, which the plan keeps
	 * @param sql the command's before/after SQL
	 * @throws IllegalStateException when {@code parameters} hold no plan ({@link #holdPlan})
	 */
	static RunPlan read(JobParameters parameters, LoadPlans plans, SourceProperties source, ColumnChoices choices,
			LoadSql sql) {
		if (!holdPlan(parameters)) {
			throw new IllegalStateException("run of " + RunPlanParameters.loadKey(parameters) + ": its job parameters hold no "
					+ LoadJobNames.PATH + " or " + LoadJobNames.PARTITIONS + ", so it is no run of an earlier version");
		}
		String key = RunPlanParameters.loadKey(parameters);
		LoadPlan load = plans.plan(key, Path.of(parameters.getString(LoadJobNames.PATH)), parameters.getString(LoadJobNames.DISPLAY),
				parameters.getString(LoadJobNames.TABLE));
		Sizing sizing = new Sizing(partitions(parameters), parameters.getString(LoadJobNames.PARTITIONS + REASON),
				parameters.getLong(LoadJobNames.THREADS).intValue(), parameters.getLong(LoadJobNames.CHUNK_SIZE).intValue(),
				Objects.requireNonNullElse(parameters.getString(LoadJobNames.CHUNK_SIZE + REASON), "default"));
		WriteChoice write = RunPlanParameters.write(parameters);
		String order = parameters.getString(LoadJobNames.KEY_ORDER);
		KeyOrderChoice keyOrder = order == null ? new KeyOrderChoice(KeyOrder.FILE, "the only order then")
				: new KeyOrderChoice(KeyOrder.valueOf(order),
						Objects.requireNonNullElse(parameters.getString(LoadJobNames.KEY_ORDER + REASON), "the only order then"));
		String pipeline = parameters.getString(LoadJobNames.PIPELINE);
		PipelineChoice pipelineChoice = pipeline == null ? new PipelineChoice(Pipeline.FAST, "the only pipeline then")
				: new PipelineChoice(Pipeline.valueOf(pipeline),
						Objects.requireNonNullElse(parameters.getString(LoadJobNames.PIPELINE + REASON), ""));
		return RunPlan.planned(key, RunPlanParameters.fingerprint(parameters), parameters.getString(LoadJobNames.STARTED), load,
				sizing, write, keyOrder, sortDir(parameters), pipelineChoice, target(parameters), source, choices, sql);
	}

	/** The mode and key of a run, as its first run fixed them; {@code append} for runs before modes. */
	private static TargetMode target(JobParameters parameters) {
		String mode = parameters.getString(LoadJobNames.MODE);
		return mode == null ? TargetMode.APPEND
				: new TargetMode(LoadMode.valueOf(mode), parameters.getString(LoadJobNames.UPSERT_KEY));
	}

	private static int partitions(JobParameters parameters) {
		return parameters.getLong(LoadJobNames.PARTITIONS).intValue();
	}

	/** The folder of a run's sorted runs, or null when it sorts none (empty: a run that sorted none). */
	private static Path sortDir(JobParameters parameters) {
		String dir = parameters.getString(LoadJobNames.SORT_DIR);
		return dir == null || dir.isEmpty() ? null : Path.of(dir);
	}

}
