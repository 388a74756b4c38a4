package io.rowlift.schema;

import java.util.List;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;

/**
 * Before the load: records each secondary index of the table in the ledger, then drops them.
 *
 * <p>The ledger rows are written before the drop in the same transaction: on SQLite DDL is
 * transactional, so ledger and drop commit together; on MySQL the {@code ALTER TABLE} commits the
 * ledger rows implicitly before it runs. Either way no index is ever gone without its definition
 * saved. Safe to repeat: an index already in the ledger (from an earlier run) is kept as recorded.
 * Thread-safe.
 *
 * <p>The index a load in mode {@code upsert} or {@code ignore} matches rows on is kept: the database needs
 * it to find the matching row, and without it the matches would not be detected at all. The other
 * secondary indexes are dropped and rebuilt as in {@code append}; so are the other unique ones unless
 * {@code keepUnique} (a database that matches on the named key alone: it refuses a row that repeats one of
 * their keys as it writes it, a reject).
 *
 * <p>An index whose definition the rebuild would refuse ({@link IndexBuild#indexDefinitionProblem}) is kept.
 *
 * <p>Announces the checkpoint {@value #CHECKPOINT} once the indexes are dropped and the step is not yet
 * committed.
 */
public final class IndexDropTasklet implements Tasklet {

	private static final Log log = LogFactory.getLog(IndexDropTasklet.class);

	/** Step context key: how many indexes were dropped, for the summary. */
	public static final String DROPPED = "indexes.dropped";

	/** The checkpoint announced after the drop, before the step commits. */
	public static final String CHECKPOINT = "index-drop";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String table;

	private final boolean enabled;

	private final Checkpoints checkpoints;

	/** Whether every unique index stays in force. */
	private final boolean keepUnique;

	/** The index kept in force (case-insensitive), or null. */
	private final String keep;

	public IndexDropTasklet(DataSource dataSource, TargetDialect dialect, String table, boolean enabled,
			Checkpoints checkpoints) {
		this(dataSource, dialect, table, enabled, checkpoints, null);
	}

	/** @param keep an index not to drop (the unique key a load matches rows on), or null */
	public IndexDropTasklet(DataSource dataSource, TargetDialect dialect, String table, boolean enabled,
			Checkpoints checkpoints, String keep) {
		this(dataSource, dialect, table, enabled, checkpoints, keep, false);
	}

	/** @param keepUnique whether every unique index stays (modes upsert and ignore) */
	public IndexDropTasklet(DataSource dataSource, TargetDialect dialect, String table, boolean enabled,
			Checkpoints checkpoints, String keep, boolean keepUnique) {
		this.keepUnique = keepUnique;
		this.keep = keep;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.table = table;
		this.enabled = enabled;
		this.checkpoints = checkpoints;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		if (!this.enabled) {
			return RepeatStatus.FINISHED;
		}
		var connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			List<IndexDefinition> indexes = this.dialect.indexes().secondaryIndexes(connection, this.table)
				.stream()
				.filter(index -> !index.name().equalsIgnoreCase(this.keep) && !(this.keepUnique && index.unique()))
				.filter(this::rebuildable)
				.toList();
			IndexLedger ledger = new IndexLedger(new JdbcTemplate(this.dataSource));
			for (IndexDefinition index : indexes) {
				ledger.record(this.table, index);
			}
			this.dialect.indexes().dropIndexes(connection, this.table, indexes);
			this.checkpoints.reached(CHECKPOINT);
			chunkContext.getStepContext().getStepExecution().getExecutionContext().putInt(DROPPED, indexes.size());
			if (!indexes.isEmpty()) {
				log.info("dropped " + indexes.size() + " index(es) of " + this.table + " for the load: "
						+ String.join(", ", indexes.stream().map(IndexDefinition::name).toList()));
			}
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
		return RepeatStatus.FINISHED;
	}

	/**
	 * Whether the rebuild would run {@code index}'s definition ({@link IndexLedger#checked}); one it would refuse
	 * (a definition in a form Rowlift does not know) is kept in force rather than dropped for good.
	 */
	private boolean rebuildable(IndexDefinition index) {
		var problem = this.dialect.indexes().indexDefinitionProblem(this.table, index);
		problem.ifPresent(p -> log.info("keeping index " + index.name() + " of " + this.table + " for the load: its definition is "
				+ "not in a form Rowlift rebuilds (" + p + ")"));
		return problem.isEmpty();
	}

}
