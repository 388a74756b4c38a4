package io.rowlift.job;

import java.util.List;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.ExplainedFailure;
import io.rowlift.model.Checkpoints;

/**
 * Runs a load's before- or after-SQL ({@link LoadSql}) once per load: the first step of the job (before
 * the mode's preparation and the index drop) or its last (after the swap of a replace). The statements run
 * in the step's transaction, which also commits the step's record that they ran ({@value #RAN} in its
 * context) and its completion: a run killed before that commit ran none of them (the transaction rolls
 * back), one killed after it finds them done. Spring Batch does not run a completed step again on a
 * resume. MySQL commits DDL (CREATE, ALTER, DROP, TRUNCATE) at once, so such a statement is outside that
 * transaction: a kill between it and the commit runs it again.
 *
 * <p>A statement that fails fails the step with a {@link Failure} that names the setting, the statement
 * and the database's message. Announces the checkpoint {@code before-sql} or {@code after-sql} after the
 * statements, before the commit. Thread-safe.
 */
final class LoadSqlTasklet implements Tasklet {

	private static final Log log = LogFactory.getLog(LoadSqlTasklet.class);

	/** The step context key recording that the statements ran. */
	static final String RAN = "rowlift.sql.ran";

	private final DataSource dataSource;

	private final boolean before;

	private final List<String> statements;

	private final Checkpoints checkpoints;

	/**
	 * @param before whether this is the before-SQL (else the after-SQL)
	 * @param statements the statements, from the stored plan
	 */
	LoadSqlTasklet(DataSource dataSource, boolean before, List<String> statements, Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.before = before;
		this.statements = statements;
		this.checkpoints = checkpoints;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) {
		ExecutionContext context = chunkContext.getStepContext().getStepExecution().getExecutionContext();
		String key = this.before ? LoadSql.BEFORE_KEY : LoadSql.AFTER_KEY;
		if (this.statements.isEmpty() || context.containsKey(RAN)) {
			return RepeatStatus.FINISHED;
		}
		JdbcTemplate jdbc = new JdbcTemplate(this.dataSource);
		for (int i = 0; i < this.statements.size(); i++) {
			String statement = this.statements.get(i);
			try {
				jdbc.execute(statement);
			}
			catch (DataAccessException ex) {
				throw new Failure(this.before, key + " failed at statement " + (i + 1) + " of " + this.statements.size() + ", "
						+ statement + ": " + ex.getMostSpecificCause().getMessage() + (this.before
								? "; nothing was loaded and none of its statements stays (they ran in one transaction, which "
										+ "rolled back; on MySQL a DDL statement before it commits by itself); fix the statement or "
										+ "the database, then run the command again"
								: "; the file is loaded and the run failed at its end (the after-SQL's statements rolled back, "
										+ "but on MySQL a DDL statement before it commits by itself); fix the statement or the "
										+ "database, then run the same command: it runs the after-SQL again and only it, the data is "
										+ "not loaded again"));
			}
		}
		context.putString(RAN, String.valueOf(this.statements.size()));
		log.info("ran " + key + " (" + this.statements.size() + " statement" + (this.statements.size() == 1 ? "" : "s") + ")");
		this.checkpoints.reached(this.before ? "before-sql" : "after-sql");
		return RepeatStatus.FINISHED;
	}

	/** A statement of the before- or after-SQL failed: the message says which, the database's words and what to do. */
	static final class Failure extends ExplainedFailure {

		private static final long serialVersionUID = 1L;

		private final boolean before;

		Failure(boolean before, String message) {
			super(message);
			this.before = before;
		}

		/** Whether the before-SQL failed (the launcher then abandons the run and exits 2). */
		boolean before() {
			return this.before;
		}

	}

}
