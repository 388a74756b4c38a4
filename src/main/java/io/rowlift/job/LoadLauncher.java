package io.rowlift.job;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.core.env.Environment;

import io.rowlift.RowliftException;
import io.rowlift.schema.Migrations;
import io.rowlift.schema.StagingCleanup;
import io.rowlift.database.LoadMode;
import io.rowlift.schema.RowliftSchema;
import io.rowlift.source.InputFormats;
import io.rowlift.source.SourceFingerprint;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.RunLock;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetMode;
import io.rowlift.database.ColumnChoices;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.sort.ExternalSort;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.sort.SortProperties;

/**
 * Decides which run the load command means and starts it (contract, "Which run a command means"):
 * a new load, a resume of an unfinished one, or a refusal (exit 3). Orchestration only: the decision is
 * {@link RunDecision}'s, the sizing {@link Sizing}'s, the sort folder's room {@link SortSpace}'s, and the
 * run's values travel as one {@link RunPlan} ({@link RunPlanParameters}).
 *
 * <p>Order matters: the file is checked before the database is touched; the run lock is taken
 * before anything is written; the migrations and Rowlift's own tables come next; then the table and
 * header are checked (exit 2), and only then does a job start. A run left STARTED by a process that
 * is gone (its lock is free, ours is held) is marked failed with {@link JobOperator#recover} and
 * resumed; one that ended UNKNOWN after a failed commit is marked failed by {@link FailedCommitRecovery}
 * and resumed. A resume keeps the load mode of the first run: a command that sets another is refused
 * ({@link RunDecision}); start-over of an unfinished {@code replace} drops its staging table first, and a
 * new {@code replace} of a table the database cannot swap is refused (exit 2) before anything is written.
 * A new run's whole plan is stored with it ({@link StoredPlan}, through {@link PlanHandover}); a resume takes
 * the stored plan as it is (only an after-SQL that has not run yet is the command's) and is refused (exit 3)
 * when the command's settings would load the rest of the file differently, naming each difference; a run an
 * earlier version started, which has no stored plan, gets the one that version would have used, stored
 * once. A run whose before-SQL failed wrote nothing: it is abandoned and the load ends with exit 2.
 * Not thread-safe: one load at a time per process.
 */
public final class LoadLauncher {

	private static final Log log = LogFactory.getLog(LoadLauncher.class);

	/** The checkpoint announced under the run lock, once the run is decided, before the job (its instance) is created. */
	public static final String JOB_START = "job-start";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final Environment environment;

	private final Migrations migrations;

	private final LoadPlanner planner;

	private final LoadHistory history;

	private final PlanHandover handover;

	private final JobOperator jobOperator;

	private final Job job;

	private final org.springframework.batch.core.repository.JobRepository jobRepository;

	private volatile String active;

	private volatile boolean loading;

	/** The run lock a caller took with {@link #tryLock} and holds, with its table; null when none. */
	private volatile HeldLock held;

	private final RunningPartitions running;

	private final SortProperties sorting;

	private final io.rowlift.model.Checkpoints checkpoints;

	/** Why user code needs the spring pipeline, or null (see {@link PipelineChoice}). */
	private final String userCode;

	/**
	 * @param userCode why the user's beans need the spring pipeline ("a user ItemProcessor bean ... is
	 * present"), or null when there are none
	 */
	public LoadLauncher(DataSource dataSource, TargetDialect dialect, Environment environment, Migrations migrations,
			LoadPlanner planner, LoadHistory history, JobOperator jobOperator, Job job,
			org.springframework.batch.core.repository.JobRepository jobRepository, RunningPartitions running,
			SortProperties sorting, String userCode, io.rowlift.model.Checkpoints checkpoints, PlanHandover handover) {
		this.handover = handover;
		this.checkpoints = checkpoints;
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
		HeapNotice.of(Files.size(file), Runtime.getRuntime().maxMemory(),
				ManagementFactory.getRuntimeMXBean().getInputArguments()).ifPresent(log::info);
		String table = target.table();
		if (table == null || table.isBlank()) {
			throw RowliftException.badInput("rowlift.target.table is not set; name the table to load, as in --rowlift.target.table=people");
		}
		if (settings.threads() != null) { // every other number was checked when the settings bound (JobProperties)
			Sizing.checkThreads(settings.threads(), poolSize());
		}
		String url = this.environment.getProperty("spring.datasource.url");
		this.loading = true;
		this.running.reset();
		try (RunLock lock = lock(url, table, settings.lockWait())) {
			log.debug("holding " + lock.description());
			this.dialect.endOrphanedStatements(this.dataSource, table);
			// and those of a replace, which writes into its staging table (its statements carry that name)
			this.dialect.endOrphanedStatements(this.dataSource, this.dialect.tables().stagingName(table));
			this.migrations.migrate(table); // and rowlift.schema.create=infer's table, if asked
			RowliftSchema.ensure(this.dataSource, this.dialect);
			TargetMode mode = TargetMode.of(target);
			WriteChoice write = mode.mode().matchesKeys() ? KeyMatching.writeChoice(mode, target.writeMethod())
					: this.dialect.chooseWriteMethod(target.writeMethod(), this.dataSource);
			ColumnChoices choices = ColumnChoices.of(target.columns(), source.ignoreColumns());
			LoadPlan plan = this.planner.plan(file, source.path(), table, choices);
			LoadSql sql = LoadSql.of(settings.beforeSql(), settings.afterSql());
			String fingerprint = SourceFingerprint.of(file);
			String key = plan.table() + " <- " + file;
			Optional<JobExecution> last = this.history.lastExecution(key);
			Start start = decide(last, key, fingerprint, plan, source, choices, sql, settings, mode, write);
			this.handover.handOver(start.stored());
			this.active = key;
			JobExecution execution;
			this.checkpoints.reached(JOB_START);
			try {
				execution = this.jobOperator.start(this.job, start.parameters());
			}
			finally {
				this.active = null;
				this.handover.handOver(null);
			}
			Optional<String> beforeSql = beforeSqlFailure(execution);
			if (beforeSql.isPresent()) {
				// nothing of the load ran: the run is abandoned, so the next command (the same, or one with the
				// statement fixed) is a new load that runs the before-SQL first
				this.jobOperator.abandon(execution);
				Path runs = start.plan().sortDir();
				if (runs != null) {
					ExternalSort.delete(runs);
				}
				throw RowliftException.badInput(beforeSql.get());
			}
			if (execution.getStatus() == BatchStatus.COMPLETED) {
				this.dialect.afterLoad(this.dataSource);
			}
			return new LoadRun(execution, start.plan(), start.resume());
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
			if (key.equals(RunPlanParameters.loadKey(execution.getJobParameters()))) {
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

	/**
	 * Takes the run lock of {@code table} for the caller, at once or not at all: the scheduled service
	 * claims a file this way before it looks at the file's history, so that two processes never decide
	 * about the same file at the same time. While the caller holds it, {@link #load} into the same table
	 * uses it instead of taking its own (on SQLite the lock is one per database file, and a second one in
	 * this process would be refused). Closing the returned lock releases it. One held lock at a time.
	 * @return the lock, or null when another run holds it
	 */
	public RunLock tryLock(String table) throws SQLException {
		RunLock lock = this.dialect.tryLock(this.dataSource, this.environment.getProperty("spring.datasource.url"), table);
		if (lock == null) {
			return null;
		}
		HeldLock held = new HeldLock(table, lock);
		this.held = held;
		return held;
	}

	private RunLock lock(String url, String table, java.time.Duration wait) throws SQLException, InterruptedException {
		HeldLock held = this.held;
		if (held != null && held.table.equalsIgnoreCase(table)) {
			return new RunLock() { // the caller's: it releases it, not this load
				@Override
				public String description() {
					return held.description();
				}

				@Override
				public void close() {
				}
			};
		}
		long deadline = System.nanoTime() + (wait == null || wait.isNegative() ? 0 : wait.toNanos());
		boolean told = false;
		int freed = 0;
		while (true) {
			RunLock lock = this.dialect.tryLock(this.dataSource, url, table);
			if (lock != null) {
				return lock;
			}
			// who holds it: on SQLite the lock is one per database file, so it may be a load into another table
			Optional<String> holding = this.dialect.runLockHolder(this.dataSource, url, table);
			if (holding.isEmpty() && freed++ < 3) {
				continue; // released in between: take it now
			}
			String holder = holding.orElse("");
			if (System.nanoTime() - deadline >= 0) {
				throw RowliftException.refused(RunLockRefusal.message(table, holder, this.dialect.id(), wait));
			}
			if (!told) {
				log.info("waiting up to " + RunLockRefusal.duration(wait) + " (rowlift.job.lock-wait) for the run lock, held by "
						+ RunLockRefusal.holder(holder));
				told = true;
			}
			Thread.sleep(200);
		}
	}

	/** The message of the before-SQL's failure, when that is how {@code execution} failed. */
	private static Optional<String> beforeSqlFailure(JobExecution execution) {
		if (execution.getStatus() != BatchStatus.FAILED) {
			return Optional.empty();
		}
		for (Throwable failure : execution.getAllFailureExceptions()) {
			for (Throwable t = failure; t != null; t = t.getCause()) {
				if (t instanceof LoadSqlTasklet.Failure sql && sql.before()) {
					return Optional.of(sql.getMessage());
				}
			}
		}
		return Optional.empty();
	}

	/** Decides which run this is ({@link RunDecision}) and carries the decision out, up to the start. */
	private Start decide(Optional<JobExecution> found, String key, String fingerprint, LoadPlan plan, SourceProperties source,
			ColumnChoices choices, LoadSql sql, JobProperties settings, TargetMode mode, WriteChoice write) throws Exception {
		JobExecution last = found.orElse(null);
		if (last != null && last.getStatus().isRunning()) {
			log.warn("run " + last.getJobInstanceId() + " was left " + last.getStatus() + " by a process that is gone "
					+ "(the run lock was free); marking it failed so that it can resume");
			last = this.jobOperator.recover(last);
		}
		Optional<RunDecision.LastRun> lastRun = Optional.ofNullable(last).map(this::lastRun);
		RunDecision decision = RunDecision.decide(lastRun, fingerprint, settings.reload(), settings.startOver(),
				settings.keepAbandonedRows(), plan.table(), mode);
		switch (decision.kind()) {
			case REFUSE -> throw RowliftException.refused(decision.message());
			case RESUME -> {
				BatchStatus was = last.getStatus();
				last = new FailedCommitRecovery(this.jobRepository).recover(last); // UNKNOWN after a failed commit: resumable
				JobParameters parameters = RunPlanParameters.resumed(last.getJobParameters(), write);
				// what this command would store for the run: the run's own sizing and choices, this command's settings
				StoredPlan command = StoredPlan.of(RunPlanParameters.read(parameters, (k, f, d, t) -> plan), source, choices, sql);
				Optional<StoredPlan> stored = StoredPlan.in(last.getExecutionContext());
				if (stored.isEmpty()) {
					// started by a version that stored no plan: derived once as that version did, and stored now; that
					// version had no before-SQL, so the run has none (a command that sets one is refused below)
					log.info("run " + decision.run() + " was started by an earlier version of Rowlift, which stored no plan: "
							+ "its plan is taken from its parameters and this command, as that version did, and stored with it");
					stored = Optional.of(command.withSql(new LoadSql(List.of(), sql.after())));
				}
				List<String> differences = stored.get().differences(command);
				if (!differences.isEmpty()) {
					throw RowliftException.refused(settingsChanged(lastRun(last), differences, mode, plan.table()));
				}
				StoredPlan kept = stored.get();
				List<String> after = sql.after();
				List<String> storedAfter = kept.sql() == null ? List.of() : kept.sql().after();
				if (!after.equals(storedAfter)) {
					// the after-SQL has not run (a run that ran it completed): this command's runs, so that a failed one can be fixed
					log.info("rowlift.job.after-sql differs from run " + decision.run() + "'s, which has not run it: this command's runs");
					kept = kept.withSql((kept.sql() == null ? LoadSql.NONE : kept.sql()).withAfter(after));
				}
				log.info("resuming run " + decision.run() + " (" + was
						+ "): only its unfinished partitions run, each from its last commit");
				return new Start(kept.toRunPlan(write), parameters, true, kept);
			}
			case ABANDON_THEN_NEW -> {
				checkReplaceable(mode, plan.table());
				LoadMode lastMode = RunPlanParameters.target(last.getJobParameters()).mode();
				if (lastMode == LoadMode.REPLACE) {
					String staging = StagingCleanup.discard(this.dataSource, this.dialect, plan.table());
					log.warn("abandoning unfinished run " + decision.run() + " (rowlift.job.start-over=true): a replace; "
							+ "dropped its staging table " + staging + ", " + plan.table() + " keeps its rows");
				}
				else {
					log.warn("abandoning unfinished run " + decision.run() + " (rowlift.job.start-over=true); the rows it "
							+ "committed stay in " + plan.table() + (mode.mode() == LoadMode.TRUNCATE ? " until this run empties it"
									: mode.mode() == LoadMode.REPLACE ? " until this run swaps the file's rows in"
									: settings.keepAbandonedRows() ? " (rowlift.job.keep-abandoned-rows=true)" : ""));
				}
				this.jobOperator.abandon(last);
				Path runs = RunPlanParameters.sortDir(last.getJobParameters());
				if (runs != null) {
					ExternalSort.delete(runs); // the abandoned run's sorted runs
				}
				return Start.fresh(fresh(key, fingerprint, plan, settings, mode, write), source, choices, sql);
			}
			case NEW -> {
				checkReplaceable(mode, plan.table());
				return Start.fresh(fresh(key, fingerprint, plan, settings, mode, write), source, choices, sql);
			}
			default -> throw new IllegalStateException(decision.kind().name());
		}
	}

	/**
	 * The refusal of a resume whose command would load the rest of the file differently from what the run
	 * loaded so far: each difference, {@code key: 'old' -> 'new'}, and the two ways on.
	 */
	static String settingsChanged(RunDecision.LastRun last, List<String> differences, TargetMode mode, String table) {
		return "settings changed since run " + last.run() + ", which did not finish (" + last.status() + "): resuming it "
				+ "would load the rest of the file differently from the rows it loaded so far: " + String.join("; ", differences)
				+ "; run the command with run " + last.run() + "'s settings to resume it, or, to abandon it and load with these, "
				+ RunDecision.startOver(last, mode, table);
	}

	/** The last execution as {@link RunDecision} needs it, with the rows its run committed when it did not complete. */
	private RunDecision.LastRun lastRun(JobExecution execution) {
		JobParameters parameters = execution.getJobParameters();
		long committed = execution.getStatus() == BatchStatus.COMPLETED || execution.getStatus() == BatchStatus.ABANDONED ? -1
				: LoadProgress.of(this.jobRepository, execution.getJobInstance(), RunPlanParameters.partitions(parameters))
					.written();
		return new RunDecision.LastRun(execution.getJobInstanceId(), execution.getStatus(),
				RunPlanParameters.fingerprint(parameters), execution.getEndTime(), RunPlanParameters.target(parameters),
				committed);
	}

	/**
	 * Refuses (exit 2) a new replace of a table this database cannot swap, before anything is written
	 * or an unfinished run abandoned.
	 */
	private void checkReplaceable(TargetMode mode, String table) throws SQLException {
		if (mode.mode() != LoadMode.REPLACE) {
			return;
		}
		try (Connection connection = this.dataSource.getConnection()) {
			Optional<String> refusal = this.dialect.tables().cannotReplace(connection, table);
			if (refusal.isPresent()) {
				throw RowliftException.badInput(refusal.get());
			}
		}
	}

	/** The plan of a new run: key order, sizing, sort folder and pipeline chosen now. */
	private RunPlan fresh(String key, String fingerprint, LoadPlan plan, JobProperties settings, TargetMode mode,
			WriteChoice write)
			throws IOException {
		long fileBytes = Files.size(plan.file());
		long dataBytes = plan.input().size();
		int cores = Runtime.getRuntime().availableProcessors();
		// upsert, ignore: exit 2 for a bad key; the unique indexes the load drops cannot match instead of it
		KeyMatching.resolve(this.dataSource, this.dialect, plan.mapping(), mode,
				this.environment.getProperty("rowlift.schema.drop-indexes", Boolean.class, true));
		PipelineChoice pipeline = PipelineChoice.choose(settings.pipeline(), this.userCode);
		if (pipeline.pipeline() == Pipeline.SPRING) { // exit 2 when the spring pipeline cannot read the input's format
			InputFormats.checkSpringPipeline(plan.input().format(), plan.displayName(), "spring", pipeline.reason());
			if (plan.mapping().computed()) { // its mapper binds fields only (not yet: issue #22)
				throw RowliftException.badInput("rowlift.target.columns.<column>.expression is set, but the spring pipeline ("
						+ pipeline.reason() + ") does not compute columns yet; run it on the fast pipeline "
						+ "(rowlift.job.pipeline=fast, the default without user code)");
			}
		}
		KeyOrderChoice order = pipeline.pipeline() == Pipeline.SPRING
				? new KeyOrderChoice(KeyOrder.FILE, "the spring pipeline writes in file order")
				: mode.mode().matchesKeys() && mode.upsertKey() != null
						? new KeyOrderChoice(KeyOrder.FILE, "mode " + mode.mode().setting() + " matches on " + mode.upsertKey()
								+ ", not the primary key the sort orders by: a key repeated in the file keeps its file order")
				: KeyOrderChoice.choose(this.sorting.keyOrder(), KeyOrderChoice.keyOf(plan.mapping(), this.dialect),
						plan.table(), plan.input(), dataBytes);
		Path sortDir = order.order() == KeyOrder.SORT ? SortSpace.reserve(this.sorting.spillRoot(),
				this.environment.getProperty("spring.datasource.url", ""), key, fileBytes, plan.displayName()) : null;
		Sizing sizing = Sizing.choose(settings, order.order(), write.method(), cores, poolSize(),
				this.dialect.defaultPartitions(dataBytes, cores), this.dialect.partitionsReason());
		return new RunPlan(key, fingerprint, Instant.now().toString(), plan, sizing, write, order, sortDir, pipeline, mode);
	}

	/** {@code spring.datasource.hikari.maximum-pool-size}, which bounds the threads. */
	private int poolSize() {
		return this.environment.getProperty("spring.datasource.hikari.maximum-pool-size", Integer.class, 10);
	}

	/** A lock taken by {@link #tryLock}: closing it releases it and forgets it. */
	private final class HeldLock implements RunLock {

		private final String table;

		private final RunLock lock;

		HeldLock(String table, RunLock lock) {
			this.table = table;
			this.lock = lock;
		}

		@Override
		public String description() {
			return this.lock.description();
		}

		@Override
		public void close() {
			if (LoadLauncher.this.held == this) {
				LoadLauncher.this.held = null;
			}
			this.lock.close();
		}

	}

	/**
	 * The run that completed the load of this file into this table, if the file has not changed since
	 * (the contract's fingerprint): a scheduled service asks it about a file whose attempt it did not
	 * see finish (the process ended between the load's completion and its own record of it).
	 * @param file the file, as found
	 * @param table the table as configured (matched as the planner matches it)
	 * @return the run number
	 */
	public Optional<Long> completedRun(Path file, String table) throws IOException, SQLException {
		Path real = file.toRealPath();
		String spelled;
		try (java.sql.Connection connection = this.dataSource.getConnection()) {
			Optional<io.rowlift.database.TableInfo> info = io.rowlift.database.TableInfo.read(connection, table);
			if (info.isEmpty()) {
				return Optional.empty();
			}
			spelled = info.get().name();
		}
		Optional<JobExecution> last = this.history.lastExecution(spelled + " <- " + real);
		if (last.isEmpty() || last.get().getStatus() != BatchStatus.COMPLETED
				|| !SourceFingerprint.of(real).equals(RunPlanParameters.fingerprint(last.get().getJobParameters()))) {
			return Optional.empty();
		}
		return Optional.of(last.get().getJobInstanceId());
	}

	/**
	 * What to start.
	 * @param plan the run's plan
	 * @param parameters the plan as job parameters
	 * @param resume whether it resumes an unfinished run
	 * @param stored the plan stored with the run as it starts
	 */
	private record Start(RunPlan plan, JobParameters parameters, boolean resume, StoredPlan stored) {

		static Start fresh(RunPlan plan, SourceProperties source, ColumnChoices choices, LoadSql sql) {
			return new Start(plan, RunPlanParameters.of(plan), false, StoredPlan.of(plan, source, choices, sql));
		}

	}

	/**
	 * A finished execution of the load job.
	 *
	 * @param execution the execution, with its step executions
	 * @param plan what the run was: the file and table, and what was chosen for it
	 * @param resumed whether it resumed an unfinished run
	 */
	public record LoadRun(JobExecution execution, RunPlan plan, boolean resumed) {
	}

}
