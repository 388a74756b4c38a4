package io.rowlift.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.zaxxer.hikari.HikariDataSource;

import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.repository.JobRepository;

import io.rowlift.RowliftException;
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
import io.rowlift.database.RunLock;
import io.rowlift.schema.IndexLedger;
import io.rowlift.source.SourceFingerprint;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import io.rowlift.database.TargetDialect;

/**
 * The load as an application service: takes a {@link LoadRequest} (the file, the table, the job's and the
 * report's settings), runs the load to its end and returns a {@link LoadResult}: the run's status, its
 * counts, its summary, the contract's exit code as an {@link ExitMeaning}, and the lines the command line
 * prints (the summary to standard output, notices and problems to standard error). It prints nothing
 * itself: the {@code load} verb, the scheduled service and any other caller present the result. On the
 * way it writes what the request's report settings ask for: the reject file, the summary file (JSON) and
 * the HTML report, also for a failed or stopped run. Announces the checkpoint {@value #CHECKPOINT} once
 * the job has ended, before anything is written.
 *
 * <p>Knows no command line: what decides the run (new, resume, abandon, refuse), the run lock and the
 * plan are the {@code job} package's; this class turns their outcome into the result. One load at a time
 * per process ({@link LoadLauncher}); {@link #stopRunningLoad} and {@link #isLoading} may be called from
 * any thread.
 */
public final class LoadService {

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(LoadService.class);

	/** The checkpoint announced after the job, before the summary. */
	public static final String CHECKPOINT = "summary";

	private final LoadLauncher launcher;

	private final DataSource dataSource;

	private final JobRepository jobRepository;

	private final TargetDialect dialect;

	private final Checkpoints checkpoints;

	private final LoadMonitor monitor;

	public LoadService(LoadLauncher launcher, DataSource dataSource, JobRepository jobRepository, TargetDialect dialect,
			Checkpoints checkpoints, LoadMonitor monitor) {
		this.monitor = monitor;
		this.launcher = launcher;
		this.dataSource = dataSource;
		this.jobRepository = jobRepository;
		this.dialect = dialect;
		this.checkpoints = checkpoints;
	}

	/** Whether a load is being prepared or running in this process. */
	public boolean isLoading() {
		return this.launcher.isLoading();
	}

	/**
	 * Asks the running load, if any, to stop at its next chunk boundary: its partitions end STOPPED after
	 * committing what they have, and the same request resumes it.
	 * @return whether a load was running
	 */
	public boolean stopRunningLoad() {
		return this.launcher.stopRunningLoad();
	}

	/**
	 * Takes the run lock of {@code table} for the caller, at once or not at all, so that the caller can
	 * look at a file's history before it decides to load it; a {@link #load} into the same table while the
	 * caller holds it uses it ({@link LoadLauncher#tryLock}). Closing the lock releases it.
	 * @return the lock, or null when another run holds it
	 */
	public TableClaim tryLock(String table) throws SQLException {
		RunLock lock = this.launcher.tryLock(table);
		return lock == null ? null : new TableClaim(lock);
	}

	/**
	 * The content fingerprint of {@code file} ({@code size:sha256-hex}): the same for two files only when they hold
	 * the same bytes. Reads the whole file; the scheduled service computes it once per version of an inbox file.
	 */
	public static String contentFingerprint(Path file) throws IOException {
		return SourceFingerprint.content(file);
	}

	/**
	 * The run that completed the load of {@code file} into {@code table}, if the file has not changed
	 * since ({@link LoadLauncher#completedRun}).
	 */
	public Optional<Long> completedRun(Path file, String table) throws IOException, SQLException {
		return this.launcher.completedRun(file, table);
	}

	/**
	 * One load, to its end: the summary written where the request's report settings say, the reject
	 * files written. Never throws for a load that failed or was refused: the result says so.
	 * @return the outcome, with the lines to print
	 */
	public LoadResult load(LoadRequest request) {
		Lines lines = new Lines();
		this.monitor.begin(request.report()); // the run, and its prepare phase, start now
		try {
			LoadLauncher.LoadRun run = this.launcher.load(request.source(), request.target(), request.job(), request.schema(),
					request.sort());
			this.checkpoints.reached(CHECKPOINT);
			LoadSummary summary = RunSummaries.of(run, this.jobRepository, this.dialect);
			summary = writeRejectFiles(request.report(), run, summary, lines);
			summary = summary.withTimeline(RunTimelines.of(run, this.monitor));
			writeSummaryFile(request.report(), summary);
			writeHtmlReport(request.report(), summary, lines);
			if (run.execution().getStatus() == BatchStatus.COMPLETED) {
				folderNotice(run, summary).ifPresent(lines::notice);
			}
			lines.summary();
			if (run.execution().getStatus() == BatchStatus.COMPLETED) {
				return lines.result(ExitMeaning.COMPLETED, summary, null);
			}
			boolean stopped = run.execution().getStatus() == BatchStatus.STOPPED;
			String table = run.plan().load().table();
			List<Throwable> failures = run.execution().getAllFailureExceptions();
			// a bug first: the driver may report what follows it (a connection it closed, a failed rollback)
			// as a database failure, but that is not the cause
			Optional<Throwable> bug = stopped ? Optional.empty() : InternalFailure.among(failures);
			Optional<String> cause = stopped || bug.isPresent() ? Optional.empty() : databaseFailure(failures);
			if (cause.isPresent()) {
				lines.problem(cause.get());
				endsWithIndexes(lines, table);
				return lines.result(ExitMeaning.FAILED, summary, cause.get());
			}
			String problem = "run " + summary.run() + " " + summary.status().toLowerCase() + ": "
					+ (stopped ? "stopped by a signal at a chunk boundary"
							: bug.isPresent() ? InternalFailure.describe(bug.get(), run.execution(), run.plan().input(), run.plan().load().displayName(),
									run.plan().chunkSize())
							: summary.failure() != null ? summary.failure() : "see the log");
			lines.problem(problem);
			long committed = summary.rowsTotal();
			boolean append = run.plan().target().mode() == io.rowlift.database.LoadMode.APPEND;
			Optional<List<String>> next = stopped ? Optional.empty()
					: NextStep.after(failures, run.plan().file(), run.plan().fingerprint(),
							summary.run(), committed, table, run.plan().load().displayName(),
							rejectFile(request.report(), run), run.plan().target(),
							refusal -> append && this.dialect.faults().isDuplicateKeyFailure(refusal) && heldRowsBefore(table, committed));
			if (next.isPresent()) {
				String failure = summary.failure();
				next.get().stream().filter(line -> !line.equals(failure)).forEach(lines::problem);
				if (!NextStep.explained(failures)) {
					restoreIndexes(lines, table); // the advice is not the same command, which would rebuild them
				}
				endsWithIndexes(lines, table, NextStep.explained(failures));
				return lines.result(ExitMeaning.FAILED, summary, problem);
			}
			lines.problem(NextStep.resume(summary.rowsTotal()));
			endsWithIndexes(lines, table);
			return lines.result(ExitMeaning.FAILED, summary, problem);
		}
		catch (RowliftException ex) {
			Optional<String> fault = ex.exitCode() == RowliftException.BAD_INPUT && ex.getCause() != null
					? this.dialect.faults().describeEnvironmentFault(ex.getCause(), jdbcUrl()) : Optional.empty();
			if (fault.isPresent()) { // a database that cannot be written, found while preparing: nothing was written
				lines.problem(fault.get());
				return lines.result(ExitMeaning.BAD_INPUT, null, fault.get());
			}
			lines.problem(ex.getMessage());
			if (ex.exitCode() == 1) {
				endsWithIndexes(lines, request.target().table());
			}
			return lines.result(ExitMeaning.of(ex.exitCode()), null, ex.getMessage());
		}
		catch (Exception ex) {
			// whole in a log file (logging.file.name) and with --debug; one line on the terminal (ConsoleTraces)
			log.info("the load failed before or around its job; the stack trace:", ex);
			Optional<String> fault = this.monitor.jobStarted() ? Optional.empty()
					: this.dialect.faults().describeEnvironmentFault(ex, jdbcUrl());
			if (fault.isPresent()) { // before the job: the database cannot be reached or written, and nothing was
				lines.problem(fault.get());
				return lines.result(ExitMeaning.BAD_INPUT, null, fault.get());
			}
			Optional<Throwable> bug = InternalFailure.among(List.of(ex));
			String problem = (bug.isPresent() ? Optional.<String>empty() : databaseFailure(List.of(ex)))
				.orElse(bug.isPresent() ? InternalFailure.describe(bug.get(), null, null, String.valueOf(request.source().path()), 0)
						: "the load failed: " + ex);
			lines.problem(problem);
			endsWithIndexes(lines, request.target().table());
			return lines.result(ExitMeaning.FAILED, null, problem);
		}
	}

	/**
	 * Puts back the indexes a failed run of {@code table} left dropped, when the advice printed is not to run the
	 * same command (which rebuilds them at its end): a table is not left without them while the operator fixes a
	 * file or picks another mode. One that cannot be built (a unique index over repeated keys) stays in the
	 * ledger, and {@link #endsWithIndexes} then says so and how to put it back.
	 */
	private void restoreIndexes(Lines lines, String table) {
		try {
			List<String> built = this.launcher.restoreIndexes(table);
			if (!built.isEmpty()) {
				lines.problem("the " + built.size() + " index(es) of " + table + " the load dropped are back: " + String.join(", ", built));
			}
		}
		catch (Exception ex) {
			log.info("could not put back the indexes of " + table + " after the failed run: " + ex.getMessage(), ex);
		}
	}

	/**
	 * Whether {@code table} holds rows that the load did not write, so held them before it: more rows than the
	 * {@code committed} ones of all its runs. Counts no further than one past them.
	 */
	private boolean heldRowsBefore(String table, long committed) {
		try {
			Long rows = new JdbcTemplate(this.dataSource).queryForObject("SELECT COUNT(*) FROM (SELECT 1 FROM "
					+ this.dialect.quote(table) + " LIMIT " + (committed + 1) + ") held", Long.class);
			return rows != null && rows > committed;
		}
		catch (RuntimeException ex) {
			return false; // cannot tell: the advice stays the general one
		}
	}

	/**
	 * Ends a failed or stopped load's output with the indexes of {@code table} that a load dropped and
	 * that are not back ({@link NextStep#indexesStillDropped}), when there are any.
	 */
	private void endsWithIndexes(Lines lines, String table) {
		endsWithIndexes(lines, table, false);
	}

	/** @param explained whether the failure's message says what to run ({@link NextStep#indexesStillDropped(String, List, boolean)}) */
	private void endsWithIndexes(Lines lines, String table, boolean explained) {
		if (table == null || table.isBlank()) {
			return;
		}
		List<String> dropped;
		try {
			dropped = new IndexLedger(new JdbcTemplate(this.dataSource)).waitingIndexes(table);
		}
		catch (RuntimeException ex) {
			return; // the database cannot be asked (the failure may be that): the problem above says so
		}
		if (!dropped.isEmpty()) {
			lines.problem(NextStep.indexesStillDropped(table, dropped, explained));
		}
	}

	/**
	 * For a folder of documents: the files and bytes read, and what the data takes on disk afterwards
	 * ({@code rowlift: documents: 20,000 files, 21.7 MB read from docs; the database file takes 25.1 MB on disk}).
	 */
	private Optional<String> folderNotice(LoadLauncher.LoadRun run, LoadSummary summary) {
		if (!io.rowlift.source.InputFormats.isFolder(run.plan().file())) {
			return Optional.empty();
		}
		String size = this.dialect.connections().sizeOnDisk(this.dataSource, jdbcUrl(), run.plan().load().table()).orElse("its size on disk unknown");
		return Optional.of(String.format(java.util.Locale.ROOT, "documents: %,d files, %,.1f MB read from %s; %s",
				summary.read(), run.plan().input().size() / 1e6, summary.file(), size));
	}

	/**
	 * The lines of one load's output as they come, in order: notices before the summary, the summary,
	 * problems after it.
	 */
	private static final class Lines {

		private final List<String> before = new ArrayList<>();

		private final List<String> after = new ArrayList<>();

		private boolean summaryShown;

		void notice(String line) {
			(this.summaryShown ? this.after : this.before).add(line);
		}

		void problem(String line) {
			notice(line);
		}

		void summary() {
			this.summaryShown = true;
		}

		LoadResult result(ExitMeaning meaning, LoadSummary summary, String problem) {
			return LoadResult.of(meaning, summary, problem, this.before, this.after);
		}

	}

	/**
	 * The dialect's one line for a failure the same command resumes after (a full disk, an I/O error,
	 * a lost connection, a lock timeout): cause, database and fix; empty for any other failure.
	 */
	private Optional<String> databaseFailure(List<Throwable> failures) {
		String url = jdbcUrl();
		for (Throwable failure : failures) {
			Optional<String> line = this.dialect.faults().describeFailure(failure, url);
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

	private static Path rejectFile(ReportProperties report, LoadLauncher.LoadRun run) {
		return report.rejectFile() != null ? report.rejectFile() : RejectFiles.defaultPath(run.plan().file());
	}

	private LoadSummary writeRejectFiles(ReportProperties report, LoadLauncher.LoadRun run, LoadSummary summary, Lines lines) {
		Path file = rejectFile(report, run);
		try {
			long written = RejectFiles.write(new JdbcTemplate(this.dataSource), new RejectTable(run.execution().getJobInstanceId()),
					run.plan().input().rejectFilePreamble(), run.plan().input().rejectRecordEnd(), file);
			return written > 0 ? summary.withRejectFile(file.toString()) : summary;
		}
		catch (IOException | RuntimeException ex) {
			lines.notice("cannot write the reject file " + file + ": " + ex.getMessage()
					+ "; the rejects stay in the database table " + RejectTable.NAME + " (set rowlift.report.reject-file)");
			return summary;
		}
	}

	private static void writeSummaryFile(ReportProperties report, LoadSummary summary) throws IOException {
		Path file = report.summaryFile();
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
	private static void writeHtmlReport(ReportProperties report, LoadSummary summary, Lines lines) {
		Path file = report.htmlFile();
		if (file == null) {
			return;
		}
		try {
			HtmlReport.write(summary.json(), file);
		}
		catch (IOException | RuntimeException ex) {
			lines.notice("cannot write the HTML report " + file + ": " + (ex instanceof IOException ? ex.getMessage() : ex)
					+ "; the load's outcome is as printed (set rowlift.report.html-file to a writable path)");
		}
	}

}
