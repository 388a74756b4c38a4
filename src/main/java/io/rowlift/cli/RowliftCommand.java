package io.rowlift.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.repository.JobRepository;

import io.rowlift.RowliftException;
import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadLauncher;
import io.rowlift.job.LoadMonitor;
import io.rowlift.job.RunTimelines;
import io.rowlift.job.RunSummaries;
import io.rowlift.model.Checkpoints;
import io.rowlift.report.HtmlReport;
import io.rowlift.report.LoadSummary;
import io.rowlift.report.RejectFiles;
import io.rowlift.report.ReportProperties;
import io.rowlift.database.RejectTable;
import io.rowlift.schema.IndexLedger;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;

/**
 * The {@code load} verb, {@code rowlift [load] --key=value ...}: loads the file and returns the exit
 * code of the contract (0 completed, 1 failed or stopped, 2 bad configuration or input, 3 refused).
 * The run report (phases, docs/reports.md) and the summary line go to standard output (and to
 * {@code rowlift.report.summary-file} as JSON, to {@code rowlift.report.html-file} as a page, also for a
 * failed or stopped run), problems and the live progress to standard error. SIGTERM and SIGINT stop the
 * load gracefully ({@link GracefulStop}). Announces the
 * checkpoint {@value #CHECKPOINT} once the job has ended, before anything is printed.
 */
public final class RowliftCommand implements Verb {

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(RowliftCommand.class);

	/** The checkpoint announced after the job, before the summary. */
	public static final String CHECKPOINT = "summary";

	private final LoadLauncher launcher;

	private final DataSource dataSource;

	private final JobRepository jobRepository;

	private final TargetDialect dialect;

	private final SourceProperties source;

	private final TargetProperties target;

	private final JobProperties job;

	private final ReportProperties report;

	private final Checkpoints checkpoints;

	private final LoadMonitor monitor;

	private final PrintStream out;

	private final PrintStream err;

	public RowliftCommand(LoadLauncher launcher, DataSource dataSource, JobRepository jobRepository, TargetDialect dialect, SourceProperties source,
			TargetProperties target, JobProperties job, ReportProperties report, Checkpoints checkpoints, LoadMonitor monitor) {
		this.monitor = monitor;
		this.launcher = launcher;
		this.dataSource = dataSource;
		this.jobRepository = jobRepository;
		this.dialect = dialect;
		this.source = source;
		this.target = target;
		this.job = job;
		this.report = report;
		this.checkpoints = checkpoints;
		this.out = System.out;
		this.err = System.err;
	}

	@Override
	public int run() {
		GracefulStop stop = new GracefulStop(this.launcher, this.err);
		stop.install();
		return loadOnce().exitCode();
	}

	/**
	 * The same command for another file and table, all else equal (the scheduled service runs one per
	 * inbox file): {@code source} and {@code target} replace this command's settings.
	 */
	public RowliftCommand with(SourceProperties source, TargetProperties target) {
		return new RowliftCommand(this.launcher, this.dataSource, this.jobRepository, this.dialect, source, target, this.job,
				this.report, this.checkpoints, this.monitor);
	}

	/**
	 * One load, as {@link #run} does it, without touching the signal handlers: the summary printed and
	 * written, the reject files written, problems on standard error.
	 * @return the exit code and what the load left to report
	 */
	public Outcome loadOnce() {
		this.monitor.begin(); // the run, and its prepare phase, start now
		try {
			LoadLauncher.LoadRun run = this.launcher.load(this.source, this.target, this.job);
			this.checkpoints.reached(CHECKPOINT);
			LoadSummary summary = RunSummaries.of(run, this.jobRepository, this.dialect.id());
			summary = writeRejectFiles(run, summary);
			summary = summary.withTimeline(RunTimelines.of(run, this.monitor));
			writeSummaryFile(summary);
			writeHtmlReport(summary);
			this.out.print(summary.report());
			this.out.println(summary.line());
			if (run.execution().getStatus() == BatchStatus.COMPLETED) {
				return new Outcome(0, summary, false, null);
			}
			boolean stopped = run.execution().getStatus() == BatchStatus.STOPPED;
			String table = run.plan().load().table();
			List<Throwable> failures = run.execution().getAllFailureExceptions();
			// a bug first: the driver may report what follows it (a connection it closed, a failed rollback)
			// as a database failure, but that is not the cause
			Optional<Throwable> bug = stopped ? Optional.empty() : InternalFailure.among(failures);
			Optional<String> cause = stopped || bug.isPresent() ? Optional.empty() : databaseFailure(failures);
			if (cause.isPresent()) {
				this.err.println("rowlift: " + cause.get());
				return endsWithIndexes(new Outcome(1, summary, false, cause.get()), table);
			}
			String problem = "run " + summary.run() + " " + summary.status().toLowerCase() + ": "
					+ (stopped ? "stopped by a signal at a chunk boundary"
							: bug.isPresent() ? InternalFailure.describe(bug.get(), run.execution(), run.plan().input(), run.plan().load().displayName(),
									run.plan().chunkSize())
							: summary.failure() != null ? summary.failure() : "see the log");
			this.err.println("rowlift: " + problem);
			Optional<List<String>> next = stopped ? Optional.empty()
					: NextStep.after(failures, run.plan().file(), run.plan().fingerprint(),
							summary.run(), summary.rowsTotal(), table, run.plan().load().displayName(),
							rejectFile(run), run.plan().target());
			if (next.isPresent()) {
				String failure = summary.failure();
				next.get().stream().filter(line -> !line.equals(failure)).forEach(line -> this.err.println("rowlift: " + line));
				return endsWithIndexes(new Outcome(1, summary, false, problem), table, NextStep.explained(failures));
			}
			this.err.println("rowlift: run the same command again to resume from the last commit (" + summary.rowsTotal()
					+ " rows committed so far)");
			return endsWithIndexes(new Outcome(1, summary, stopped, problem), table);
		}
		catch (RowliftException ex) {
			Optional<String> fault = ex.exitCode() == RowliftException.BAD_INPUT && ex.getCause() != null
					? this.dialect.describeEnvironmentFault(ex.getCause(), jdbcUrl()) : Optional.empty();
			if (fault.isPresent()) { // a database that cannot be written, found while preparing: nothing was written
				this.err.println("rowlift: " + fault.get());
				return new Outcome(RowliftException.BAD_INPUT, null, false, fault.get());
			}
			this.err.println("rowlift: " + ex.getMessage());
			Outcome outcome = new Outcome(ex.exitCode(), null, false, ex.getMessage());
			return ex.exitCode() == 1 ? endsWithIndexes(outcome, this.target.table()) : outcome;
		}
		catch (Exception ex) {
			// whole in a log file (logging.file.name) and with --debug; one line on the terminal (ConsoleTraces)
			log.info("the load failed before or around its job; the stack trace:", ex);
			Optional<String> fault = this.monitor.jobStarted() ? Optional.empty()
					: this.dialect.describeEnvironmentFault(ex, jdbcUrl());
			if (fault.isPresent()) { // before the job: the database cannot be reached or written, and nothing was
				this.err.println("rowlift: " + fault.get());
				return new Outcome(RowliftException.BAD_INPUT, null, false, fault.get());
			}
			Optional<Throwable> bug = InternalFailure.among(List.of(ex));
			String problem = (bug.isPresent() ? Optional.<String>empty() : databaseFailure(List.of(ex)))
				.orElse(bug.isPresent() ? InternalFailure.describe(bug.get(), null, null, String.valueOf(this.source.path()), 0)
						: "the load failed: " + ex);
			this.err.println("rowlift: " + problem);
			return endsWithIndexes(new Outcome(1, null, false, problem), this.target.table());
		}
	}

	/**
	 * Ends a failed or stopped load's output with the indexes of {@code table} that a load dropped and
	 * that are not back ({@link NextStep#indexesStillDropped}), when there are any.
	 */
	private Outcome endsWithIndexes(Outcome outcome, String table) {
		return endsWithIndexes(outcome, table, false);
	}

	/** @param explained whether the failure's message says what to run ({@link NextStep#indexesStillDropped(String, List, boolean)}) */
	private Outcome endsWithIndexes(Outcome outcome, String table, boolean explained) {
		if (table == null || table.isBlank()) {
			return outcome;
		}
		List<String> dropped;
		try {
			dropped = new IndexLedger(new JdbcTemplate(this.dataSource)).waitingIndexes(table);
		}
		catch (RuntimeException ex) {
			return outcome; // the database cannot be asked (the failure may be that): the problem above says so
		}
		if (!dropped.isEmpty()) {
			this.err.println("rowlift: " + NextStep.indexesStillDropped(table, dropped, explained));
		}
		return outcome;
	}

	/**
	 * How one load ended.
	 *
	 * @param exitCode the contract's exit code
	 * @param summary the run's summary, or null when no job ran (exit 2 and 3, a failure before the start)
	 * @param stopped whether a signal stopped it at a chunk boundary (exit 1; the same command resumes it)
	 * @param problem the one-line reason when the exit code is not 0, else null
	 */
	public record Outcome(int exitCode, LoadSummary summary, boolean stopped, String problem) {
	}

	/**
	 * The dialect's one line for a failure the same command resumes after (a full disk, an I/O error,
	 * a lost connection, a lock timeout): cause, database and fix; empty for any other failure.
	 */
	private Optional<String> databaseFailure(List<Throwable> failures) {
		String url = jdbcUrl();
		for (Throwable failure : failures) {
			Optional<String> line = this.dialect.describeFailure(failure, url);
			if (line.isPresent()) {
				return line;
			}
		}
		return Optional.empty();
	}

	/** The database's URL as the pool has it, or null (the dialect then names the database in general terms). */
	private String jdbcUrl() {
		try {
			return this.dataSource.unwrap(HikariDataSource.class).getJdbcUrl();
		}
		catch (SQLException | RuntimeException ex) {
			return null;
		}
	}

	private Path rejectFile(LoadLauncher.LoadRun run) {
		return this.report.rejectFile() != null ? this.report.rejectFile() : RejectFiles.defaultPath(run.plan().file());
	}

	private LoadSummary writeRejectFiles(LoadLauncher.LoadRun run, LoadSummary summary) {
		Path file = rejectFile(run);
		try {
			long written = RejectFiles.write(new JdbcTemplate(this.dataSource), new RejectTable(run.execution().getJobInstanceId()),
					run.plan().input().rejectFilePreamble(), run.plan().input().rejectRecordEnd(), file);
			return written > 0 ? summary.withRejectFile(file.toString()) : summary;
		}
		catch (IOException | RuntimeException ex) {
			this.err.println("rowlift: cannot write the reject file " + file + ": " + ex.getMessage()
					+ "; the rejects stay in the database table " + RejectTable.NAME + " (set rowlift.report.reject-file)");
			return summary;
		}
	}

	private void writeSummaryFile(LoadSummary summary) throws IOException {
		Path file = this.report.summaryFile();
		if (file != null) {
			Path parent = file.toAbsolutePath().getParent();
			if (parent != null) {
				Files.createDirectories(parent);
			}
			// written beside the file, then moved over it: a scheduler that reads the file never sees half of it,
			// and a process killed while writing leaves no summary rather than a broken one
			Path partial = file.resolveSibling(file.getFileName() + ".partial");
			Files.writeString(partial, summary.json());
			Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
	}

	/**
	 * The HTML report, when asked for. A report that cannot be written is said on standard error and
	 * leaves the exit code as the load made it: the load itself is done, and its summary is printed.
	 */
	private void writeHtmlReport(LoadSummary summary) {
		Path file = this.report.htmlFile();
		if (file == null) {
			return;
		}
		try {
			HtmlReport.write(summary.json(), file);
		}
		catch (IOException | RuntimeException ex) {
			this.err.println("rowlift: cannot write the HTML report " + file + ": " + (ex instanceof IOException ? ex.getMessage() : ex)
					+ "; the load's outcome is as printed (set rowlift.report.html-file to a writable path)");
		}
	}

}
