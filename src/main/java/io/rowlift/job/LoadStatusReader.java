package io.rowlift.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.schema.IndexLedger;
import io.rowlift.schema.RowliftSchema;
import io.rowlift.source.SourceFingerprint;

/**
 * Reads what {@code status} shows: the most recent loads of the target database with their state and
 * what the same command would do now ({@link LoadStatus}), and the indexes an unfinished run left
 * dropped ({@link IndexLedger}). Each load is read from the plan stored with its run ({@link RunOutline}; a
 * run of a version before stored plans from its job parameters). Only reads: it creates no table (a database without Rowlift's tables
 * has no loads) and writes nothing; the one thing it touches is the run lock, which it may take and
 * release at once to see whether a run holds it ({@link RunLocking#runLockHolder}). Thread-safe.
 */
public final class LoadStatusReader {

	/**
	 * What status shows.
	 * @param loads the loads, newest first
	 * @param droppedIndexes table to the names of its indexes still dropped (in the ledger), by table
	 * @param hasTables whether Rowlift's tables exist in the database (false: no load ever ran there)
	 */
	public record Report(List<LoadStatus> loads, Map<String, List<String>> droppedIndexes, boolean hasTables) {
	}

	private final DataSource dataSource;

	private final JobRepository jobRepository;

	private final TargetDialect dialect;

	private final LoadHistory history;

	private final String url;

	private final String prefix;

	public LoadStatusReader(DataSource dataSource, JobRepository jobRepository, TargetDialect dialect, LoadHistory history,
			String jdbcUrl, String tablePrefix) {
		this.dataSource = dataSource;
		this.jobRepository = jobRepository;
		this.dialect = dialect;
		this.history = history;
		this.url = jdbcUrl;
		this.prefix = tablePrefix;
	}

	/**
	 * The most recent loads, newest first.
	 * @param table only loads into this table (any case), or null for all
	 * @param file only loads of this file (resolved as the load resolves it), or null for all
	 * @param limit at most this many loads
	 * @param settings the command's {@code rowlift.job.*}, for what the same command would do
	 */
	public Report read(String table, Path file, int limit, JobProperties settings) throws SQLException {
		boolean jobTables;
		boolean ledgerTable;
		try (Connection connection = this.dataSource.getConnection()) {
			jobTables = TableInfo.read(connection, this.prefix + "JOB_EXECUTION").isPresent();
			ledgerTable = TableInfo.read(connection, RowliftSchema.LEDGER).isPresent();
		}
		Map<String, List<String>> dropped = ledgerTable ? new IndexLedger(new JdbcTemplate(this.dataSource)).all() : Map.of();
		if (!jobTables) {
			return new Report(List.of(), dropped, false);
		}
		String path = file == null ? null : canonical(file);
		Map<String, Optional<String>> locks = new HashMap<>();
		List<LoadStatus> loads = new ArrayList<>();
		for (long id : this.history.recentLoads()) {
			if (loads.size() >= limit) {
				break;
			}
			JobExecution execution = this.jobRepository.getJobExecution(id);
			if (execution == null) {
				continue;
			}
			Optional<RunOutline> outline = RunOutline.of(execution);
			if (outline.isEmpty()) {
				continue; // killed as its job started, before its plan was stored: it ran nothing, and the next command abandons it
			}
			RunOutline run = outline.get();
			String loadTable = run.table();
			Path loadFile = run.file();
			if ((table != null && !table.equalsIgnoreCase(loadTable)) || (path != null && !path.equals(loadFile.toString()))) {
				continue;
			}
			Optional<String> holder = locks.computeIfAbsent(loadTable.toLowerCase(java.util.Locale.ROOT), t -> lockHolder(loadTable));
			boolean lockedByThis = holder.isPresent() && (holder.get().isEmpty() || holder.get().equalsIgnoreCase(loadTable));
			LoadProgress progress = LoadProgress.of(this.jobRepository, execution.getJobInstance(), run.partitions());
			long rows = progress.written();
			String display = run.display();
			LoadStatus.Outlook outlook = LoadStatus.outlook(
					new RunDecision.LastRun(execution.getJobInstanceId(), execution.getStatus(),
							run.fingerprint(), execution.getEndTime(), run.target(),
							rows),
					fingerprint(loadFile), holder, settings.reload(), settings.startOver(), settings.keepAbandonedRows(), loadTable,
					display);
			loads.add(new LoadStatus(execution.getJobInstanceId(), LoadStatus.state(execution.getStatus(), lockedByThis), display,
					loadFile.toString(), loadTable, rows, progress.filtered(), RunTimes.start(execution), RunTimes.end(execution), outlook));
		}
		return new Report(List.copyOf(loads), dropped, true);
	}

	private Optional<String> lockHolder(String table) {
		try {
			return this.dialect.locks().runLockHolder(this.dataSource, this.url, table);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("cannot look at the run lock of " + table + ": " + ex.getMessage(), ex);
		}
	}

	/** The file's fingerprint now; empty when it is gone or cannot be read. */
	private static Optional<String> fingerprint(Path file) {
		try {
			return Files.isRegularFile(file) || io.rowlift.source.InputFormats.isFolder(file) ? Optional.of(SourceFingerprint.of(file)) : Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	/** The file as a load names it: its real path when it exists, else its absolute normal form. */
	static String canonical(Path file) {
		try {
			return file.toRealPath().toString();
		}
		catch (IOException ex) {
			return file.toAbsolutePath().normalize().toString();
		}
	}

}
