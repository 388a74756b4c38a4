package io.rowlift.cli;

import java.io.PrintStream;
import java.util.Optional;

import io.rowlift.RowliftException;
import io.rowlift.job.JobProperties;
import io.rowlift.load.RebuildIndexesService;
import io.rowlift.load.TargetDatabase;

/**
 * {@code rowlift rebuild-indexes --rowlift.target.table=T}: re-creates the indexes of T that an
 * unfinished load dropped and that the ledger ({@code ROWLIFT_INDEX_LEDGER}) still holds, with the
 * load layer's index restore ({@link RebuildIndexesService}), for an operator who gives up on the load for
 * now and wants the table whole again. Holds the run lock a load into T takes while it works, so no
 * load can start meanwhile; refuses (exit 3) while a run of a load into T holds it. It touches only
 * T's indexes and T's ledger rows: the rows of T, the job repository and the unfinished run stay as they
 * are, so that run can still be resumed (its remaining partitions then load with the indexes in place)
 * or started over.
 *
 * <p>Exit 0 when every index is back (or the ledger held none of T), 1 when one cannot be built (a
 * unique index over duplicated rows: the ledger keeps it, the message says which key), 2 when the
 * table is not set or does not exist, or the database cannot be reached or written (a refused login, a read-only
 * file: {@link TargetDatabase#environmentFault}), 3 when a load into T is running.
 */
public final class RebuildIndexesCommand implements Verb {

	private final RebuildIndexesService service;

	private final TargetDatabase database;

	private final String table;

	private final JobProperties job;

	private final PrintStream out;

	private final PrintStream err;

	/** @param table {@code rowlift.target.table}, or null when it is not set */
	public RebuildIndexesCommand(RebuildIndexesService service, TargetDatabase database, String table, JobProperties job,
			PrintStream out, PrintStream err) {
		this.service = service;
		this.database = database;
		this.table = table;
		this.job = job;
		this.out = out;
		this.err = err;
	}

	@Override
	public int run() {
		try {
			this.service.rebuild(this.table, this.job).forEach(this.out::println);
			return 0;
		}
		catch (RowliftException ex) {
			this.err.println("rowlift: " + ex.getMessage());
			return ex.exitCode();
		}
		catch (Exception ex) {
			Optional<String> fault = this.database.environmentFault(ex);
			if (fault.isPresent()) { // the database cannot be reached or written: nothing was done
				this.err.println("rowlift: " + fault.get());
				return RowliftException.BAD_INPUT;
			}
			String line = this.database.failure(ex).orElse("rebuild-indexes failed: " + ex);
			this.err.println("rowlift: " + line);
			return 1;
		}
	}

}
