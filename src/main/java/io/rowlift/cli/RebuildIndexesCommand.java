package io.rowlift.cli;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;


import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.RowliftException;
import io.rowlift.database.IndexDefinition;
import io.rowlift.database.JdbcUrl;
import io.rowlift.database.RunLock;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadStatus;
import io.rowlift.job.LoadStatusReader;
import io.rowlift.model.Checkpoints;
import io.rowlift.schema.IndexLedger;
import io.rowlift.schema.IndexRebuildTasklet;
import io.rowlift.schema.RowliftSchema;

/**
 * {@code rowlift rebuild-indexes --rowlift.target.table=T}: re-creates the indexes of T that an
 * unfinished load dropped and that the ledger ({@value RowliftSchema#LEDGER}) still holds, with the
 * load's own rebuild ({@link IndexRebuildTasklet#rebuild}), for an operator who gives up on the load for
 * now and wants the table whole again. Holds the run lock a load into T takes while it works, so no
 * load can start meanwhile; refuses (exit 3) while a run of a load into T holds it. It touches only
 * T's indexes and T's ledger rows: the rows of T, the job repository and the unfinished run stay as they
 * are, so that run can still be resumed (its remaining partitions then load with the indexes in place)
 * or started over.
 *
 * <p>Exit 0 when every index is back (or the ledger held none of T), 1 when one cannot be built (a
 * unique index over duplicated rows: the ledger keeps it, the message says which key), 2 when the
 * table is not set or does not exist, or the database cannot be reached or written (a refused login, a read-only
 * file: {@link EnvironmentFaults#describeEnvironmentFault}), 3 when a load into T is running.
 */
public final class RebuildIndexesCommand implements Verb {

	private final ObjectProvider<DataSource> dataSource;

	private final ObjectProvider<LoadStatusReader> status;

	private final TargetDialect dialect;

	private final String url;

	private final TargetProperties target;

	private final JobProperties job;

	private final Checkpoints checkpoints;

	private final PrintStream out;

	private final PrintStream err;

	/**
	 * @param dataSource made only once the database is known to exist (a missing SQLite file is not created)
	 */
	public RebuildIndexesCommand(ObjectProvider<DataSource> dataSource, ObjectProvider<LoadStatusReader> status,
			TargetDialect dialect, String url, TargetProperties target, JobProperties job, Checkpoints checkpoints,
			PrintStream out, PrintStream err) {
		this.dataSource = dataSource;
		this.status = status;
		this.dialect = dialect;
		this.url = url;
		this.target = target;
		this.job = job;
		this.checkpoints = checkpoints;
		this.out = out;
		this.err = err;
	}

	@Override
	public int run() {
		try {
			return rebuild();
		}
		catch (RowliftException ex) {
			this.err.println("rowlift: " + ex.getMessage());
			return ex.exitCode();
		}
		catch (Exception ex) {
			Optional<String> fault = this.dialect.faults().describeEnvironmentFault(ex, this.url);
			if (fault.isPresent()) { // the database cannot be reached or written: nothing was done
				this.err.println("rowlift: " + fault.get());
				return RowliftException.BAD_INPUT;
			}
			String line = this.dialect.faults().describeFailure(ex, this.url).orElse("rebuild-indexes failed: " + ex);
			this.err.println("rowlift: " + line);
			return 1;
		}
	}

	private int rebuild() throws Exception {
		String wanted = this.target.table();
		if (wanted == null || wanted.isBlank()) {
			throw RowliftException.badInput("rebuild-indexes needs the table: add --rowlift.target.table=T "
					+ "(rowlift status lists the tables whose indexes are still dropped)");
		}
		String database = this.dialect.id() + " database " + JdbcUrl.redacted(this.url);
		if (!this.dialect.connections().databaseExists(this.url)) {
			throw RowliftException.badInput("table '" + wanted + "' does not exist: the " + database
					+ " does not exist; check spring.datasource.url");
		}
		DataSource data = this.dataSource.getObject();
		String table;
		boolean ledgerTable;
		try (Connection connection = data.getConnection()) {
			table = TableInfo.read(connection, wanted)
				.orElseThrow(() -> RowliftException.badInput("table '" + wanted + "' does not exist in the " + database
						+ "; check rowlift.target.table"))
				.name();
			ledgerTable = TableInfo.read(connection, RowliftSchema.LEDGER).isPresent();
		}
		// what the runs of loads into the table are, read before the lock is taken (looking at the lock takes it)
		List<LoadStatus> loads = this.status.getObject().read(table, null, 100, this.job).loads();
		try (RunLock lock = this.dialect.locks().tryLock(data, this.url, table)) {
			if (lock == null) {
				throw RowliftException.refused("another run is active: a load into " + table
						+ " holds the run lock; it rebuilds the indexes itself at its end (rowlift status shows it); nothing was done");
			}
			List<IndexDefinition> pending = ledgerTable ? new IndexLedger(new JdbcTemplate(data)).pending(table) : List.of();
			if (pending.isEmpty()) {
				this.out.println("rowlift: nothing to rebuild: no index of " + table + " is in " + RowliftSchema.LEDGER
						+ " (no load left one dropped)");
				return 0;
			}
			this.dialect.locks().endOrphanedStatements(data, table); // a killed run's index build may still run on the server
			long started = System.nanoTime();
			List<IndexDefinition> built = new IndexRebuildTasklet(data, this.dialect, table, this.checkpoints).rebuild();
			List<String> there = pending.stream().map(IndexDefinition::name).filter(n -> built.stream().noneMatch(b -> b.name().equals(n))).toList();
			this.out.println(String.format(Locale.ROOT, "rowlift: rebuilt %d index(es) of %s in %.1f s: %s%s", built.size(), table,
					(System.nanoTime() - started) / 1e9, built.isEmpty() ? "none" : names(built),
					there.isEmpty() ? "" : "; already there: " + String.join(", ", there)));
			this.out.println("rowlift: " + RowliftSchema.LEDGER + " holds no index of " + table + " any more; its rows are untouched");
		}
		for (LoadStatus load : loads) {
			if (load.state() == LoadStatus.State.FAILED || load.state() == LoadStatus.State.STOPPED
					|| load.state() == LoadStatus.State.KILLED) {
				this.out.println("rowlift: run " + load.run() + " (" + load.file() + " into " + table + ", " + load.state().label()
						+ ", " + String.format(Locale.ROOT, "%,d", load.rows()) + " rows committed) is still unfinished: the same load"
						+ " command resumes it, exactly: its remaining rows load with these indexes in place (slower), unless the"
						+ " run had not finished its index-drop step, which then drops them again for the run to rebuild at its end; or set"
						+ " rowlift.job.start-over=true to abandon it and start a new load, which drops the indexes again and rebuilds"
						+ " them at its end (its committed rows stay in " + table + ": in mode append, set with it"
						+ " rowlift.target.mode=truncate or replace, or rowlift.job.keep-abandoned-rows=true to keep them beside the"
						+ " new load)");
			}
		}
		return 0;
	}

	private static String names(List<IndexDefinition> indexes) {
		return String.join(", ", indexes.stream().map(IndexDefinition::name).toList());
	}


}
