package io.rowlift.job;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;

/**
 * What one run of a load is, as one versioned value: which load, the file and table with their mapping, and every
 * value chosen for it with its reason. {@link RunPlanner} builds it when a load's first run starts; it is written
 * once, into the job execution context under {@value #CONTEXT_KEY}, and every step of that run and of every later
 * run of the load reads it back ({@link #of}), which never plans again (docs/resume.md, "The stored plan"). Spring
 * Batch copies a job execution's context into the next execution of the same job instance, so a resume finds it
 * there. The job parameters hold only its identity and this execution's write method ({@link RunPlanParameters}).
 *
 * <p>One type, not a run's plan and a stored one converted into each other: what a run is and what is stored are
 * the same facts, and with two types every field added to one had to be added to the other and to both
 * conversions, and a fact the run used but did not store could slip in. Its fields are the stored form's, field
 * for field, so a plan is written and read as it is ({@link StoredPlanWriter}, {@link StoredPlanReader}); the live
 * objects a run needs, the opened input, the mapping and the value formats ({@link #load}), are the planner's as
 * it made them, or, for a plan read back, made once from their stored form on first use ({@link StoredParts}), so
 * that a plan read only to decide about a run (its {@link #outline}, its {@link #differences}) opens nothing.
 *
 * <p>In the context the JSON is gzipped and in Base64 ({@link #storeIn}). What it holds: the file and its input
 * format's state (for CSV the dialect, line ending resolved, the header and where the data starts), the table as
 * it was read and which field fills which column, the value formats, sizing, write choice, key order, pipeline and
 * mode, the before/after SQL, and {@link #settings}: every setting that decides <em>which</em> rows or values are
 * written, by its key, as the first run had it ({@link PlanSettings}). A later mapping, expression or filter is one
 * more field here and one more entry of {@link #settings}; a field a newer version adds is simply absent (null) in
 * a plan an older one wrote, and {@link #version} says which shape a plan has. A rerun compares its own plan with
 * the stored one ({@link #differences}); any difference refuses the resume (exit 3).
 *
 * <p>Immutable (the live objects made on first use are the same whenever made); equal by its JSON form, whose
 * field names never change.
 */
public final class RunPlan {

	/** The shape written now. */
	public static final int VERSION = 1;

	/** The job execution context key of the JSON. */
	public static final String CONTEXT_KEY = "rowlift.plan";

	// the stored form, field for field and in its order (each is described at its accessor)
	private final int version;
	private final String loadKey;
	private final String fingerprint;
	private final String started;
	private final String file;
	private final String display;
	private final StoredParts.Input input;
	private final StoredParts.Mapping mapping;
	private final StoredParts.Values values;
	private final Sizing sizing;
	private final WriteChoice write;
	private final KeyOrderChoice keyOrder;
	private final String sortDir;
	private final PipelineChoice pipeline;
	private final TargetMode target;
	private final Map<String, String> settings;
	private final LoadSql sql;

	/** {@link #input}, {@link #mapping} and {@link #values} as a run uses them; made on first use when null. */
	private volatile LoadPlan load;

	/** A plan as stored: what {@link StoredPlanReader} reads, field by field. */
	RunPlan(int version, String loadKey, String fingerprint, String started, String file, String display,
			StoredParts.Input input, StoredParts.Mapping mapping, StoredParts.Values values, Sizing sizing, WriteChoice write,
			KeyOrderChoice keyOrder, String sortDir, PipelineChoice pipeline, TargetMode target, Map<String, String> settings,
			LoadSql sql) {
		this(version, loadKey, fingerprint, started, file, display, input, mapping, values, sizing, write, keyOrder, sortDir,
				pipeline, target, settings, sql, null);
	}

	private RunPlan(int version, String loadKey, String fingerprint, String started, String file, String display,
			StoredParts.Input input, StoredParts.Mapping mapping, StoredParts.Values values, Sizing sizing, WriteChoice write,
			KeyOrderChoice keyOrder, String sortDir, PipelineChoice pipeline, TargetMode target, Map<String, String> settings,
			LoadSql sql, LoadPlan load) {
		this.version = version;
		this.loadKey = loadKey;
		this.fingerprint = fingerprint;
		this.started = started;
		this.file = file;
		this.display = display;
		this.input = input;
		this.mapping = mapping;
		this.values = values;
		this.sizing = sizing;
		this.write = write;
		this.keyOrder = keyOrder;
		this.sortDir = sortDir;
		this.pipeline = pipeline;
		this.target = target;
		this.settings = settings;
		this.sql = sql;
		this.load = load;
	}

	/**
	 * The plan of a run about to start for the first time (or, for a run an earlier version started, derived once
	 * from its parameters and this command), with {@code load}'s input, mapping and value formats as they are.
	 * @param loadKey which load this is, {@code table <- canonical path}
	 * @param fingerprint the file's fingerprint now
	 * @param started when the load's first run started (ISO-8601)
	 * @param load the file, its input opened, the table and how fields map onto it
	 * @param sortDir the folder of the sorted runs for key order {@code SORT}, else null
	 * @param source {@code rowlift.source.*}: the value formats as configured and the settings compared on a resume
	 * @param choices the operator's column choices, compared on a resume
	 * @param sql the load's before/after SQL
	 */
	public static RunPlan planned(String loadKey, String fingerprint, String started, LoadPlan load, Sizing sizing,
			WriteChoice write, KeyOrderChoice keyOrder, Path sortDir, PipelineChoice pipeline, TargetMode target,
			SourceProperties source, ColumnChoices choices, LoadSql sql) {
		StoredParts.Values values = new StoredParts.Values(load.input().charset().name(), source.dateFormat(),
				source.timeFormat(), source.timestampFormat(), source.timeZone().getId());
		return new RunPlan(VERSION, loadKey, fingerprint, started, load.file().toString(), load.displayName(),
				StoredParts.inputOf(load.input()), StoredParts.mappingOf(load.mapping()), values, sizing, write, keyOrder,
				sortDir == null ? null : sortDir.toString(), pipeline, target, PlanSettings.of(source, choices, load.mapping()),
				sql, load);
	}

	/**
	 * The plan of a running execution: the one stored with its run, the one source of what the run is, with the
	 * execution's own write method (a job parameter: a resume may change it).
	 * @throws IllegalStateException when the execution has no stored plan (it is stored as the job starts)
	 */
	public static RunPlan of(JobExecution execution) {
		return in(execution.getExecutionContext())
			.orElseThrow(() -> new IllegalStateException("run " + execution.getJobInstanceId() + " has no stored plan"))
			.withWrite(RunPlanParameters.write(execution.getJobParameters()));
	}

	/** The plan stored in a job execution's context, as stored, if it has one (runs started before version 1 have none). */
	public static Optional<RunPlan> in(ExecutionContext context) {
		return context.containsKey(CONTEXT_KEY) ? Optional.of(fromJson(PackedPlan.unpack(context.getString(CONTEXT_KEY))))
				: Optional.empty();
	}

	/**
	 * Puts this plan into {@code context}: the JSON gzipped and in Base64, because Spring Batch keeps a long context
	 * in a TEXT column, 64 KiB on MySQL, and the JSON of a wide table repeats each column's name several times (a
	 * table of 1,000 columns stays far below it this way, not as plain JSON).
	 */
	public void storeIn(ExecutionContext context) {
		context.putString(CONTEXT_KEY, PackedPlan.pack(toJson()));
	}

	/** The JSON form, as stored ({@link StoredPlanWriter}). */
	public String toJson() {
		return StoredPlanWriter.write(this);
	}

	/**
	 * Reads the JSON form ({@link StoredPlanReader}).
	 * @throws IllegalStateException when {@code json} is not a stored plan's JSON
	 */
	public static RunPlan fromJson(String json) {
		return StoredPlanReader.read(json);
	}

	/** This plan with {@code mapping} (the same columns: its compression trained or read) in place of its own. */
	public RunPlan withMapping(TableMapping mapping) {
		return new RunPlan(this.version, this.loadKey, this.fingerprint, this.started, this.file, this.display, this.input,
				StoredParts.mappingOf(mapping), this.values, this.sizing, this.write, this.keyOrder, this.sortDir, this.pipeline,
				this.target, PlanSettings.withCompression(this.settings, mapping), this.sql, load().withMapping(mapping));
	}

	/** This plan with {@code write} (an execution's own write method) in place of its own. */
	public RunPlan withWrite(WriteChoice write) {
		return new RunPlan(this.version, this.loadKey, this.fingerprint, this.started, this.file, this.display, this.input,
				this.mapping, this.values, this.sizing, write, this.keyOrder, this.sortDir, this.pipeline, this.target,
				this.settings, this.sql, this.load);
	}

	/** This plan with {@code sql} in place of its before/after SQL. */
	public RunPlan withSql(LoadSql sql) {
		return new RunPlan(this.version, this.loadKey, this.fingerprint, this.started, this.file, this.display, this.input,
				this.mapping, this.values, this.sizing, this.write, this.keyOrder, this.sortDir, this.pipeline, this.target,
				this.settings, sql, this.load);
	}

	/**
	 * What a command would store for this run: the run's own identity, sizing and choices, with the command's file and
	 * table part ({@code load}), settings and before/after SQL. {@link #differences} against it says whether the
	 * command may resume the run.
	 * @param write this execution's write choice
	 */
	public RunPlan commanded(LoadPlan load, WriteChoice write, SourceProperties source, ColumnChoices choices, LoadSql sql) {
		return planned(this.loadKey, this.fingerprint, this.started, load, this.sizing, write, this.keyOrder, sortDir(),
				this.pipeline, this.target, source, choices, sql);
	}

	/**
	 * What differs between this plan, stored with a run, and {@code current}, the plan the rerun's command would make
	 * ({@link PlanSettings#differences}): {@code key: 'old' -> 'new'}; empty when the rerun may resume the run.
	 */
	public List<String> differences(RunPlan current) {
		return PlanSettings.differences(this, current);
	}

	/** What the run is without its input opened ({@link RunOutline}). */
	public RunOutline outline() {
		return new RunOutline(this.loadKey, this.fingerprint, file(), this.display, table(), this.sizing.partitions(),
				this.target, sortDir());
	}

	/** The shape of this value, {@value #VERSION} now. */
	public int version() {
		return this.version;
	}

	/** Which load this is, {@code table <- canonical path}. */
	public String loadKey() {
		return this.loadKey;
	}

	/** The file's fingerprint when the load's first run started. */
	public String fingerprint() {
		return this.fingerprint;
	}

	/** When the load's first run started (ISO-8601), so that a reload is a new job instance. */
	public String started() {
		return this.started;
	}

	/**
	 * The file, its input opened, the table and how fields map onto it, and the value formats: the planner's, or, for
	 * a plan read back, made from their stored form ({@link StoredParts#loadOf}) on first use.
	 */
	public LoadPlan load() {
		LoadPlan made = this.load;
		if (made == null) {
			made = StoredParts.loadOf(this.file, this.display, this.input, this.mapping, this.values);
			this.load = made;
		}
		return made;
	}

	/** Partitions, threads and chunk size, with their reasons; fixed by the first run. */
	public Sizing sizing() {
		return this.sizing;
	}

	/** The write method and why: this execution's own in a running one ({@link #of}), else the first run's. */
	public WriteChoice write() {
		return this.write;
	}

	/** The key order and why; fixed by the first run. */
	public KeyOrderChoice keyOrder() {
		return this.keyOrder;
	}

	/** The folder of the sorted runs for key order {@code SORT}, else null. */
	public Path sortDir() {
		return this.sortDir == null ? null : Path.of(this.sortDir);
	}

	/** Which reader and writer load the partitions, and why; fixed by the first run. */
	public PipelineChoice pipeline() {
		return this.pipeline;
	}

	/** The load mode and the key it matches on; fixed by the first run. */
	public TargetMode target() {
		return this.target;
	}

	/** The settings that decide which rows and values are written, by key, as text, as the first run had them. */
	public Map<String, String> settings() {
		return this.settings;
	}

	/** The before/after SQL of the load (null in a plan stored before it). */
	public LoadSql sql() {
		return this.sql;
	}

	/** The canonical path of the file. */
	public Path file() {
		return Path.of(this.file);
	}

	/** The file as the operator named it, for messages. */
	public String displayName() {
		return this.display;
	}

	/** The input, opened by its format. */
	public InputSource input() {
		return load().input();
	}

	/** The table as the database spells it. */
	public String table() {
		return this.mapping.table().name();
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

	/** The key order. */
	public KeyOrder order() {
		return this.keyOrder.order();
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
		TableMapping mapping = load().mapping();
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
		return writeMapping(dialect).withConstants(Map.of(TableMapping.FILE_NAME, displayName(),
				TableMapping.RUN_ID, String.valueOf(run), TableMapping.STARTED, this.started));
	}

	/** The file's path as stored. */
	String storedFile() {
		return this.file;
	}

	/** The input as stored: its format and state. */
	StoredParts.Input storedInput() {
		return this.input;
	}

	/** The mapping as stored: the table as it was read and which field goes to which column. */
	StoredParts.Mapping storedMapping() {
		return this.mapping;
	}

	/** The value formats as stored. */
	StoredParts.Values storedValues() {
		return this.values;
	}

	/** The folder of the sorted runs as stored, or null. */
	String storedSortDir() {
		return this.sortDir;
	}

	/** Plans equal by content: their JSON form (the mapping's fields are an array). */
	@Override
	public boolean equals(Object other) {
		return other instanceof RunPlan p && toJson().equals(p.toJson());
	}

	@Override
	public int hashCode() {
		return toJson().hashCode();
	}

	@Override
	public String toString() {
		return "RunPlan" + toJson();
	}

}
