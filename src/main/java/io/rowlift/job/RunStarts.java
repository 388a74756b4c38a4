package io.rowlift.job;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;

import io.rowlift.RowliftException;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.schema.StagingCleanup;
import io.rowlift.sort.ExternalSort;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.SourceProperties;

/**
 * Which run a load command means, carried out up to the job's start, under the run lock (contract,
 * "Which run a command means"): the decision is {@link RunDecision}'s (new, resume, abandon then new,
 * refuse); this class first recovers the last run when a process that is gone left it STARTED
 * ({@link JobOperator#recover}) or UNKNOWN after a failed commit ({@link FailedCommitRecovery}), then
 * resumes it with its stored plan ({@link RunPlan#in}; refused, exit 3, when the command would load the
 * rest differently), abandons it (dropping a replace's staging table and its sorted runs), or plans a new
 * run ({@link RunPlanner}; a replace of a table the database cannot swap is refused, exit 2, before
 * anything is written). In a cluster's manager, a run whose manager was killed while its workers loaded is
 * recovered by {@link RunRecovery} instead, which leaves the partitions workers still run to them; a resume
 * then adopts them ({@link Start#adopts}, {@link AdoptingLaunch}), any other decision stops them. Not
 * thread-safe: one decision at a time, under the lock.
 */
final class RunStarts {

	private static final Log log = LogFactory.getLog(RunStarts.class);

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final JobOperator jobOperator;

	private final JobRepository jobRepository;

	private final RunPlanner planner;

	/** In a cluster's manager, what keeps partitions still running on workers; null in a local run. */
	private final RunRecovery recovery;

	/** @param recovery in a cluster's manager, the recovery that spares partitions still running on workers; else null */
	RunStarts(DataSource dataSource, TargetDialect dialect, JobOperator jobOperator, JobRepository jobRepository, RunPlanner planner,
			RunRecovery recovery) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.jobOperator = jobOperator;
		this.jobRepository = jobRepository;
		this.planner = planner;
		this.recovery = recovery;
	}

	/**
	 * Decides which run this is ({@link RunDecision}) and carries the decision out, up to the start.
	 * @param dropIndexes the request's {@code rowlift.schema.drop-indexes}: whether a new run's key mode may lean on
	 * the unique indexes the load would drop ({@link RunPlanner#fresh})
	 * @param sort the request's {@code rowlift.sort.*}, which a new run's plan takes its key order from
	 */
	Start decide(Optional<JobExecution> found, String key, String fingerprint, LoadPlan plan, SourceProperties source, ColumnChoices choices,
			LoadSql sql, JobProperties settings, SortProperties sort, boolean dropIndexes, TargetMode mode, WriteChoice write)
			throws Exception {
		JobExecution last = found.orElse(null);
		if (last != null && RunOutline.of(last).isEmpty()) {
			last = unplanned(last);
		}
		if (last != null && last.getStatus().isRunning()) {
			int live = this.recovery == null ? 0 : this.recovery.stillRunning(last).size();
			if (live == 0) {
				log.warn("run " + last.getJobInstanceId() + " was left " + last.getStatus() + " by a process that is gone "
						+ "(the run lock was free); marking it failed so that it can resume");
				last = this.jobOperator.recover(last);
			}
			else { // a cluster's manager killed while its workers load: they go on, and this run waits for them
				log.warn("run " + last.getJobInstanceId() + " was left " + last.getStatus() + " by a manager that is gone "
						+ "(the run lock was free) while " + live + " of its partitions still run on workers; marking it failed "
						+ "except those, which the resumed run waits for");
				this.recovery.recover(last);
				last = this.jobRepository.getJobExecution(last.getId());
			}
		}
		Optional<RunDecision.LastRun> lastRun = Optional.ofNullable(last).map(this::lastRun);
		RunDecision decision = RunDecision.decide(lastRun, fingerprint, settings.reload(), settings.startOver(),
				settings.keepAbandonedRows(), plan.table(), mode);
		// partitions of the last run that workers still run: a resume adopts those whose worker is alive (the
		// others are marked failed and start again); a start-over stops them at their next commit (marked failed,
		// that commit fails on the step execution's version and rolls back); a refusal leaves them running, since
		// it writes nothing and the same command, or a fixed one, may still resume them
		java.util.Set<Long> adopted = new java.util.HashSet<>();
		if (this.recovery != null && last != null && !last.getStatus().isRunning()) {
			if (decision.kind() == RunDecision.Kind.RESUME) {
				this.recovery.settle(last.getJobInstanceId()).forEach(partition -> adopted.add(partition.getId()));
			}
			else if (decision.kind() == RunDecision.Kind.ABANDON_THEN_NEW) {
				this.recovery.failRunning(last.getJobInstanceId(), "stopped: the command that found it running on a worker did not "
						+ "resume run " + last.getJobInstanceId());
			}
		}
		switch (decision.kind()) {
			case REFUSE -> throw RowliftException.refused(decision.message());
			case RESUME -> {
				BatchStatus was = last.getStatus();
				// UNKNOWN after a failed commit: resumable (the partitions workers still run are not stale)
				last = new FailedCommitRecovery(this.jobRepository).recover(last, adopted);
				JobParameters parameters = RunPlanParameters.resumed(last.getJobParameters(), write);
				Optional<RunPlan> stored = RunPlan.in(last.getExecutionContext());
				// what this command would store for the run: the run's own sizing and choices, this command's settings
				RunPlan command = stored.isPresent() ? stored.get().commanded(plan, write, source, choices, sql)
						: LegacyRunParameters.read(last.getJobParameters(), (k, f, d, t) -> plan, source, choices, sql)
							.withWrite(write);
				if (stored.isEmpty() && plan.mapping().compression() != null) {
					throw RowliftException.refused("run " + decision.run() + " was started by an earlier version of Rowlift, which did "
							+ "not compress: resuming it with rowlift.target.compress=zstd would store its rows two ways; run the "
							+ "command without rowlift.target.compress to resume it, or set rowlift.job.start-over=true to load anew");
				}
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
				RunPlan kept = stored.get();
				List<String> after = sql.after();
				List<String> storedAfter = kept.sql() == null ? List.of() : kept.sql().after();
				if (!after.equals(storedAfter)) {
					// the after-SQL has not run (a run that ran it completed): this command's runs, so that a failed one can be fixed
					log.info("rowlift.job.after-sql differs from run " + decision.run() + "'s, which has not run it: this command's runs");
					kept = kept.withSql((kept.sql() == null ? LoadSql.NONE : kept.sql()).withAfter(after));
				}
				log.info("resuming run " + decision.run() + " (" + was
						+ "): only its unfinished partitions run, each from its last commit");
				return new Start(kept.withWrite(write), parameters, true, kept, !adopted.isEmpty());
			}
			case ABANDON_THEN_NEW -> {
				checkReplaceable(mode, plan.table());
				RunOutline abandoned = RunOutline.of(last).orElseThrow();
				LoadMode lastMode = abandoned.target().mode();
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
				Path runs = abandoned.sortDir();
				if (runs != null) {
					ExternalSort.delete(runs); // the abandoned run's sorted runs
				}
				return Start.fresh(trained(this.planner.fresh(key, fingerprint, plan, settings, sort, dropIndexes, mode, write, source, choices, sql),
						source));
			}
			case NEW -> {
				checkReplaceable(mode, plan.table());
				return Start.fresh(trained(this.planner.fresh(key, fingerprint, plan, settings, sort, dropIndexes, mode, write, source, choices, sql),
						source));
			}
			default -> throw new IllegalStateException(decision.kind().name());
		}
	}

	/** A new run's plan with its compression's dictionary trained and stored, if it compresses ({@link DocumentDictionary}). */
	private RunPlan trained(RunPlan plan, SourceProperties source) {
		return DocumentDictionary.train(plan, this.dataSource, this.dialect, (int) source.readBuffer().toBytes(),
				(int) source.maxRecordSize().toBytes());
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

	/**
	 * The last execution as {@link RunDecision} needs it, from its stored plan ({@link RunOutline}), with the rows its
	 * run committed when it did not complete.
	 */
	private RunDecision.LastRun lastRun(JobExecution execution) {
		RunOutline run = RunOutline.of(execution).orElseThrow();
		long committed = execution.getStatus() == BatchStatus.COMPLETED || execution.getStatus() == BatchStatus.ABANDONED ? -1
				: LoadProgress.of(this.jobRepository, execution.getJobInstance(), run.partitions()).written();
		return new RunDecision.LastRun(execution.getJobInstanceId(), execution.getStatus(), run.fingerprint(),
				execution.getEndTime(), run.target(), committed);
	}

	/**
	 * A last run with no plan, neither stored nor in its parameters: this version's run killed as its job
	 * started, after the job repository made its execution and before the plan was stored, so before any step
	 * (nothing of it was written). Abandoned (marked failed first if the process left it running) unless it already
	 * is; null in either case, as if there were no last run: this command is a new load.
	 */
	private JobExecution unplanned(JobExecution last) throws Exception {
		if (last.getStatus() == BatchStatus.ABANDONED || last.getStatus() == BatchStatus.COMPLETED) {
			return null;
		}
		log.warn("run " + last.getJobInstanceId() + " ended as its job started, before its plan was stored: it loaded "
				+ "nothing; abandoning it, so this is a new load");
		JobExecution failed = last.getStatus().isRunning() ? this.jobOperator.recover(last) : last;
		this.jobOperator.abandon(failed);
		return null;
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

	/**
	 * What to start.
	 * @param plan the run's plan, with this execution's write method
	 * @param parameters the run's identity and this execution's write method, as job parameters ({@link RunPlanParameters})
	 * @param resume whether it resumes an unfinished run
	 * @param stored the plan stored with the run as it starts: {@code plan} with the stored write method, the first
	 *        execution's (each execution's own is a job parameter); for a run an earlier version started, this one's
	 * @param adopts whether it resumes a run some of whose partitions still run on workers: started by
	 * {@link AdoptingLaunch}, it waits for them instead of starting them again
	 */
	record Start(RunPlan plan, JobParameters parameters, boolean resume, RunPlan stored, boolean adopts) {

		static Start fresh(RunPlan plan) {
			return new Start(plan, RunPlanParameters.of(plan), false, plan, false);
		}

	}

}
