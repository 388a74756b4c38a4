package io.rowlift.schema;

import javax.sql.DataSource;

import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;

/**
 * The last step of a {@code replace}, after the accounting: swaps the loaded staging table in for the
 * target ({@link io.rowlift.database.TargetTables#swap}). Other modes do nothing.
 *
 * <p>Then it builds the target's indexes that the ledger still holds ({@link IndexRebuildTasklet}): a
 * replace that started over an unfinished load of the target (append, truncate, ...) found the table
 * without the indexes that run dropped, so the staging table, made like it, lacked them too; without this
 * the swapped-in table would keep their definitions in the ledger only.
 *
 * <p>Runs outside the step's transaction (the swap takes a connection of its own: SQLite needs its
 * foreign keys off, which it allows only outside a transaction). Safe to repeat: a swap killed before
 * it committed leaves the old table and the staging table as they were, and a resume swaps; a swap
 * that committed leaves no staging table, and a resume finds nothing to swap (on MySQL it drops the old
 * table if the kill came between the rename and the drop). Thread-safe.
 */
public final class TableSwapTasklet implements Tasklet {

	/** Step context key: whether this execution swapped, for the summary. */
	public static final String SWAPPED = "table.swapped";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String table;

	private final LoadMode mode;

	private final Checkpoints checkpoints;

	public TableSwapTasklet(DataSource dataSource, TargetDialect dialect, String table, LoadMode mode, Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.table = table;
		this.mode = mode;
		this.checkpoints = checkpoints;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		if (this.mode != LoadMode.REPLACE) {
			return RepeatStatus.FINISHED;
		}
		boolean swapped = this.dialect.tables()
			.swap(this.dataSource, this.table, this.dialect.tables().stagingName(this.table), this.checkpoints);
		chunkContext.getStepContext().getStepExecution().getExecutionContext().putString(SWAPPED, String.valueOf(swapped));
		new IndexRebuildTasklet(this.dataSource, this.dialect, this.table, this.checkpoints).rebuild();
		return RepeatStatus.FINISHED;
	}

}
