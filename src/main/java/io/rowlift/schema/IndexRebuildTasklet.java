package io.rowlift.schema;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceUtils;

import io.rowlift.RowliftException;
import io.rowlift.target.IndexDefinition;
import io.rowlift.target.TargetDialect;

/**
 * After the load: re-creates every index the ledger holds for the table that does not exist, then
 * removes it from the ledger. Idempotent, and it runs in every run that reaches the end of the job
 * (including a resumed one), so a run never completes with an index missing. A failure (for
 * example a unique index over duplicated values) fails the job and keeps the ledger, so the same
 * command rebuilds the index once the data is fixed. Thread-safe.
 */
public final class IndexRebuildTasklet implements Tasklet {

	private static final Log log = LogFactory.getLog(IndexRebuildTasklet.class);

	/** Step context key: how many indexes were rebuilt, for the summary. */
	public static final String REBUILT = "indexes.rebuilt";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String table;

	public IndexRebuildTasklet(DataSource dataSource, TargetDialect dialect, String table) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.table = table;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		var connection = DataSourceUtils.getConnection(this.dataSource);
		try {
			IndexLedger ledger = new IndexLedger(new JdbcTemplate(this.dataSource));
			List<IndexDefinition> pending = ledger.pending(this.table);
			Set<String> present = this.dialect.indexNames(connection, this.table);
			List<IndexDefinition> missing = new ArrayList<>();
			for (IndexDefinition index : pending) {
				if (!present.contains(index.name())) {
					missing.add(index);
				}
			}
			long started = System.nanoTime();
			try {
				this.dialect.createIndexes(connection, this.table, missing);
			}
			catch (SQLException ex) {
				throw new RowliftException(1, "cannot rebuild index(es) " + names(missing) + " of " + this.table + ": "
						+ ex.getMessage() + "; their definitions stay in " + RowliftSchema.LEDGER
						+ ", and running the same command again rebuilds them (fix the data first if they are unique)", ex);
			}
			for (IndexDefinition index : pending) {
				ledger.forget(this.table, index.name());
			}
			chunkContext.getStepContext().getStepExecution().getExecutionContext().putInt(REBUILT, missing.size());
			if (!missing.isEmpty()) {
				log.info(String.format("rebuilt %d index(es) of %s in %.1f s: %s", missing.size(), this.table,
						(System.nanoTime() - started) / 1e9, names(missing)));
			}
		}
		finally {
			DataSourceUtils.releaseConnection(connection, this.dataSource);
		}
		return RepeatStatus.FINISHED;
	}

	private static String names(List<IndexDefinition> indexes) {
		return String.join(", ", indexes.stream().map(IndexDefinition::name).toList());
	}

}
