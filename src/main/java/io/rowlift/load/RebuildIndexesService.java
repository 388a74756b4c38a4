package io.rowlift.load;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;

import io.rowlift.RowliftException;
import io.rowlift.database.RunLock;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.job.JobProperties;
import io.rowlift.schema.RowliftSchema;

/**
 * {@code rowlift rebuild-indexes}: re-creates the indexes of a table that an unfinished load dropped and
 * that the ledger ({@value RowliftSchema#LEDGER}) still holds ({@link IndexRestore}), for an operator who
 * gives up on the load for now and wants the table whole again. Holds the run lock a load into the table
 * takes while it works, so no load can start meanwhile. It touches only the table's indexes and its ledger
 * rows: the rows, the job repository and the unfinished run stay as they are, so that run can still be
 * resumed or started over. Thread-safe.
 */
public final class RebuildIndexesService {

	private final ObjectProvider<DataSource> dataSource;

	private final TargetDialect dialect;

	private final String url;

	private final TargetDatabase database;

	private final StatusService status;

	private final ObjectProvider<IndexRestore> restore;

	/**
	 * @param dataSource made only once the database is known to exist (a missing SQLite file is not created)
	 * @param url {@code spring.datasource.url}
	 */
	public RebuildIndexesService(ObjectProvider<DataSource> dataSource, TargetDialect dialect, String url,
			TargetDatabase database, StatusService status, ObjectProvider<IndexRestore> restore) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.url = url;
		this.database = database;
		this.status = status;
		this.restore = restore;
	}

	/**
	 * Rebuilds the indexes of {@code wanted} that are in the ledger.
	 * @param job the command's {@code rowlift.job.*}, for what the same load command would do with its unfinished runs
	 * @return the lines to print: what was rebuilt (or that nothing was), then what became of each unfinished run
	 * @throws RowliftException exit 2 when the table is not set or does not exist, exit 3 when a load into it holds the
	 *     run lock
	 * @throws Exception when an index cannot be built (the ledger keeps it; the message says why) or the database
	 *     cannot be reached ({@link TargetDatabase#environmentFault})
	 */
	public List<String> rebuild(String wanted, JobProperties job) throws Exception {
		if (wanted == null || wanted.isBlank()) {
			throw RowliftException.badInput("rebuild-indexes needs the table: add --rowlift.target.table=T "
					+ "(rowlift status lists the tables whose indexes are still dropped)");
		}
		String database = this.database.description();
		if (!this.database.exists()) {
			throw RowliftException.badInput("table '" + wanted + "' does not exist: the " + database
					+ " does not exist; check spring.datasource.url");
		}
		DataSource data = this.dataSource.getObject();
		String table;
		try (Connection connection = data.getConnection()) {
			table = TableInfo.read(connection, wanted)
				.orElseThrow(() -> RowliftException.badInput("table '" + wanted + "' does not exist in the " + database
						+ "; check rowlift.target.table"))
				.name();
		}
		List<String> lines = new ArrayList<>();
		// what the runs of loads into the table are, read before the lock is taken (looking at the lock takes it)
		List<StatusService.Load> loads = this.status.read(table, null, 100, job).loads();
		try (RunLock lock = this.dialect.locks().tryLock(data, this.url, table)) {
			if (lock == null) {
				throw RowliftException.refused("another run is active: a load into " + table
						+ " holds the run lock; it rebuilds the indexes itself at its end (rowlift status shows it); nothing was done");
			}
			long started = System.nanoTime();
			IndexRestore.Restored restored = this.restore.getObject().restore(table);
			if (restored.waiting().isEmpty()) {
				lines.add("rowlift: nothing to rebuild: no index of " + table + " is in " + RowliftSchema.LEDGER
						+ " (no load left one dropped)");
				return lines;
			}
			List<String> there = restored.alreadyThere();
			lines.add(String.format(Locale.ROOT, "rowlift: rebuilt %d index(es) of %s in %.1f s: %s%s", restored.built().size(),
					table, (System.nanoTime() - started) / 1e9,
					restored.built().isEmpty() ? "none" : String.join(", ", restored.built()),
					there.isEmpty() ? "" : "; already there: " + String.join(", ", there)));
			lines.add("rowlift: " + RowliftSchema.LEDGER + " holds no index of " + table + " any more; its rows are untouched");
		}
		for (StatusService.Load load : loads) {
			if (load.unfinished()) {
				lines.add("rowlift: run " + load.run() + " (" + load.file() + " into " + table + ", " + load.state() + ", "
						+ String.format(Locale.ROOT, "%,d", load.rows()) + " rows committed) is still unfinished: the same load"
						+ " command resumes it, exactly: its remaining rows load with these indexes in place (slower), unless the"
						+ " run had not finished its index-drop step, which then drops them again for the run to rebuild at its end; or set"
						+ " rowlift.job.start-over=true to abandon it and start a new load, which drops the indexes again and rebuilds"
						+ " them at its end (its committed rows stay in " + table + ": in mode append, set with it"
						+ " rowlift.target.mode=truncate or replace, or rowlift.job.keep-abandoned-rows=true to keep them beside the"
						+ " new load)");
			}
		}
		return lines;
	}

}
