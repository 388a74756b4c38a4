package io.rowlift.load;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;

import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadStatus;
import io.rowlift.job.LoadStatusReader;
import io.rowlift.source.InputFormats;

/**
 * What {@code rowlift status} and {@code rowlift rebuild-indexes} know of the loads of the target database:
 * the most recent loads with their state and what the same load command would do now, and the indexes an
 * unfinished run left dropped ({@link LoadStatusReader}), as values of the load layer. Only reads: it creates
 * no table and no database (a SQLite file that does not exist has no loads, and is not made). Thread-safe.
 */
public final class StatusService {

	/**
	 * What status shows.
	 * @param loads the loads, newest first
	 * @param droppedIndexes table to the names of its indexes still dropped (in the ledger), by table
	 * @param hasTables whether Rowlift's tables exist in the database (false: no load ever ran there)
	 */
	public record Report(List<Load> loads, Map<String, List<String>> droppedIndexes, boolean hasTables) {

		static final Report NONE = new Report(List.of(), Map.of(), false);

	}

	/**
	 * One load, as status shows it.
	 * @param run the run (job instance) id
	 * @param state {@code completed}, {@code failed}, {@code stopped}, {@code running}, {@code killed}, {@code abandoned}
	 * @param unfinished whether it failed, was stopped or killed: the same command resumes it
	 * @param file the file as the load names it; {@code path} its resolved path
	 * @param filtered records the row filter (or a user's processor) left out, in all runs of the load
	 * @param started null when it never started; {@code ended} null while it runs
	 */
	public record Load(long run, String state, boolean unfinished, String file, String path, String table, long rows,
			long filtered, LocalDateTime started, LocalDateTime ended, Next next) {
	}

	/**
	 * What the same load command would do now.
	 * @param action {@code new load}, {@code resume}, {@code start over} or {@code refuse}
	 * @param exitCode the exit code of a refusal (2 or 3), else 0
	 * @param reason why, in a few words, or ""
	 * @param message the whole message the command would print for a refusal, else ""
	 * @param label all of it in one short column: {@code resume run 3}, {@code refuse (exit 3): already loaded}
	 */
	public record Next(String action, int exitCode, String reason, String message, String label) {
	}

	private final ObjectProvider<LoadStatusReader> reader;

	private final TargetDatabase database;

	/** @param reader made only once the database is known to exist, so that a missing SQLite file is not created */
	public StatusService(ObjectProvider<LoadStatusReader> reader, TargetDatabase database) {
		this.reader = reader;
		this.database = database;
	}

	/** The target database, for the messages. */
	public TargetDatabase database() {
		return this.database;
	}

	/**
	 * The most recent loads, newest first; none when the database does not exist.
	 * @param table only loads into this table (any case), or null for all
	 * @param file only loads of this file (resolved as the load resolves it), or null for all
	 * @param limit at most this many loads
	 * @param job the command's {@code rowlift.job.*}, for what the same command would do
	 * @throws Exception when the database cannot be read
	 */
	public Report read(String table, Path file, int limit, JobProperties job) throws Exception {
		if (!this.database.exists()) {
			return Report.NONE;
		}
		LoadStatusReader.Report report = this.reader.getObject().read(table, file, limit, job);
		return new Report(report.loads().stream().map(StatusService::load).toList(), report.droppedIndexes(), report.hasTables());
	}

	/** Whether a load of {@code file} would find its input: a file or a folder of documents. */
	public static boolean inputExists(Path file) {
		return Files.isRegularFile(file) || InputFormats.isFolder(file);
	}

	private static Load load(LoadStatus status) {
		LoadStatus.Outlook outlook = status.outlook();
		boolean unfinished = status.state() == LoadStatus.State.FAILED || status.state() == LoadStatus.State.STOPPED
				|| status.state() == LoadStatus.State.KILLED;
		return new Load(status.run(), status.state().label(), unfinished, status.file(), status.path(), status.table(),
				status.rows(), status.filtered(), status.started(), status.ended(),
				new Next(outlook.action(), outlook.exitCode(), outlook.reason(), outlook.message(), outlook.label()));
	}

}
