package io.rowlift.schedule;

import java.util.List;

import javax.sql.DataSource;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;
import io.rowlift.schema.IndexLedger;
import io.rowlift.schema.IndexRebuildTasklet;

/**
 * What the service does for a load it gives up on (its file moved to {@code failed/}): it puts back the
 * indexes of the table that the load dropped, as {@code rowlift rebuild-indexes} would, so that the table
 * is whole again and the {@code indexes} health component does not stay OUT_OF_SERVICE until someone
 * comes. The load's run stays as it is: a file moved back into the inbox resumes it (its remaining rows
 * then load with the indexes in place). Called under the table's run lock, which the service holds for
 * the file. Thread-safe.
 */
class GivenUpLoads {

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final Checkpoints checkpoints;

	GivenUpLoads(DataSource dataSource, TargetDialect dialect, Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.checkpoints = checkpoints;
	}

	/**
	 * Rebuilds the indexes of {@code table} that are in the ledger.
	 * @return the names of the indexes that were waiting (empty when none was)
	 * @throws Exception when one cannot be built (the ledger keeps it; the message says why)
	 */
	List<String> restoreIndexes(String table) throws Exception {
		List<String> waiting = new IndexLedger(new JdbcTemplate(this.dataSource)).waitingIndexes(table);
		if (waiting.isEmpty()) {
			return waiting;
		}
		this.dialect.locks().endOrphanedStatements(this.dataSource, table);
		List<IndexDefinition> built = new IndexRebuildTasklet(this.dataSource, this.dialect, table, this.checkpoints).rebuild();
		return built.isEmpty() ? waiting : built.stream().map(IndexDefinition::name).toList();
	}

}
