package io.rowlift.job;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.RowliftException;
import io.rowlift.schema.FlywaySettings;
import io.rowlift.schema.IndexLedger;
import io.rowlift.schema.Migrations;
import io.rowlift.schema.ReservedTables;
import io.rowlift.schema.RowliftSchema;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.source.SourceFingerprint;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.DataSourceSettings;
import io.rowlift.database.RunLock;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.database.mapping.CompressedColumns;
import io.rowlift.database.TargetMode;
import io.rowlift.database.TargetProperties;
import io.rowlift.database.WriteChoice;
import io.rowlift.sort.ExternalSort;
import io.rowlift.sort.SortProperties;

/**
 * Decides which run the load command means and starts it (contract, "Which run a command means"):
 * a new load, a resume of an unfinished one, or a refusal (exit 3). Orchestration only: the run lock is
 * {@link RunLocks}'s, the decision {@link RunDecision}'s and its recovery and carrying out {@link RunStarts}'s,
 * a new run's plan {@link RunPlanner}'s (sizing {@link Sizing}'s, the sort folder's room {@link SortSpace}'s),
 * and the run's values travel as one {@link RunPlan}, stored with the run ({@link RunPlan#storeIn}); its job parameters
 * hold only its identity and this execution's choices ({@link RunPlanParameters}, {@link RunSettings}).
 *
 * <p>Order matters: the file is checked before the database is touched; the run lock is taken
 * before anything is written; the migrations and Rowlift's own tables come next; then the table and
 * header are checked (exit 2), and only then does a job start. A run left STARTED by a process that
 * is gone (its lock is free, ours is held) is marked failed with {@link JobOperator#recover} and
 * resumed; one that ended UNKNOWN after a failed commit is marked failed by {@link FailedCommitRecovery}
 * and resumed. A resume keeps the load mode of the first run: a command that sets another is refused
 * ({@link RunDecision}); start-over of an unfinished {@code replace} drops its staging table first, and a
 * new {@code replace} of a table the database cannot swap is refused (exit 2) before anything is written.
 * A new run's whole plan is stored with it ({@link RunPlan#storeIn}, through {@link PlanHandover}); a resume takes
 * the stored plan as it is (only an after-SQL that has not run yet is the command's) and is refused (exit 3)
 * when the command's settings would load the rest of the file differently, naming each difference; a run an
 * earlier version started, which has no stored plan, gets the one that version would have used, stored
 * once. A run whose before-SQL failed wrote nothing: it is abandoned and the load ends with exit 2.
 * In a cluster's manager, a run left STARTED by a killed manager while its workers still load is resumed
 * adopting their partitions (docs/cluster.md, "A manager killed and restarted"): their statements on the
 * server are not ended as a killed run's, and the resume starts through {@link AdoptingLaunch}.
 * Not thread-safe: one load at a time per process.
 */
public final class LoadLauncher {

	private static final Log log = LogFactory.getLog(LoadLauncher.class);

	/** The checkpoint announced under the run lock, once the run is decided, before the job (its instance) is created. */
	public static final String JOB_START = "job-start";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	/** The tables no load may target (Rowlift's, Spring Batch's, Flyway's). */
	private final ReservedTables reserved;

	private final Migrations migrations;

	private final LoadPlanner planner;

	private final LoadHistory history;

	private final PlanHandover handover;

	private final JobOperator jobOperator;

	private final Job job;

	private final org.springframework.batch.core.repository.JobRepository jobRepository;

	private volatile String active;

	private volatile boolean loading;

	/** The run lock of a table, and its loan to a caller that claimed it ({@link #tryLock}). */
	private final RunLocks locks;

	/** Which run this is, carried out up to the start; and the plan of a new run. */
	private final RunStarts starts;

	private final RunPlanner runPlanner;

	private final RunningPartitions running;

	private final io.rowlift.model.Checkpoints checkpoints;

	/** The cluster manager's partitions, or null in a local run. */
	private final RemotePartitions remote;

	/** The start of a resume that adopts partitions still running on workers. */
	private final AdoptingLaunch adopting;

	/**
	 * @param userCode why the user's beans need the spring pipeline ("a user ItemProcessor bean ... is
	 * present"), or null when there are none
	 * @param remote the cluster manager's partitions ({@code rowlift.cluster.role=manager}), or null in a local
	 * run: a run it left unfinished may have partitions still running on workers, which a resume adopts
	 * @param connection {@code spring.datasource.*}: the URL names the run lock, the pool bounds the threads
	 * @param flyway Flyway's history table, one of the tables no load may target
	 */
	public LoadLauncher(DataSource dataSource, TargetDialect dialect, DataSourceSettings connection, FlywaySettings flyway,
			Migrations migrations,
			LoadPlanner planner, LoadHistory history, JobOperator jobOperator, Job job,
			org.springframework.batch.core.repository.JobRepository jobRepository, RunningPartitions running,
			String userCode, io.rowlift.model.Checkpoints checkpoints, PlanHandover handover,
			RemotePartitions remote) {
		this.handover = handover;
		this.checkpoints = checkpoints;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.reserved = ReservedTables.of(flyway.table());
		this.migrations = migrations;
		this.planner = planner;
		this.history = history;
		this.jobOperator = jobOperator;
		this.job = job;
		this.jobRepository = jobRepository;
		this.running = running;
		this.locks = new RunLocks(dataSource, dialect, connection.url());
		this.runPlanner = new RunPlanner(dataSource, dialect, connection, userCode);
		this.remote = remote;
		this.starts = new RunStarts(dataSource, dialect, jobOperator, jobRepository, this.runPlanner,
				remote == null ? null : new RunRecovery(jobRepository, history, remote::runsElsewhere));
		this.adopting = new AdoptingLaunch(jobRepository);
	}

	/**
	 * Runs the load the request names, to its end. Every setting of the load comes in here (the load service's
	 * request): none is read from the context's beans, which one scheduled service shares between its files.
	 * @param schema {@code rowlift.schema.*}: whether the load drops and rebuilds the indexes (a key mode's check
	 * needs it, and the index-drop step takes it from this execution's job parameters), whether a missing table is
	 * inferred from the file
	 * @param sort {@code rowlift.sort.*}: a new run's key order, sort folder and streams (stored with its plan), and
	 * the sort's memory of this execution (a job parameter, {@link PartitionTuning})
	 * @return the finished execution and what it loaded
	 * @throws RowliftException exit 2 for bad input, exit 3 for a refusal
	 */
	public LoadRun load(SourceProperties source, TargetProperties target, JobProperties settings, SchemaProperties schema,
			SortProperties sort) throws Exception {
		Path file = LoadPlanner.checkFile(source.path());
		HeapNotice.of(io.rowlift.source.InputFormats.isFolder(file) ? 0 : Files.size(file), Runtime.getRuntime().maxMemory(),
				ManagementFactory.getRuntimeMXBean().getInputArguments()).ifPresent(log::info);
		String table = target.table();
		if (table == null || table.isBlank()) {
			throw RowliftException.badInput("rowlift.target.table is not set; name the table to load, as in --rowlift.target.table=people");
		}
		// before the lock, the migrations and Rowlift's tables: a reserved target touches nothing
		this.reserved.check(table, "rowlift.target.table");
		if (settings.threads() != null) { // every other number was checked when the settings bound (JobProperties)
			Sizing.checkThreads(settings.threads(), this.runPlanner.poolSize());
		}
		this.loading = true;
		this.running.reset();
		try (RunLock lock = this.locks.lock(table, settings.lockWait())) {
			log.debug("holding " + lock.description());
			if (workersWriting(table)) {
				// a cluster's manager killed while its workers load: their statements are not a killed run's, and
				// ending them would fail the partitions this run adopts
				log.info("not ending statements on " + table + " left by other connections: partitions of its unfinished run "
						+ "still run on workers, whose statements they are");
			}
			else {
				this.dialect.locks().endOrphanedStatements(this.dataSource, table);
				// and those of a replace, which writes into its staging table (its statements carry that name)
				this.dialect.locks().endOrphanedStatements(this.dataSource, this.dialect.tables().stagingName(table));
			}
			this.migrations.migrate(table, schema, source); // and rowlift.schema.create=infer's table, if asked
			RowliftSchema.ensure(this.dataSource, this.dialect);
			TargetMode mode = TargetMode.of(target);
			WriteChoice write = WriteChoice.resolve(this.dialect, mode, target.writeMethod(), this.dataSource);
			ColumnChoices choices = ColumnChoices.of(target.columns(), source.ignoreColumns(), source.filter());
			// rowlift.target.compress: which columns, checked now (exit 2); the first run trains the dictionary
			LoadPlan planned = this.planner.plan(file, source.path(), table, choices, source);
			LoadPlan plan = planned.withMapping(CompressedColumns.choose(planned.mapping(), target, this.dialect));
			// the rebuild at the end runs the ledger's definitions: one that is not Rowlift's stops the load before it writes
			new IndexLedger(new JdbcTemplate(this.dataSource)).checked(plan.table(), this.dialect);
			LoadSql sql = LoadSql.of(settings.beforeSql(), settings.afterSql());
			// a folder's listing took the fingerprint already: listing 200,000 files again costs a second
			Optional<String> listed = plan.input().fingerprint();
			String fingerprint = listed.isPresent() ? listed.get() : SourceFingerprint.of(file);
			String key = plan.table() + " <- " + file;
			Optional<JobExecution> last = this.history.lastExecution(key);
			RunStarts.Start start = this.starts.decide(last, key, fingerprint, plan, source, choices, sql, settings,
					sort, schema.dropIndexes(), mode, write);
			this.handover.handOver(start.stored());
			this.active = key;
			JobExecution execution;
			this.checkpoints.reached(JOB_START);
			// this command's skip limit and record limits go with the execution, for partitions run anywhere (RunSettings),
			// and its read-ahead and sort memory for partitions run here (PartitionTuning): the steps read no bean's
			JobParameters parameters = PartitionTuning.of(settings, sort)
				.addTo(IndexDropping.of(schema).addTo(RunSettings.of(settings, source).addTo(start.parameters())));
			try {
				execution = start.adopts() ? this.adopting.start(this.job, parameters) : this.jobOperator.start(this.job, parameters);
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
			if (execution.getStatus() == BatchStatus.UNKNOWN) {
				execution = recoveredNow(key, execution);
			}
			if (execution.getStatus() == BatchStatus.COMPLETED) {
				this.dialect.connections().afterLoad(this.dataSource);
				// the streams delete their runs when each has closed after its last record, but a kill between a
				// partition's completion being saved and its reader's close leaves them: a completed run needs none
				Path runs = start.plan().sortDir();
				if (runs != null) {
					ExternalSort.delete(runs);
				}
			}
			return new LoadRun(execution, start.plan(), start.resume());
		}
		finally {
			this.loading = false;
		}
	}

	/**
	 * A run that ended UNKNOWN, marked failed now rather than by the next command. Spring Batch 6.0.6 ends a step
	 * UNKNOWN when a chunk's rollback itself fails (a connection the driver marked broken, spring-batch#5594's fix):
	 * it cannot know what the database kept. Rowlift can, as {@link FailedCommitRecovery} says: each chunk's rows
	 * and its partition's context commit together, so the repository holds the committed context. This process holds
	 * the run lock and its steps have ended, so the run reports "failed" with the resume advice, as it did on 6.0.4;
	 * step executions still running (a cluster's workers) are left to the resume, which waits for them.
	 */
	private JobExecution recoveredNow(String key, JobExecution ended) {
		JobExecution stored = this.history.lastExecution(key).filter(last -> last.getId() == ended.getId()).orElse(ended);
		Set<Long> running = new HashSet<>();
		for (StepExecution step : stored.getStepExecutions()) {
			if (step.getStatus().isRunning()) {
				running.add(step.getId());
			}
		}
		JobExecution recovered = new FailedCommitRecovery(this.jobRepository).recover(stored, running);
		if (recovered != ended) { // the report reads the ended execution: carry the new status over
			ended.setStatus(recovered.getStatus());
			ended.setExitStatus(recovered.getExitStatus());
			for (StepExecution step : ended.getStepExecutions()) {
				for (StepExecution now : recovered.getStepExecutions()) {
					if (now.getId() == step.getId()) {
						step.setStatus(now.getStatus());
						step.setExitStatus(now.getExitStatus());
					}
				}
			}
		}
		return ended;
	}

	/** Whether partitions of a load into {@code table} still run on a cluster's workers (never in a local run). */
	private boolean workersWriting(String table) {
		if (this.remote == null) {
			return false;
		}
		return this.history.runningPartitionsInto(table).stream().anyMatch(this.remote::runsElsewhere);
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
		// no partition running here (the index steps, before the load step, or partitions on a cluster's workers):
		// through the repository, which marks the run STOPPING; a partition finds that at its next chunk commit
		// (Spring Batch's JobRepository#update of its step), in this process or any other
		boolean stopped = false;
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
	 * Takes the run lock of {@code table} for the caller, at once or not at all; {@link #load} into the
	 * same table uses it while the caller holds it ({@link RunLocks#tryLock}).
	 * @return the lock, or null when another run holds it
	 */
	public RunLock tryLock(String table) throws SQLException {
		return this.locks.tryLock(table);
	}

	/**
	 * Puts back the indexes of {@code table} that a failed run left dropped (the ledger's), under the table's run
	 * lock, as {@code rebuild-indexes} does: for a failure whose advice is not the same command, which would
	 * rebuild them at its end. The unfinished run stays resumable (its remaining rows then load with the
	 * indexes in place) and a start-over drops them again.
	 * @return the indexes built; empty when none was missing, or when another run holds the lock now (its
	 * load rebuilds them)
	 * @throws RowliftException (exit 1) when one cannot be built (a unique index over repeated keys); the ledger keeps it
	 */
	public List<String> restoreIndexes(String table) throws Exception {
		RunLock lock = this.locks.tryLockOrLent(table);
		if (lock == null) {
			return List.of();
		}
		try (lock) {
			return new io.rowlift.schema.IndexRebuildTasklet(this.dataSource, this.dialect, table, this.checkpoints).rebuild().stream()
				.map(io.rowlift.database.IndexDefinition::name)
				.toList();
		}
	}

	/**
	 * The refusal of a resume whose command would load the rest of the file differently
	 * ({@link RunStarts#settingsChanged}).
	 */
	static String settingsChanged(RunDecision.LastRun last, List<String> differences, TargetMode mode, String table) {
		return RunStarts.settingsChanged(last, differences, mode, table);
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

	/**
	 * The run that completed the load of this file into this table, if the file has not changed since
	 * (the contract's fingerprint): a scheduled service asks it about a file whose attempt it did not
	 * see finish (the process ended between the load's completion and its own record of it).
	 * @param file the file, as found
	 * @param table the table as configured (matched as the planner matches it)
	 * @return the run number
	 */
	public Optional<Long> completedRun(Path file, String table) throws IOException, SQLException {
		Path real = io.rowlift.source.InputFormats.isFolder(file) ? LoadPlanner.checkFile(file.toString()) : file.toRealPath();
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
	 * A finished execution of the load job.
	 *
	 * @param execution the execution, with its step executions
	 * @param plan what the run was: the file and table, and what was chosen for it
	 * @param resumed whether it resumed an unfinished run
	 */
	public record LoadRun(JobExecution execution, RunPlan plan, boolean resumed) {
	}

}
