package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javax.sql.DataSource;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.mapping.RecordBinder;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.model.RecordLocator;

/**
 * Makes a unique index the load dropped buildable again when the loaded rows repeat one of its keys:
 * each row that repeats a key is treated as a row the database refused, as it would have been with the
 * index in place. The rows of the table do not say which record they came from, so the file is read
 * again (one pass, in file order) to find the records with a repeated key; of each key the first
 * record in file order keeps its row, or, when the table held a row with that key before the load,
 * that row does; every other record becomes a reject of this load ({@value RejectTable#NAME}, with its
 * line, byte and the reason {@code duplicate of line X in unique index I}), counted against
 * {@code rowlift.job.skip-limit}, and its row is deleted. Records rejected earlier in the load were
 * never written and are left out.
 *
 * <p>Keys are compared by the database (its types and collation): a record's key is bound as the load
 * binds it, and a record belongs to a repeated key when one row equals both. Its row is found by
 * every loaded column (null-safe); when no row equals it (a value the database stores inexactly, such
 * as a single-precision float), one row with its key is deleted instead, and the log says so.
 *
 * <p>This class holds the repair's transaction, its budget ({@code rowlift.job.skip-limit}) and its messages;
 * the steps are classes of their own: the index's key as loaded ({@link IndexKey}), the keys the table repeats
 * ({@link RepeatedKeys}), the records that carry them ({@link RepeatedKeyRecords}), who keeps each key
 * ({@link DuplicateVerdict}), and the rows' removal ({@link DuplicateRowRemoval}).
 *
 * <p><b>Restart:</b> the rejects and the deletions of one index commit in one transaction, so a kill
 * leaves either none or all of them; the next run finds no repeated key left for an index whose repair
 * committed. Not thread-safe; one instance per index rebuild.
 */
public final class UniqueDuplicates {

	private static final Log log = LogFactory.getLog(UniqueDuplicates.class);

	/** Announced when an index's rejects are staged and its rows deleted, before they commit. */
	public static final String CHECKPOINT = "duplicate-rejects";

	/** How the file's records are read again: each record of the data, in file order. */
	@FunctionalInterface
	public interface RecordScan {

		void scan(Consumer<RawRecord> each) throws Exception;

	}

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final TableMapping mapping;

	private final ValueFormats formats;

	private final RejectTable rejects;

	private final long skipLimit;

	private final Checkpoints checkpoints;

	/**
	 * @param mapping how the load mapped the file onto the table it wrote (a replace: its staging table)
	 * @param rejects the load's rejects
	 * @param skipLimit {@code rowlift.job.skip-limit} of this run
	 */
	public UniqueDuplicates(DataSource dataSource, TargetDialect dialect, TableMapping mapping, ValueFormats formats,
			RejectTable rejects, long skipLimit, Checkpoints checkpoints) {
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.mapping = mapping;
		this.formats = formats;
		this.rejects = rejects;
		this.skipLimit = skipLimit;
		this.checkpoints = checkpoints;
	}

	/**
	 * Whether {@code table} holds two rows with one key of {@code index} (NULLs never repeat a key).
	 * False for an index over expressions, whose key Rowlift cannot compute.
	 */
	public static boolean repeats(Connection connection, TargetDialect dialect, String table, IndexDefinition index)
			throws SQLException {
		return RepeatedKeys.any(connection, dialect, table, index);
	}

	/**
	 * Moves the rows that repeat a key of {@code index} to the rejects and deletes them, in one
	 * transaction.
	 * @param locator where the scanned records are, for their lines and raw bytes
	 * @return empty when the index can be built now; else why not, with what to do (nothing was changed)
	 */
	public Optional<String> resolve(IndexDefinition index, RecordScan records, RecordLocator locator) throws Exception {
		String table = this.mapping.table().name();
		String described = "unique index " + index.name() + " (" + String.join(", ", index.columns()) + ") of " + table;
		IndexKey key = IndexKey.of(index, this.mapping);
		if (key == null || index.definition().toUpperCase(Locale.ROOT).matches("(?s).*\\)\\s*WHERE\\s.*")) {
			return Optional.of(described + " cannot be rebuilt: the table holds rows that repeat its key, and Rowlift cannot "
					+ "tell them apart by the file (the index is over expressions, is partial, or covers a column the file "
					+ "does not fill); remove the repeated rows (SELECT " + String.join(", ", index.columns()) + ", COUNT(*) FROM "
					+ table + " GROUP BY " + String.join(", ", index.columns()) + " HAVING COUNT(*) > 1 finds them), then run "
					+ "the same command again");
		}
		try (Connection connection = this.dataSource.getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			RepeatedKeys.createTable(connection, this.dialect, table, index);
			connection.setAutoCommit(false);
			try {
				Optional<String> problem = resolve(connection, key, described, records, locator);
				if (problem.isPresent()) {
					connection.rollback();
				}
				else {
					this.checkpoints.reached(CHECKPOINT);
					connection.commit();
				}
				return problem;
			}
			catch (Exception ex) {
				connection.rollback();
				throw ex;
			}
			finally {
				connection.setAutoCommit(autoCommit);
				RepeatedKeys.dropTable(connection, this.dialect);
			}
		}
	}

	private Optional<String> resolve(Connection connection, IndexKey key, String described, RecordScan records,
			RecordLocator locator) throws Exception {
		IndexDefinition index = key.index();
		String table = this.dialect.quote(this.mapping.table().name());
		JdbcTemplate jdbc = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
		long used = this.rejects.count(jdbc);
		long[] extra = RepeatedKeys.count(jdbc, this.dialect, table, index); // groups, rows
		if (extra[0] == 0) {
			return Optional.empty();
		}
		if (used + extra[1] - extra[0] > this.skipLimit) { // at least one row per repeated key stays
			return Optional.of(overBudget(described, extra[1] - extra[0], used, ""));
		}
		RepeatedKeys keys = RepeatedKeys.read(jdbc, this.dialect, table, index);
		keys.fill(connection);
		Set<Long> rejected = new HashSet<>(jdbc.queryForList("SELECT BYTE_OFFSET FROM " + RejectTable.NAME + " WHERE RUN_ID = ?",
				Long.class, this.rejects.run()));
		RecordBinder keyBinder = new RecordBinder(this.dialect, key.mapping(), this.formats, locator);
		List<List<RawRecord>> members = new RepeatedKeyRecords(this.dialect, this.mapping, key, keyBinder, this.formats, locator)
			.find(connection, keys, rejected, records);
		DuplicateVerdict verdict = DuplicateVerdict.of(index, keys, members, described, this.mapping.table().name(), locator);
		if (verdict.problem() != null) {
			return Optional.of(verdict.problem());
		}
		List<RawRecord> rejects = verdict.rejects();
		if (used + rejects.size() > this.skipLimit) {
			return Optional.of(overBudget(described, rejects.size(), used,
					" (the first at line " + locator.line(rejects.get(0)) + ")"));
		}
		rejects.sort(java.util.Comparator.comparingLong(RawRecord::offset));
		RecordBinder rowBinder = new RecordBinder(this.dialect, this.mapping, this.formats, locator);
		new DuplicateRowRemoval(this.dialect, this.mapping, key, rowBinder, keyBinder, this.rejects, locator)
			.remove(connection, rejects, verdict.reasons());
		log.info("rejected " + rejects.size() + " row(s) of " + this.mapping.table().name() + " that repeat a key of unique index "
				+ index.name() + " (the first at line " + (rejects.isEmpty() ? "-" : locator.line(rejects.get(0)))
				+ "); they are in the reject file with their reasons");
		return Optional.empty();
	}

	private String overBudget(String described, long rows, long used, String first) {
		return described + " cannot be rebuilt yet: " + rows + " loaded row(s) repeat one of its keys" + first
				+ ". Each would be rejected like a row the database refuses, but rowlift.job.skip-limit=" + this.skipLimit
				+ " allows " + Math.max(0, this.skipLimit - used) + " more reject(s) in this load (" + used + " so far): run the "
				+ "same command with --rowlift.job.skip-limit=" + (used + rows) + " (or more) to move them to the reject file "
				+ "and build the index; nothing was removed";
	}

}
