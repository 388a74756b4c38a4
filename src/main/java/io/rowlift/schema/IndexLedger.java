package io.rowlift.schema;

import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;

import io.rowlift.database.IndexDefinition;

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

	/** Forgets {@code index} of {@code table}: it exists again. */
	public void forget(String table, String index) {
		this.jdbc.update("DELETE FROM " + RowliftSchema.LEDGER + " WHERE TABLE_NAME = ? AND INDEX_NAME = ?", table, index);
	}

	/** Forgets every index of {@code table}: the table is gone (a dropped staging table). */
	public void forgetAll(String table) {
		this.jdbc.update("DELETE FROM " + RowliftSchema.LEDGER + " WHERE TABLE_NAME = ?", table);
	}

}
