package io.rowlift.job;

import java.nio.file.Path;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.source.InputSource;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;

/**
 * What one run of a load is: which load, the file and table with their mapping, and every value chosen
 * for it with its reason. Built when a load's first run starts ({@link RunPlanner}) and stored with the run
 * ({@link StoredPlan}); every step, the summary and every later run read it from there ({@link #of}). The job
 * parameters hold only its identity and this execution's write method ({@link RunPlanParameters}).
 * Immutable.
 *
 * @param loadKey which load this is, {@code table <- canonical path}
 * @param fingerprint the file's fingerprint when the load's first run started
 * @param started when the load's first run started (ISO-8601), so that a reload is a new job instance
 * @param load the file, its CSV dialect and header position, the table and how fields map onto it
 * @param sizing partitions, threads and chunk size, with their reasons; fixed by the first run
 * @param write the write method and why; this run's own choice (a resume may change it)
 * @param keyOrder the key order and why; fixed by the first run
 * @param sortDir the folder of the sorted runs for key order {@code SORT}, else null
 * @param pipeline which reader and writer load the partitions, and why; fixed by the first run
 * @param target the load mode and the key it matches on; fixed by the first run
 */
public record RunPlan(String loadKey, String fingerprint, String started, LoadPlan load, Sizing sizing,
		WriteChoice write, KeyOrderChoice keyOrder, Path sortDir, PipelineChoice pipeline,
		TargetMode target) {

	/**
	 * The plan of a running execution: the one stored with its run ({@link StoredPlan}), the one source of
	 * what the run is, with the execution's own write method (a job parameter: a resume may change it).
	 * @throws IllegalStateException when the execution has no stored plan (it is stored as the job starts)
	 */
	public static RunPlan of(org.springframework.batch.core.job.JobExecution execution) {
		return StoredPlan.in(execution.getExecutionContext())
			.orElseThrow(() -> new IllegalStateException("run " + execution.getJobInstanceId() + " has no stored plan"))
			.toRunPlan(RunPlanParameters.write(execution.getJobParameters()));
	}

	/** This plan with {@code mapping} (the same columns: its compression trained or read) in place of its own. */
	public RunPlan withMapping(TableMapping mapping) {
		return new RunPlan(this.loadKey, this.fingerprint, this.started, this.load.withMapping(mapping), this.sizing, this.write,
				this.keyOrder, this.sortDir, this.pipeline, this.target);
	}

	/** This plan with {@code write} (an execution's own write method) in place of its own. */
	public RunPlan withWrite(WriteChoice write) {
		return new RunPlan(this.loadKey, this.fingerprint, this.started, this.load, this.sizing, write, this.keyOrder,
				this.sortDir, this.pipeline, this.target);
	}

	/** The canonical path of the file. */
	public Path file() {
		return this.load.file();
	}

	/** The file as the operator named it, for messages. */
	public String displayName() {
		return this.load.displayName();
	}

	/** The input, opened by its format. */
	public InputSource input() {
		return this.load.input();
	}

	/** The table as the database spells it. */
	public String table() {
		return this.load.table();
	}

	/** Byte ranges the file is split into. */
	public int partitions() {
		return this.sizing.partitions();
	}

	/** Partitions loaded at once. */
	public int threads() {
		return this.sizing.threads();
	}

	/** Records per chunk. */
	public int chunkSize() {
		return this.sizing.chunkSize();
	}

	/** The write method. */
	public WriteMethod writeMethod() {
		return this.write.method();
	}

	/** The load mode. */
	public LoadMode mode() {
		return this.target.mode();
	}

	/**
	 * The table the rows are written to: a {@code replace} loads its staging table, the other modes the
	 * target. The load's identity (its key, messages, the summary) stays the target's.
	 */
	public String writeTable(TargetDialect dialect) {
		return mode() == LoadMode.REPLACE ? dialect.tables().stagingName(table()) : table();
	}

	/** The mapping onto {@link #writeTable}: the target's columns, under the name rows are written to. */
	public TableMapping writeMapping(TargetDialect dialect) {
		TableMapping mapping = this.load.mapping();
		String name = writeTable(dialect);
		if (name.equals(mapping.table().name())) {
			return mapping;
		}
		TableInfo info = mapping.table();
		return mapping.onto(new TableInfo(name, info.columns(), info.primaryKey()));
	}

	/**
	 * {@link #writeMapping(TargetDialect)} with its expressions compiled for the run {@code run} (the
	 * load's job instance id: {@code run_id()}; {@code file_name()} is the file as named, {@code started()}
	 * the load's first start, so both are the same across a resume).
	 */
	public TableMapping writeMapping(TargetDialect dialect, long run) {
		return writeMapping(dialect).withConstants(java.util.Map.of(TableMapping.FILE_NAME, displayName(),
				TableMapping.RUN_ID, String.valueOf(run), TableMapping.STARTED, this.started));
	}

	/** The key order. */
	public KeyOrder order() {
		return this.keyOrder.order();
	}

}
