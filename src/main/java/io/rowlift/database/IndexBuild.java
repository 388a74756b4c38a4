package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import javax.sql.DataSource;

import io.rowlift.model.Checkpoints;

/**
 * How a load drops a table's secondary indexes and builds them again ({@code rowlift.schema.drop-indexes}),
 * and what of a definition read back from the index ledger it trusts. One of a {@link TargetDialect}'s roles
 * ({@link TargetDialect#indexes()}); stateless and thread-safe.
 */
public interface IndexBuild {

	/** The secondary indexes of {@code table} that a load may drop and re-create. */
	List<IndexDefinition> secondaryIndexes(Connection connection, String table) throws SQLException;

	/** Names of the indexes {@code table} has now. */
	Set<String> indexNames(Connection connection, String table) throws SQLException;

	/**
	 * Whether {@code index}'s definition, read from the index ledger for {@code table}, is one this dialect
	 * writes there ({@link #secondaryIndexes}) for that index of that table, and so can only re-create it:
	 * the ledger is a table anyone with rights to the database may write, and {@link #rebuildIndexes} runs
	 * its text. Also asked before a drop: an index whose definition would not pass is kept, not dropped.
	 * @return empty when it is such a definition; else what it is instead (a sentence part, as "it holds a
	 *     ';' (a second statement) after ...")
	 */
	Optional<String> indexDefinitionProblem(String table, IndexDefinition index);

	/** Drops {@code indexes} of {@code table}; an index already gone is skipped. */
	void dropIndexes(Connection connection, String table, List<IndexDefinition> indexes) throws SQLException;

	/**
	 * Creates {@code indexes} of {@code table} (all of them missing; possibly none) and refreshes the
	 * table's statistics. The rebuild step calls it with no connection of the pool in use and no
	 * transaction open, so a dialect may take the database for itself while it builds. An index may
	 * commit as soon as it is built: the caller keeps every definition in the ledger until all exist,
	 * and a later call gets only the ones still missing. A dialect announces the points of its build it
	 * documents to {@code checkpoints} (a no-op outside tests).
	 */
	void rebuildIndexes(DataSource dataSource, String table, List<IndexDefinition> indexes, Checkpoints checkpoints)
			throws SQLException;

}
