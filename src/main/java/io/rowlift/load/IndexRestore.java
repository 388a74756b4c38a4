package io.rowlift.load;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;
import io.rowlift.schema.IndexLedger;
import io.rowlift.schema.IndexRebuildTasklet;

/**
 * The indexes a load dropped and that are not back yet (the rows of Rowlift's index ledger), and their
 * restore: the one implementation behind {@code rowlift rebuild-indexes}, the scheduled service's restore
 * of a given-up file's table and the {@code indexes} health component. A restore runs the load's own
 * rebuild ({@link IndexRebuildTasklet#rebuild}): each index is built, then forgotten by the ledger; one that
 * cannot be built (a unique index over repeated keys) stays in it and fails the restore with a message
 * that says which key. Reading never creates the ledger: a database without it has nothing waiting.
 * Thread-safe; a restore of a table must run under that table's run lock, which its caller holds.
 */
public final class IndexRestore {

	/**
	 * What a restore did.
	 * @param waiting the names of the table's indexes the ledger held before, in order (empty: nothing was waiting)
	 * @param built the names of the indexes it built (an index that was already there again is not built)
	 */
	public record Restored(List<String> waiting, List<String> built) {

		public Restored {
			waiting = List.copyOf(waiting);
			built = List.copyOf(built);
		}

		/** The waiting indexes that existed already, so were not built. */
		public List<String> alreadyThere() {
			return this.waiting.stream().filter(name -> !this.built.contains(name)).toList();
		}

	}

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final Checkpoints checkpoints;

	public IndexRestore(DataSource dataSource, TargetDialect dialect, Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.checkpoints = checkpoints;
	}

	/** Table to the number of its indexes waiting, by table name; empty when none is, or there is no ledger. */
	public Map<String, Integer> waiting() {
		return ledger().waiting();
	}

	/** The names of {@code table}'s indexes waiting, in order; empty when none is, or there is no ledger. */
	public List<String> waiting(String table) {
		return ledger().waitingIndexes(table);
	}

	/**
	 * Builds the indexes of {@code table} the ledger holds, after ending the statements a killed run may have
	 * left building one on the server. The caller holds the table's run lock.
	 * @throws Exception when one cannot be built (the ledger keeps it and those after it; the message says why)
	 */
	public Restored restore(String table) throws Exception {
		List<String> waiting = waiting(table);
		if (waiting.isEmpty()) {
			return new Restored(List.of(), List.of());
		}
		this.dialect.locks().endOrphanedStatements(this.dataSource, table); // a killed run's index build may still run on the server
		List<IndexDefinition> built = new IndexRebuildTasklet(this.dataSource, this.dialect, table, this.checkpoints).rebuild();
		return new Restored(waiting, built.stream().map(IndexDefinition::name).toList());
	}

	private IndexLedger ledger() {
		return new IndexLedger(new JdbcTemplate(this.dataSource));
	}

}
