package io.rowlift.job;

import java.util.Optional;

import javax.sql.DataSource;

import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.IndexDefinition;
import io.rowlift.database.RejectTable;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.UniqueDuplicates;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.schema.IndexRebuildTasklet;
import io.rowlift.model.RecordLocator;
import io.rowlift.source.UnitReader;

/**
 * The load's answer to a unique index its rows cannot be built under: the rows that repeat a key are
 * rejected like rows the database refuses ({@link UniqueDuplicates}), told apart by reading the file
 * again in file order with the load's own parser. Where the values come from a user's processor or
 * mapper (the spring pipeline with user code), Rowlift cannot compute a record's key from the file, and
 * says so instead. Not thread-safe: one per run's rebuild step.
 */
final class DuplicateRejects implements IndexRebuildTasklet.Repair {

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final RunPlan plan;

	private final RejectTable rejects;

	private final long skipLimit;

	private final String userCode;

	private final Checkpoints checkpoints;

	private final int bufferSize;

	private final int maxRecordSize;

	/**
	 * @param run the load's run (job instance id)
	 * @param userCode why the user's beans make values (the spring pipeline with a processor or mapper), or null
	 */
	DuplicateRejects(DataSource dataSource, TargetDialect dialect, RunPlan plan, long run, long skipLimit, String userCode,
			Checkpoints checkpoints, int bufferSize, int maxRecordSize) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.plan = plan;
		this.rejects = new RejectTable(run);
		this.skipLimit = skipLimit;
		this.userCode = this.plan.pipeline().pipeline() == Pipeline.SPRING ? userCode : null;
		this.checkpoints = checkpoints;
		this.bufferSize = bufferSize;
		this.maxRecordSize = maxRecordSize;
	}

	@Override
	public Optional<String> repair(IndexDefinition index) throws Exception {
		String table = this.plan.writeTable(this.dialect);
		if (this.userCode != null) {
			return Optional.of("unique index " + index.name() + " of " + table + " cannot be rebuilt: the loaded rows repeat "
					+ "one of its keys, and Rowlift cannot tell which record made which row, since " + this.userCode
					+ " makes the values; remove the repeated rows (SELECT " + String.join(", ", index.columns()) + ", COUNT(*) FROM "
					+ table + " GROUP BY " + String.join(", ", index.columns()) + " HAVING COUNT(*) > 1 lists them), then run the "
					+ "same command again");
		}
		LoadPlan load = this.plan.load();
		ExecutionContext whole = load.input().whole();
		RecordLocator locator = load.input().locator(whole);
		UniqueDuplicates duplicates = new UniqueDuplicates(this.dataSource, this.dialect, this.plan.writeMapping(this.dialect, this.rejects.run()),
				load.values(), this.rejects, this.skipLimit, this.checkpoints);
		String list = "SELECT " + String.join(", ", index.columns()) + ", COUNT(*) FROM " + table + " GROUP BY "
				+ String.join(", ", index.columns()) + " HAVING COUNT(*) > 1";
		try {
			return resolve(duplicates, index, load, whole, locator);
		}
		catch (io.rowlift.model.BadRecordException ex) { // a record the spring pipeline's reader skipped as a reject
			return Optional.of("unique index " + index.name() + " of " + table + " cannot be rebuilt: the loaded rows repeat "
					+ "one of its keys, and Rowlift cannot read " + load.displayName() + " again to tell them apart ("
					+ ex.getMessage() + "); remove the repeated rows (" + list + " lists them), then run the same command again");
		}
	}

	private Optional<String> resolve(UniqueDuplicates duplicates, IndexDefinition index, LoadPlan load, ExecutionContext whole,
			RecordLocator locator) throws Exception {
		return duplicates.resolve(index, each -> {
			UnitReader reader = load.input().reader(this.bufferSize, this.maxRecordSize);
			reader.open(new ExecutionContext(whole));
			try {
				for (RawRecord record = reader.read(); record != null; record = reader.read()) {
					each.accept(record);
				}
			}
			finally {
				reader.close();
			}
		}, locator);
	}

	@Override
	public long removed() {
		return this.rejects.countDuplicates(new JdbcTemplate(this.dataSource));
	}

}
