package io.rowlift.schema;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.RowliftException;
import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;

/**
 * Reads and writes {@value RowliftSchema#LEDGER}: the definitions of indexes a load dropped, kept
 * until they are rebuilt, so that no crash can leave an index missing for good. Uses the caller's
 * transaction (the JdbcTemplate joins it). Thread-safe.
 */
public final class IndexLedger {

	private final JdbcTemplate jdbc;

	public IndexLedger(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Records {@code index} of {@code table} unless it is recorded already. */
	public void record(String table, IndexDefinition index) {
		Integer known = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM " + RowliftSchema.LEDGER + " WHERE TABLE_NAME = ? AND INDEX_NAME = ?", Integer.class,
				table, index.name());
		if (known == null || known == 0) {
			this.jdbc.update("INSERT INTO " + RowliftSchema.LEDGER
					+ " (TABLE_NAME, INDEX_NAME, DEFINITION, IS_UNIQUE, COLUMN_LIST) VALUES (?, ?, ?, ?, ?)", table, index.name(),
					index.definition(), index.unique() ? 1 : 0, String.join("\n", index.columns()));
		}
	}

	/** The indexes of {@code table} still to rebuild. */
	public List<IndexDefinition> pending(String table) {
		return this.jdbc.query("SELECT INDEX_NAME, DEFINITION, IS_UNIQUE, COLUMN_LIST FROM " + RowliftSchema.LEDGER
				+ " WHERE TABLE_NAME = ? ORDER BY INDEX_NAME",
				(rs, i) -> new IndexDefinition(rs.getString(1), rs.getString(2), rs.getInt(3) == 1,
						rs.getString(4).isEmpty() ? List.of() : List.of(rs.getString(4).split("\n"))),
				table);
	}

	/**
	 * The indexes of {@code table} still to rebuild, each checked to be a definition Rowlift wrote for that
	 * index of that table ({@link IndexBuild#indexDefinitionProblem}): the ledger is a table anyone with
	 * rights to the database may write, and a rebuild runs its definitions. Every rebuild reads them so.
	 * @throws RowliftException exit 2 naming the first row that is not one, its fix, and that none of
	 *     {@code table}'s definitions is run until it is gone
	 */
	public List<IndexDefinition> checked(String table, TargetDialect dialect) {
		List<IndexDefinition> pending = pending(table);
		for (IndexDefinition index : pending) {
			java.util.Optional<String> problem = dialect.indexes().indexDefinitionProblem(table, index);
			if (problem.isPresent()) {
				throw RowliftException.badInput(RowliftSchema.LEDGER + " holds a row (TABLE_NAME " + printable(table) + ", INDEX_NAME "
						+ printable(index.name()) + ") that is not an index definition Rowlift wrote: " + printable(problem.get())
						+ ". Rowlift runs none of the ledger's definitions for " + printable(table) + " while it is there, so no index of "
						+ printable(table) + " was rebuilt. Rowlift writes that table only with the definitions of indexes it drops; "
						+ "check who else can write to this database, then delete the row: DELETE FROM " + RowliftSchema.LEDGER
						+ " WHERE TABLE_NAME = " + literal(table) + " AND INDEX_NAME = " + literal(index.name())
						+ " (and create that index yourself if " + printable(table) + " should have it), and run the same command again");
			}
		}
		return pending;
	}

	/** Control characters as {@code U+000A} and the like, so a ledger row cannot split or forge a line of the output. */
	private static String printable(String text) {
		StringBuilder out = new StringBuilder(text.length());
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			out.append(Character.isISOControl(c) ? String.format(java.util.Locale.ROOT, "U+%04X", (int) c) : String.valueOf(c));
		}
		return out.toString();
	}

	/** An SQL string literal of {@code text}, to paste. */
	private static String literal(String text) {
		return "'" + printable(text).replace("'", "''") + "'";
	}

	/** Every table's indexes still to rebuild, as table to index names, both in order. */
	public java.util.Map<String, List<String>> all() {
		java.util.Map<String, List<String>> tables = new java.util.TreeMap<>();
		this.jdbc.query("SELECT TABLE_NAME, INDEX_NAME FROM " + RowliftSchema.LEDGER + " ORDER BY TABLE_NAME, INDEX_NAME",
				(java.sql.ResultSet rs) -> {
					tables.computeIfAbsent(rs.getString(1), t -> new java.util.ArrayList<>()).add(rs.getString(2));
				});
		return tables;
	}

	/**
	 * Every table with indexes still to rebuild, with how many, by table name; empty when none is, or when
	 * the ledger does not exist yet (no load has run against this database). For health checks.
	 */
	public Map<String, Integer> waiting() {
		Boolean exists = this.jdbc
			.execute((ConnectionCallback<Boolean>) connection -> TableInfo.read(connection, RowliftSchema.LEDGER).isPresent());
		Map<String, Integer> waiting = new TreeMap<>();
		if (Boolean.TRUE.equals(exists)) {
			this.jdbc.query("SELECT TABLE_NAME, COUNT(*) FROM " + RowliftSchema.LEDGER + " GROUP BY TABLE_NAME",
					(java.sql.ResultSet rs) -> {
						waiting.put(rs.getString(1), rs.getInt(2));
					});
		}
		return waiting;
	}

	/**
	 * The names of {@code table}'s indexes still to rebuild, in order; empty when none is, or when the ledger
	 * does not exist yet. For the line a failed load ends with.
	 */
	public List<String> waitingIndexes(String table) {
		Boolean exists = this.jdbc
			.execute((ConnectionCallback<Boolean>) connection -> TableInfo.read(connection, RowliftSchema.LEDGER).isPresent());
		if (!Boolean.TRUE.equals(exists)) {
			return List.of();
		}
		return this.jdbc.queryForList("SELECT INDEX_NAME FROM " + RowliftSchema.LEDGER + " WHERE TABLE_NAME = ? ORDER BY INDEX_NAME",
				String.class, table);
	}

	/** Forgets {@code index} of {@code table}: it exists again. */
	public void forget(String table, String index) {
		this.jdbc.update("DELETE FROM " + RowliftSchema.LEDGER + " WHERE TABLE_NAME = ? AND INDEX_NAME = ?", table, index);
	}

	/** Forgets every index of {@code table}: the table is gone (a dropped staging table). */
	public void forgetAll(String table) {
		this.jdbc.update("DELETE FROM " + RowliftSchema.LEDGER + " WHERE TABLE_NAME = ?", table);
	}

}
