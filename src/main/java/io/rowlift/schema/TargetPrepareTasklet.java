package io.rowlift.schema;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;

/**
 * The first step of a load: what its mode does to the table before any row is written, once per load.
 * {@code truncate} empties the table; {@code replace} makes the empty staging table like it (dropping one
 * an earlier, unrecorded attempt made, and that table's ledger rows); the other modes do nothing.
 *
 * <p>Its step is not restartable once complete, so a resumed run does not empty the table again: the
 * rows committed before a kill stay. Until the step has completed, nothing of the load is written, so
 * doing it again (a run killed inside it, or after its work and before Spring Batch recorded the step
 * complete) loses nothing. On SQLite (and for MySQL's {@code DELETE}) the work commits with the step's
 * own record in one transaction.
 *
 * <p>Announces the checkpoint {@value #CHECKPOINT} after its work, before the step commits. Thread-safe.
 */
public final class TargetPrepareTasklet implements Tasklet {

	private static final Log log = LogFactory.getLog(TargetPrepareTasklet.class);

	/** The checkpoint announced after the work, before the step commits. */
	public static final String CHECKPOINT = "prepare";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String table;

	private final LoadMode mode;

	private final Checkpoints checkpoints;

	/**
	 * @param table the target table, as the database spells it
	 * @param mode the load's mode, as its first run fixed it
	 */
	public TargetPrepareTasklet(DataSource dataSource, TargetDialect dialect, String table, LoadMode mode,
			Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.table = table;
		this.mode = mode;
		this.checkpoints = checkpoints;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		if (this.mode != LoadMode.TRUNCATE && this.mode != LoadMode.REPLACE) {
			return RepeatStatus.FINISHED;
		}
		var connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			if (this.mode == LoadMode.TRUNCATE) {
				this.dialect.tables().empty(connection, this.table);
				log.info("emptied " + this.table + " (rowlift.target.mode=truncate)");
			}
			else {
				String staging = this.dialect.tables().stagingName(this.table);
				new IndexLedger(new JdbcTemplate(this.dataSource)).forgetAll(staging);
				this.dialect.tables().createStaging(connection, this.table, staging);
				log.info("made " + staging + " like " + this.table + " (rowlift.target.mode=replace): the load goes there, "
						+ this.table + " keeps its rows until the swap");
			}
			this.checkpoints.reached(CHECKPOINT);
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
		return RepeatStatus.FINISHED;
	}

}
