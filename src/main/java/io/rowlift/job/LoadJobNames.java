package io.rowlift.job;

/**
 * Names persisted in the job repository. Renaming one breaks the resume of loads started by an
 * earlier version, so they never change. The job parameters among them are written and read in one
 * place each: a run's identity and write method in {@link RunPlanParameters}, the execution's settings its
 * partitions share ({@link #SKIP_LIMIT}, {@link #READ_BUFFER}, {@link #MAX_RECORD_SIZE}) in {@link RunSettings}, those
 * that tune the machine a local run's partitions run on ({@link #READ_AHEAD}, {@link #SORT_MEMORY}) in
 * {@link PartitionTuning}, the index drop ({@link #DROP_INDEXES}) in {@link IndexDropping}.
 * The others are the plan as runs of earlier versions kept it among their parameters ("plan parameter"): this
 * version stores the plan with the run ({@link RunPlan#storeIn}) and only reads them, for those runs
 * ({@link LegacyRunParameters}).
 */
public final class LoadJobNames {

	/** The load job. */
	public static final String JOB = "rowliftLoad";

	/** Step: what the load mode does before the load, once per load (truncate: empty; replace: make the staging table). */
	public static final String PREPARE = "targetPrepare";

	/** Step: the load's before-SQL ({@code rowlift.job.before-sql}), first, once per load. */
	public static final String BEFORE_SQL = "beforeSql";

	/** Step: the load's after-SQL ({@code rowlift.job.after-sql}), last, once per load. */
	public static final String AFTER_SQL = "afterSql";

	/** Step: a replace swaps the staging table in, after the accounting. */
	public static final String SWAP = "targetSwap";

	/** Step: record the table's secondary indexes in the ledger, then drop them. */
	public static final String INDEX_DROP = "indexDrop";

	/** Step: the partitioned load (manager). */
	public static final String LOAD = "load";

	/** Step: one partition of the load (worker); executions are named {@code loadWorker:partitionN}. */
	public static final String WORKER = "loadWorker";

	/** The partition's step context key under which a cluster worker writes who it is ({@code host:pid}). */
	public static final String WORKER_IDENTITY = "rowlift.worker";

	/**
	 * The partition's step context key under which each cluster worker that opens it notes where it took it up
	 * ({@link WorkerShares}): so a partition taken over from a worker that died is credited to both.
	 */
	public static final String WORKER_SHARES = "rowlift.worker-shares";

	/** Step: rebuild the indexes the ledger holds. */
	public static final String INDEX_REBUILD = "indexRebuild";

	/** Step: check that read = written + rejected and that the ranges cover the file exactly once. */
	public static final String ACCOUNTING = "accounting";

	/** Identifying parameter: which load this is, {@code table <- canonical path}. */
	public static final String LOAD_KEY = "load.key";

	/** Identifying parameter: the file's fingerprint (size, modification time, checksum). */
	public static final String FINGERPRINT = "source.fingerprint";

	/** Identifying parameter: when this load started, so a reload is a new job instance. */
	public static final String STARTED = "load.started";

	/** Plan parameter of earlier versions: the canonical path of the file. */
	public static final String PATH = "source.path";

	/** Plan parameter of earlier versions: the file as the operator named it, for messages. */
	public static final String DISPLAY = "source.display";

	/** Plan parameter of earlier versions: the table, as the database spells it. */
	public static final String TABLE = "target.table";

	/** Plan parameter of earlier versions: number of partitions. */
	public static final String PARTITIONS = "job.partitions";

	/** Plan parameter of earlier versions: partitions loaded at once. */
	public static final String THREADS = "job.threads";

	/** Plan parameter of earlier versions: records per chunk. */
	public static final String CHUNK_SIZE = "job.chunk-size";

	/** Plan parameter of earlier versions: the key order of the load ({@code SORT}, {@code CHUNK} or {@code FILE}); with {@code -reason}. */
	public static final String KEY_ORDER = "sort.key-order";

	/** Plan parameter of earlier versions: the folder of the load's sorted runs (key order {@code SORT}). */
	public static final String SORT_DIR = "sort.dir";

	/**
	 * Job parameter: the write method of this execution as {@code WriteMethod.name()} spells it ({@code INSERT}, or a
	 * method the dialect offers); with {@code -reason}.
	 */
	public static final String WRITE_METHOD = "target.write-method";

	/**
	 * Plan parameter of earlier versions: the pipeline of the load ({@code FAST} or {@code SPRING}), fixed by its first run; with
	 * {@code -reason}. Absent in runs started before there was a choice: those are {@code FAST}.
	 */
	public static final String PIPELINE = "job.pipeline";

	/**
	 * Job parameter: {@code rowlift.job.skip-limit} of this execution ({@link RunSettings}), so that a cluster's
	 * workers count against the manager's limit. Absent in runs started before it was stored: their workers use
	 * their own setting.
	 */
	public static final String SKIP_LIMIT = "job.skip-limit";

	/** Job parameter: {@code rowlift.source.read-buffer} of this execution, in bytes ({@link RunSettings}); absent as {@link #SKIP_LIMIT}. */
	public static final String READ_BUFFER = "source.read-buffer";

	/** Job parameter: {@code rowlift.source.max-record-size} of this execution, in bytes ({@link RunSettings}); absent as {@link #SKIP_LIMIT}. */
	public static final String MAX_RECORD_SIZE = "source.max-record-size";

	/**
	 * Job parameter: {@code rowlift.schema.drop-indexes} of this execution ({@link IndexDropping}), from the request that
	 * started it. Absent only in an execution started without the launcher: the setting's default then.
	 */
	public static final String DROP_INDEXES = "schema.drop-indexes";

	/**
	 * Job parameter: {@code rowlift.job.read-ahead} of this execution ({@link PartitionTuning}), from the request that
	 * started it; a cluster worker uses its own instead.
	 */
	public static final String READ_AHEAD = "job.read-ahead";

	/** Job parameter: {@code rowlift.sort.memory} of this execution, in bytes ({@link PartitionTuning}), as {@link #READ_AHEAD}. */
	public static final String SORT_MEMORY = "sort.memory";

	private LoadJobNames() {
	}

	/** Plan parameter of earlier versions: the load mode ({@link io.rowlift.database.LoadMode}); absent in runs of earlier versions (append). */
	public static final String MODE = "target.mode";

	/** Plan parameter of earlier versions: the key {@code upsert} and {@code ignore} match on; empty for the primary key. */
	public static final String UPSERT_KEY = "target.upsert-key";

}
