package io.rowlift.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.batch.core.step.StepContribution;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.step.tasklet.Tasklet;
import org.springframework.batch.infrastructure.repeat.RepeatStatus;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;
import io.rowlift.progress.PhaseTracker;

/**
 * After the load: re-creates every index the ledger holds for the table that does not exist, then
 * removes it from the ledger. Idempotent, and it runs in every run that reaches the end of the job
 * (including a resumed one), so a run never completes with an index missing. A failure (for
 * example a unique index over duplicated values) fails the job and keeps the ledger, so the same
 * command rebuilds the index once the data is fixed. Thread-safe.
 *
 * <p>Runs outside any transaction (its step's transaction manager holds no connection) and holds no
 * connection while the dialect builds, so the dialect can take the database for itself
 * ({@link IndexBuild#rebuildIndexes}). Every part is idempotent: indexes that exist are skipped,
 * and the ledger is cleared only once all of them exist.
 *
 * <p>Announces the checkpoint {@value #CHECKPOINT} once the indexes exist and the ledger is not yet
 * cleared; the dialect's build announces its own ({@link IndexBuild#rebuildIndexes}).
 */
public final class IndexRebuildTasklet implements Tasklet {

	private static final Log log = LogFactory.getLog(IndexRebuildTasklet.class);

	/** Step context key: how many indexes were rebuilt, for the summary. */
	public static final String REBUILT = "indexes.rebuilt";

	/** The checkpoint announced after the indexes are built, before the ledger is cleared. */
	public static final String CHECKPOINT = "index-rebuild";

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String table;

	private final Checkpoints checkpoints;

	private final PhaseTracker phases;

	private final Repair repair;

	/** Indexes the last {@link #rebuild} built (also when it then failed on another). */
	private int built;

	/**
	 * What the load does with rows that repeat a key of a unique index before the index is built: moves
	 * them to its rejects ({@code io.rowlift.database.UniqueDuplicates}). {@link #NONE} outside a load
	 * ({@code rebuild-indexes}), where there is no file to tell the rows apart by.
	 */
	@FunctionalInterface
	public interface Repair {

		/**
		 * @return empty when {@code index} can be built now; else why not, and what to do
		 */
		Optional<String> repair(IndexDefinition index) throws Exception;

		/** The rows of the table this load removed as duplicates so far, for the summary. */
		default long removed() {
			return 0;
		}

	}

	/** No repair: a repeated key is reported, with how to find the rows. */
	public static final Repair NONE = index -> Optional.empty();

	/** Step context key: rows removed as duplicates of a unique index (and rejected), for the summary. */
	public static final String DUPLICATES = "indexes.duplicates";

	/** The phase the build announces to its {@link PhaseTracker}: the indexes to build, then done. */
	public static final String PHASE = "index-rebuild";

	public IndexRebuildTasklet(DataSource dataSource, TargetDialect dialect, String table, Checkpoints checkpoints) {
		this(dataSource, dialect, table, checkpoints, PhaseTracker.NONE);
	}

	/** As above, announcing the build (and the statistics the dialect refreshes with it) to {@code phases}. */
	public IndexRebuildTasklet(DataSource dataSource, TargetDialect dialect, String table, Checkpoints checkpoints,
			PhaseTracker phases) {
		this(dataSource, dialect, table, checkpoints, phases, NONE);
	}

	/** As above, with the load's {@link Repair} for unique indexes whose key the loaded rows repeat. */
	public IndexRebuildTasklet(DataSource dataSource, TargetDialect dialect, String table, Checkpoints checkpoints,
			PhaseTracker phases, Repair repair) {
		this.repair = repair;
		this.phases = phases;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.table = table;
		this.checkpoints = checkpoints;
	}

	@Override
	public RepeatStatus execute(StepContribution contribution, ChunkContext chunkContext) throws Exception {
		var context = chunkContext.getStepContext().getStepExecution().getExecutionContext();
		try {
			rebuild();
		}
		finally {
			context.putInt(REBUILT, this.built);
			context.putLong(DUPLICATES, this.repair.removed());
		}
		return RepeatStatus.FINISHED;
	}

	/**
	 * Re-creates the indexes of the ledger that do not exist and clears the table's ledger: the load's
	 * rebuild step, and the {@code rebuild-indexes} command (which holds the run lock around it).
	 * @return the indexes built (those of the ledger that already existed are not among them)
	 * @throws RowliftException (exit 1) when an index cannot be built; the ledger keeps every definition;
	 *     (exit 2) when a ledger row of the table is not a definition Rowlift wrote ({@link IndexLedger#checked}):
	 *     then nothing is built
	 */
	public List<IndexDefinition> rebuild() throws SQLException {
		List<IndexDefinition> pending;
		Set<String> present;
		// read on a connection closed before the build: a JdbcTemplate on the pool would keep its
		// connection bound to the step (transaction synchronization) until the step ends
		try (Connection connection = this.dataSource.getConnection()) {
			pending = new IndexLedger(new JdbcTemplate(new SingleConnectionDataSource(connection, true))).checked(this.table,
					this.dialect);
			present = this.dialect.indexes().indexNames(connection, this.table);
		}
		List<IndexDefinition> missing = new ArrayList<>();
		for (IndexDefinition index : pending) {
			if (!present.contains(index.name())) {
				missing.add(index);
			}
		}
		// built first, all at once: a clean load (the common case) pays for no search of repeated keys, which
		// costs a GROUP BY over the whole table per unique index (seconds at 10M rows)
		java.util.Map<IndexDefinition, String> blocked = new java.util.LinkedHashMap<>();
		List<IndexDefinition> build = new ArrayList<>(missing);
		long started = System.nanoTime();
		try (PhaseTracker.Phase phase = this.phases.begin(PHASE, "indexes", build.size())) {
			try {
				try {
					this.dialect.indexes().rebuildIndexes(this.dataSource, this.table, build, this.checkpoints);
				}
				catch (SQLException ex) {
					if (!this.dialect.faults().isDuplicateKeyFailure(ex)) {
						throw ex;
					}
					// a unique index whose key the rows repeat: the load moves the repeats to its rejects; what cannot
					// be built stays in the ledger, and every other index is built all the same
					List<IndexDefinition> rest = stillMissing(build);
					for (IndexDefinition index : rest) {
						if (index.unique() && repeats(index)) {
							block(index, blocked);
						}
					}
					rest.removeAll(blocked.keySet());
					build.removeAll(blocked.keySet());
					this.dialect.indexes().rebuildIndexes(this.dataSource, this.table, rest, this.checkpoints);
				}
				phase.advance(build.size());
			}
			catch (SQLException | RuntimeException ex) {
				phase.failed();
				throw ex;
			}
		}
		catch (SQLException ex) {
			String duplicate = duplicate(build);
			if (duplicate == null) {
				throw new RowliftException(1, "cannot rebuild index(es) " + names(build) + " of " + this.table + ": "
						+ ex.getMessage() + "; their definitions stay in " + RowliftSchema.LEDGER
						+ ", and running the same command again rebuilds them", ex);
			}
			// a unique index over repeats the check above could not see (over expressions): the others one by one
			blocked.put(build.stream().filter(i -> duplicate.contains("unique index " + i.name() + " ")).findFirst()
				.orElse(build.get(0)), duplicate);
			build.removeAll(blocked.keySet());
			buildEach(stillMissing(build), blocked);
		}
		this.checkpoints.reached(CHECKPOINT);
		IndexLedger ledger = new IndexLedger(new JdbcTemplate(this.dataSource));
		for (IndexDefinition index : pending) {
			if (!blocked.containsKey(index)) {
				ledger.forget(this.table, index.name());
			}
		}
		this.built = build.size();
		if (!build.isEmpty()) {
			log.info(String.format("rebuilt %d index(es) of %s in %.1f s: %s", build.size(), this.table,
					(System.nanoTime() - started) / 1e9, names(build)));
		}
		if (!blocked.isEmpty()) {
			List<IndexDefinition> built = new ArrayList<>(build);
			throw new io.rowlift.ExplainedFailure(String.join("\n", blocked.values())
					+ (built.isEmpty() ? "" : "\nThe other index(es) of " + this.table + " were rebuilt: " + names(built))
					+ "\nThe definition of " + names(new ArrayList<>(blocked.keySet())) + " stays in " + RowliftSchema.LEDGER
					+ " until it is built");
		}
		return build;
	}

	/** Builds each index on its own; one that fails joins {@code blocked} with the reason. */
	private void buildEach(List<IndexDefinition> indexes, java.util.Map<IndexDefinition, String> blocked) {
		for (IndexDefinition index : List.copyOf(indexes)) {
			try {
				this.dialect.indexes().rebuildIndexes(this.dataSource, this.table, List.of(index), this.checkpoints);
			}
			catch (SQLException | RuntimeException ex) {
				String duplicate = duplicate(List.of(index));
				blocked.put(index, duplicate != null ? duplicate : "cannot rebuild index " + index.name() + " of " + this.table
						+ ": " + ex.getMessage() + "; running the same command again rebuilds it");
				indexes.remove(index);
			}
		}
	}

	/**
	 * Puts {@code index}, whose key the rows repeat, into {@code blocked} with why it cannot be built, unless
	 * the load's {@link Repair} makes it buildable (then it is built with the rest).
	 */
	private void block(IndexDefinition index, java.util.Map<IndexDefinition, String> blocked) throws SQLException {
		if (this.repair == NONE) {
			blocked.put(index, duplicate(List.of(index)));
			return;
		}
		try {
			this.repair.repair(index).ifPresent(problem -> blocked.put(index, problem));
		}
		catch (SQLException | RuntimeException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Those of {@code indexes} the table does not have now (a build that failed may have committed the ones before). */
	private List<IndexDefinition> stillMissing(List<IndexDefinition> indexes) throws SQLException {
		Set<String> present;
		try (Connection connection = this.dataSource.getConnection()) {
			present = this.dialect.indexes().indexNames(connection, this.table);
		}
		List<IndexDefinition> missing = new ArrayList<>();
		for (IndexDefinition index : indexes) {
			if (!present.contains(index.name())) {
				missing.add(index);
			}
		}
		return missing;
	}

	private boolean repeats(IndexDefinition index) throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			return io.rowlift.database.UniqueDuplicates.repeats(connection, this.dialect, this.table, index);
		}
	}

	/**
	 * For the first unique index over duplicated values, a message naming it and one duplicated key;
	 * null when no unique index has duplicates (the failure was something else).
	 */
	private String duplicate(List<IndexDefinition> indexes) {
		JdbcTemplate jdbc = new JdbcTemplate(this.dataSource);
		for (IndexDefinition index : indexes) {
			if (!index.unique() || index.columns().isEmpty()) {
				continue;
			}
			String columns = String.join(", ", index.columns().stream().map(this.dialect::quote).toList());
			String notNull = String.join(" AND ", index.columns().stream().map(c -> this.dialect.quote(c) + " IS NOT NULL").toList());
			List<String> found = jdbc.query("SELECT " + columns + ", COUNT(*) FROM " + this.dialect.quote(this.table) + " WHERE "
					+ notNull + " GROUP BY " + columns + " HAVING COUNT(*) > 1 LIMIT 1", (rs, i) -> {
						StringBuilder key = new StringBuilder("(");
						for (int c = 1; c <= index.columns().size(); c++) {
							key.append(c == 1 ? "" : ", ").append(rs.getString(c));
						}
						return key.append(") in ").append(rs.getLong(index.columns().size() + 1)).append(" rows").toString();
					});
			if (!found.isEmpty()) {
				return "unique index " + index.name() + " of " + this.table + " cannot be rebuilt: the table holds duplicates, "
						+ "for example (" + String.join(", ", index.columns()) + ") = " + found.get(0)
						+ "; remove the duplicates (SELECT " + String.join(", ", index.columns()) + ", COUNT(*) FROM " + this.table
						+ " GROUP BY " + String.join(", ", index.columns()) + " HAVING COUNT(*) > 1 lists them), then run the "
						+ "same command again: the index definition stays in " + RowliftSchema.LEDGER + " and is rebuilt then";
			}
		}
		return null;
	}

	private static String names(List<IndexDefinition> indexes) {
		return String.join(", ", indexes.stream().map(IndexDefinition::name).toList());
	}

}
