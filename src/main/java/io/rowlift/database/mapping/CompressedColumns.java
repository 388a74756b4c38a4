package io.rowlift.database.mapping;

import java.util.ArrayList;
import java.util.List;

import io.rowlift.RowliftException;
import io.rowlift.compress.ValueCompression;
import io.rowlift.compress.ZstdCompression;
import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;

/**
 * Which columns {@code rowlift.target.compress=zstd} stores compressed (docs/compact-storage.md): those
 * {@code rowlift.target.compress-columns} names, or, unset, every BLOB column the load fills that is not in the
 * primary key. Each must be a column the load fills, of a BLOB type (the stored bytes are not text), and not in
 * the primary key (the key the load orders and matches on). Anything else is exit 2, naming the column and the fix. Stateless.
 */
public final class CompressedColumns {

	private CompressedColumns() {
	}

	/**
	 * {@code mapping} with the compression {@code target} asks for, its dictionary not trained yet (the load's first
	 * run trains it); {@code mapping} itself when nothing is compressed.
	 * @throws RowliftException (exit 2) for a column that cannot be compressed
	 */
	public static TableMapping choose(TableMapping mapping, TargetProperties target, TargetDialect dialect) {
		if (target.compress() == ValueCompression.NONE) {
			if (!target.compressColumns().isEmpty()) {
				throw RowliftException.badInput(TargetProperties.COMPRESS_COLUMNS + " is set, but " + TargetProperties.COMPRESS
						+ " is not: set " + TargetProperties.COMPRESS + "=zstd to compress them, or remove the columns");
			}
			return mapping;
		}
		TableInfo table = mapping.table();
		List<String> keys = new ArrayList<>(table.primaryKey());
		List<String> chosen = new ArrayList<>();
		if (target.compressColumns().isEmpty()) {
			for (TableColumn column : mapping.columns()) {
				if (blob(column, dialect) && !contains(keys, column.name())) {
					chosen.add(column.name());
				}
			}
			if (chosen.isEmpty()) {
				throw RowliftException.badInput(TargetProperties.COMPRESS + "=zstd stores documents as compressed bytes, but table "
						+ table.name() + " has no BLOB column outside its primary key that the load fills (the loaded columns: "
						+ String.join(", ", mapping.columns().stream().map(TableColumn::describe).toList()) + "); declare the "
						+ "document column " + dialect.sql().blobType() + " with a migration, or name it in " + TargetProperties.COMPRESS_COLUMNS);
			}
		}
		for (String name : target.compressColumns()) {
			TableColumn column = mapping.columns().stream().filter(c -> c.name().equalsIgnoreCase(name)).findFirst()
				.orElseThrow(() -> RowliftException.badInput(TargetProperties.COMPRESS_COLUMNS + " names '" + name + "', "
						+ (table.columns().stream().anyMatch(c -> c.name().equalsIgnoreCase(name))
								? "a column of " + table.name() + " that the load does not fill"
								: "but table " + table.name() + " has no such column (its columns: "
										+ String.join(", ", table.columns().stream().map(TableColumn::name).toList()) + ")")
						+ "; fix the name, or remove it"));
			if (!blob(column, dialect)) {
				throw RowliftException.badInput(TargetProperties.COMPRESS + "=zstd stores column " + column.name() + " of table "
						+ table.name() + " as compressed bytes, but it is " + column.typeName() + ", not a BLOB type; declare it "
						+ dialect.sql().blobType() + " with a migration (ALTER TABLE " + table.name() + " ...), or leave it out of "
						+ TargetProperties.COMPRESS_COLUMNS);
			}
			if (contains(keys, column.name())) {
				throw RowliftException.badInput(TargetProperties.COMPRESS_COLUMNS + " names " + column.name() + ", which is in the "
						+ "key of table " + table.name() + ": compressed values cannot be looked up or ordered by; leave it out");
			}
			if (!contains(chosen, column.name())) {
				chosen.add(column.name());
			}
		}
		return mapping.withCompression(ZstdCompression.untrained(target.compressLevel(), chosen));
	}

	/** A column that takes bytes as they are: a BLOB, or VARBINARY; not BINARY, which pads them. */
	private static boolean blob(TableColumn column, TargetDialect dialect) {
		return dialect.sql().kindOf(column).type() == ColumnKind.Type.BLOB && !column.typeName().equalsIgnoreCase("BINARY");
	}

	private static boolean contains(List<String> names, String name) {
		return names.stream().anyMatch(n -> n.equalsIgnoreCase(name));
	}

}
