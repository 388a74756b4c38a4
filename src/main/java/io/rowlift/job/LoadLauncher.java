package io.rowlift.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.core.env.Environment;

import io.rowlift.RowliftException;
import io.rowlift.schema.Migrations;
import io.rowlift.schema.RowliftSchema;
import io.rowlift.source.SourceFingerprint;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.RunLock;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.sort.ExternalSort;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.sort.SortProperties;

/**
 * Decides which run the load command means and starts it (contract, "Which run a command means"):
 * a new load, a resume of an unfinished one, or a refusal (exit 3).
 *
 * <p>Order matters: the file is checked before the database is touched; the run lock is taken
 * before anything is written; the migrations and Rowlift's own tables come next; then the table and
 * header are checked (exit 2), and only then does a job start. A run left STARTED by a process that
 * is gone (its lock is free, ours is held) is marked failed with {@link JobOperator#recover} and
 * resumed. Not thread-safe: one load at a time per process.
 */
public final class LoadLauncher {

	private static final Log log = LogFactory.getLog(LoadLauncher.class);

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final Environment environment;

	private final Migrations migrations;

	private final LoadPlanner planner;

	private final LoadHistory history;

	private final JobOperator jobOperator;

	private final Job job;

	private final org.springframework.batch.core.repository.JobRepository jobRepository;

	private volatile String active;

	private volatile boolean loading;

	private final RunningPartitions running;

	private final SortProperties sorting;

	/** Why user code needs the spring pipeline, or null (see {@link PipelineChoice}). */
	private final String userCode;

	/**
	 * @param userCode why the user's beans need the spring pipeline ("a user ItemProcessor bean ... is
	 * present"), or null when there are none
	 */
	public LoadLauncher(DataSource dataSource, TargetDialect dialect, Environment environment, Migrations migrations,
			LoadPlanner planner, LoadHistory history, JobOperator jobOperator, Job job,
			org.springframework.batch.core.repository.JobRepository jobRepository, RunningPartitions running,
			SortProperties sorting, String userCode) {
		this.sorting = sorting;
		this.userCode = userCode;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.environment = environment;
		this.migrations = migrations;
		this.planner = planner;
		this.history = history;
		this.jobOperator = jobOperator;
		this.job = job;
		this.jobRepository = jobRepository;
		this.running = running;
	}

	/**
	 * Runs the load the configuration names, to its end.
	 * @return the finished execution and what it loaded
	 * @throws RowliftException exit 2 for bad input, exit 3 for a refusal
	 */
	public LoadRun load(SourceProperties source, TargetProperties target, JobProperties settings) throws Exception {
		Path file = LoadPlanner.checkFile(source.path());
		String table = target.table();
		if (table == null || table.isBlank()) {
			throw RowliftException.badInput("rowlift.target.table is not set; name the table to load, as in --rowlift.target.table=people");
		}
		String url = this.environment.getProperty("spring.datasource.url");
		this.loading = true;
		this.running.reset();
		try (RunLock lock = lock(url, table)) {
			log.debug("holding " + lock.description());
			this.dialect.endOrphanedStatements(this.dataSource, table);
			this.migrations.migrate();
			RowliftSchema.ensure(this.dataSource, this.dialect);
			WriteChoice write = this.dialect.chooseWriteMethod(target.writeMethod(), this.dataSource);
			LoadPlan plan = this.planner.plan(file, source.path(), table);
			String fingerprint = SourceFingerprint.of(file);
			String key = plan.table() + " <- " + file;
			Optional<JobExecution> last = this.history.lastExecution(key);
			Decision decision = decide(last, key, fingerprint, plan, settings, write);
			this.active = key;
			JobExecution execution;
			try {
				execution = this.jobOperator.start(this.job, decision.parameters());
			}
			finally {
				this.active = null;
			}
			if (execution.getStatus() == BatchStatus.COMPLETED) {
				this.dialect.afterLoad(this.dataSource);
			}
			return new LoadRun(execution, plan, decision.resume());
		}
		finally {
			this.loading = false;
		}
	}

	/** Whether a load is being prepared or running in this process. */
	public boolean isLoading() {
		return this.loading;
	}

	/**
	 * Asks the running load, if any, to stop at its next chunk boundary (SIGTERM, SIGINT): its
	 * partitions end STOPPED after committing what they have, and the same command resumes it.
	 * @return whether a load was running
	 */
	public boolean stopRunningLoad() {
		String key = this.active;
		if (key == null) {
			return false;
		}
		// in memory first: on SQLite a stop written to the database may wait for the write lock
		if (this.running.stopAll()) {
			return true;
		}
		boolean stopped = false; // no partition running: the index steps, or before the load step; through the repository
		for (JobExecution execution : this.jobRepository.findRunningJobExecutions(LoadJobNames.JOB)) {
			if (key.equals(execution.getJobParameters().getString(LoadJobNames.LOAD_KEY))) {
				try {
					stopped |= this.jobOperator.stop(execution);
				}
				catch (Exception ex) {
					log.warn("could not stop run " + execution.getJobInstanceId() + ": " + ex.getMessage());
				}
			}
		}
		return stopped;
	}

	private RunLock lock(String url, String table) throws SQLException {
		RunLock lock = this.dialect.tryLock(this.dataSource, url, table);
		if (lock == null) {
			throw RowliftException.refused("another run is active: a load into " + table
					+ " is running now (it holds the run lock); wait for it to end, nothing was written");
		}
		return lock;
	}

	private Decision decide(Optional<JobExecution> found, String key, String fingerprint, LoadPlan plan,
			JobProperties settings, WriteChoice write) throws Exception {
		if (found.isEmpty()) {
			return new Decision(fresh(key, fingerprint, plan, settings, write), false);
		}
		JobExecution last = found.get();
		long run = last.getJobInstanceId();
		if (last.getStatus().isRunning()) {
			log.warn("run " + run + " was left " + last.getStatus() + " by a process that is gone (the run lock was free); "
					+ "marking it failed so that it can resume");
			last = this.jobOperator.recover(last);
		}
		boolean sameFile = fingerprint.equals(last.getJobParameters().getString(LoadJobNames.FINGERPRINT));
		BatchStatus status = last.getStatus();
		if (status == BatchStatus.COMPLETED) {
			if (sameFile && !settings.reload()) {
				throw RowliftException.refused("already loaded: run " + run + " loaded this file into " + plan.table()
						+ " (completed " + last.getEndTime() + ") and the file has not changed since; "
						+ "set rowlift.job.reload=true to load it again");
			}
			return new Decision(fresh(key, fingerprint, plan, settings, write), false);
		}
		if (status == BatchStatus.ABANDONED) {
			return new Decision(fresh(key, fingerprint, plan, settings, write), false);
		}
		if (settings.startOver()) {
			log.warn("abandoning unfinished run " + run + " (rowlift.job.start-over=true); the rows it committed stay in "
					+ plan.table());
			this.jobOperator.abandon(last);
			String runs = last.getJobParameters().getString(LoadJobNames.SORT_DIR);
			if (runs != null && !runs.isEmpty()) {
				ExternalSort.delete(Path.of(runs)); // the abandoned run's sorted runs
			}
			return new Decision(fresh(key, fingerprint, plan, settings, write), false);
		}
		if (!sameFile) {
			throw RowliftException.refused("file changed since run " + run + ", which did not finish (" + status
					+ "): resuming it would load a different file; set rowlift.job.start-over=true to abandon run " + run
					+ " and load the file as it is now (rows run " + run + " committed stay in " + plan.table() + ")");
		}
		if (status == BatchStatus.UNKNOWN) {
			throw RowliftException.refused("run " + run + " ended in an unknown state and cannot resume; "
					+ "set rowlift.job.start-over=true to abandon it");
		}
		log.info("resuming run " + run + " (" + status + "): only its unfinished partitions run, each from its last commit");
		// partitions, threads and chunk size stay those of the first run; the write method is this run's
		// choice (it changes nothing a resume depends on, and the server's settings may have changed)
		return new Decision(withWrite(new JobParametersBuilder(last.getJobParameters()), write).toJobParameters(), true);
	}

	private static JobParametersBuilder withWrite(JobParametersBuilder parameters, WriteChoice write) {
		return parameters.addString(LoadJobNames.WRITE_METHOD, write.method().name(), false)
			.addString(LoadJobNames.WRITE_METHOD + "-reason", write.reason(), false);
	}

	private JobParameters fresh(String key, String fingerprint, LoadPlan plan, JobProperties settings, WriteChoice write)
			throws IOException {
		long dataBytes = Math.max(0, Files.size(plan.file()) - plan.header().dataStart());
		int cores = Runtime.getRuntime().availableProcessors();
		PipelineChoice pipeline = PipelineChoice.choose(settings.pipeline(), this.userCode);
		KeyOrderChoice order = pipeline.pipeline() == Pipeline.SPRING
				? new KeyOrderChoice(KeyOrder.FILE, "the spring pipeline writes in file order")
				: KeyOrderChoice.choose(this.sorting.keyOrder(), KeyOrderChoice.keyOf(plan.mapping(), this.dialect),
						plan.table(), plan.file(), plan.displayName(), plan.format(), plan.header().dataStart(),
						plan.header().dataStartLine(), dataBytes);
		Path sortDir = null;
		int partitions;
		String reason;
		if (order.order() == KeyOrder.SORT) {
			sortDir = sortDir(key, plan);
			partitions = 1;
			reason = "one stream merged in key order";
		}
		else if (settings.partitions() != null) {
			partitions = settings.partitions();
			reason = "set by rowlift.job.partitions";
		}
		else {
			partitions = this.dialect.defaultPartitions(dataBytes, cores);
			reason = this.dialect.partitionsReason();
		}
		if (partitions < 1 || partitions > 4096) {
			throw RowliftException.badInput("rowlift.job.partitions is " + partitions + "; it must be between 1 and 4096");
		}
		int threads = order.order() == KeyOrder.SORT ? 1 : settings.threads() != null ? settings.threads() : Math.min(partitions, cores);
		int pool = this.environment.getProperty("spring.datasource.hikari.maximum-pool-size", Integer.class, 10);
		if (threads < 1 || threads > pool - 3) {
			throw RowliftException.badInput("rowlift.job.threads is " + threads + "; it must be between 1 and " + (pool - 3)
					+ " (spring.datasource.hikari.maximum-pool-size minus 3; raise that to run more threads)");
		}
		int chunkSize;
		String chunkReason;
		if (settings.chunkSize() != null) {
			chunkSize = settings.chunkSize();
			chunkReason = "set by rowlift.job.chunk-size";
		}
		else if (order.order() == KeyOrder.SORT && write.method() == WriteMethod.LOAD_DATA) {
			// measured on 10M sorted keys into MariaDB: 78.6 s with 10,000-row chunks, 64.2 s with 50,000
			chunkSize = 50_000;
			chunkReason = "default for one sorted stream into LOAD DATA";
		}
		else {
			chunkSize = 10_000;
			chunkReason = "default";
		}
		if (chunkSize < 1) {
			throw RowliftException.badInput("rowlift.job.chunk-size is " + chunkSize + "; it must be at least 1");
		}
		return pipeline.addTo(withWrite(new JobParametersBuilder(), write)).addString(LoadJobNames.LOAD_KEY, key, true)
			.addString(LoadJobNames.FINGERPRINT, fingerprint, true)
			.addString(LoadJobNames.STARTED, Instant.now().toString(), true)
			.addString(LoadJobNames.PATH, plan.file().toString(), false)
			.addString(LoadJobNames.DISPLAY, plan.displayName(), false)
			.addString(LoadJobNames.TABLE, plan.table(), false)
			.addLong(LoadJobNames.PARTITIONS, (long) partitions, false)
			.addString(LoadJobNames.PARTITIONS + "-reason", reason, false)
			.addLong(LoadJobNames.THREADS, (long) threads, false)
			.addLong(LoadJobNames.CHUNK_SIZE, (long) chunkSize, false)
			.addString(LoadJobNames.CHUNK_SIZE + "-reason", chunkReason, false)
			.addString(LoadJobNames.KEY_ORDER, order.order().name(), false)
			.addString(LoadJobNames.KEY_ORDER + "-reason", order.reason(), false)
			.addString(LoadJobNames.SORT_DIR, sortDir == null ? "" : sortDir.toString(), false)
			.toJobParameters();
	}

	/**
	 * A folder of its own for the sorted runs of this load (database, table and file), checked to have
	 * room for them: twice the file. A run holds each record's fields plus about 40 bytes (key, offset,
	 * line, field ends): 1.8 times the data for the 106-byte records of the keys benchmark, less for
	 * longer records, more for records much shorter than that, where a full disk fails the sort
	 * with the folder's name and a re-run sorts again.
	 */
	private Path sortDir(String key, LoadPlan plan) throws IOException {
		Path root = this.sorting.spillRoot();
		String url = this.environment.getProperty("spring.datasource.url", "");
		String name = "rowlift-sort-" + Integer.toHexString((url + "\u0000" + key).hashCode()) + "-" + System.currentTimeMillis();
		try {
			Files.createDirectories(root);
		}
		catch (IOException ex) {
			throw RowliftException.badInput("rowlift.sort.spill-dir " + root + " cannot be created: " + ex.getMessage());
		}
		long need = 2 * Files.size(plan.file());
		long free = Files.getFileStore(root).getUsableSpace();
		if (free < need) {
			throw RowliftException.badInput(String.format(java.util.Locale.ROOT, "sorting %s by key needs about %,d MB in %s "
					+ "(rowlift.sort.spill-dir), which has %,d MB free; point rowlift.sort.spill-dir at a larger disk, "
					+ "or set rowlift.sort.key-order=chunk", plan.displayName(), need >> 20, root, free >> 20));
		}
		return root.resolve(name);
	}

	private record Decision(JobParameters parameters, boolean resume) {
	}

	/**
	 * A finished execution of the load job.
	 *
	 * @param execution the execution, with its step executions
	 * @param plan what was loaded where
	 * @param resumed whether it resumed an unfinished run
	 */
	public record LoadRun(JobExecution execution, LoadPlan plan, boolean resumed) {
	}

}
