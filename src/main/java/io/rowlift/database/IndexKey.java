package io.rowlift.database;

import java.util.ArrayList;
import java.util.List;

import io.rowlift.database.mapping.TableMapping;

/**
 * The key of a unique index as the load filled it: which of the mapping's columns it is, the mapping of those
 * columns alone (to bind a record's key as the load bound it), and the SQL that names it. Immutable.
 *
 * @param index the index
 * @param positions for each key column, its position among the mapping's columns
 * @param mapping the load's mapping narrowed to the key's columns, in the index's order
 */
record IndexKey(IndexDefinition index, int[] positions, TableMapping mapping) {

	/**
	 * The key of {@code index} in {@code loaded}, or null when the index is over expressions or covers a column the
	 * load does not fill (Rowlift cannot compute such a key from a record).
	 */
	static IndexKey of(IndexDefinition index, TableMapping loaded) {
		if (index.columns().isEmpty()) {
			return null;
		}
		int[] positions = new int[index.columns().size()];
		for (int c = 0; c < positions.length; c++) {
			positions[c] = -1;
			for (int m = 0; m < loaded.columns().size(); m++) {
				if (loaded.columns().get(m).name().equalsIgnoreCase(index.columns().get(c))) {
					positions[c] = m;
				}
			}
			if (positions[c] < 0) {
				return null;
			}
		}
		return new IndexKey(index, positions, narrowed(loaded, positions));
	}

	private static TableMapping narrowed(TableMapping loaded, int[] positions) {
		List<TableColumn> columns = new ArrayList<>();
		int[] fields = new int[positions.length];
		String[] expressions = new String[positions.length];
		io.rowlift.expr.Expression[] compiled = new io.rowlift.expr.Expression[positions.length];
		for (int c = 0; c < positions.length; c++) {
			columns.add(loaded.columns().get(positions[c]));
			fields[c] = loaded.fields()[positions[c]];
			expressions[c] = loaded.expressions()[positions[c]];
			compiled[c] = loaded.expression(positions[c]); // a key column may be computed
		}
		return new TableMapping(loaded.table(), columns, fields, loaded.fieldCount(), loaded.names(), expressions, compiled);
	}

	/** The key's column count. */
	int size() {
		return this.positions.length;
	}

	/** The field of the first key column, where a reject of the key points. */
	int firstField(TableMapping loaded) {
		return loaded.fields()[this.positions[0]];
	}

	/** The key's columns, quoted and comma-separated: {@code "a", "b"}. */
	static String columns(TargetDialect dialect, IndexDefinition index) {
		return String.join(", ", index.columns().stream().map(dialect::quote).toList());
	}

	/** That every key column is not NULL (NULLs never repeat a key). */
	static String notNull(TargetDialect dialect, IndexDefinition index) {
		return String.join(" AND ", index.columns().stream().map(c -> dialect.quote(c) + " IS NOT NULL").toList());
	}

	/** That every key column equals a parameter, in the index's order: {@code "a" = ? AND "b" = ?}. */
	static String equalsParameters(TargetDialect dialect, IndexDefinition index) {
		return String.join(" AND ", index.columns().stream().map(c -> dialect.quote(c) + " = ?").toList());
	}

}
