package io.rowlift.schema;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.ColumnKind;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TargetDialect;
import io.rowlift.infer.InferProperties;
import io.rowlift.infer.Inference;
import io.rowlift.infer.InferredColumn;
import io.rowlift.infer.InferredMigrations;
import io.rowlift.infer.InferredTable;
import io.rowlift.source.SourceProperties;

/**
 * {@code rowlift.schema.create=infer} around the migrations of a load ({@link Migrations#migrate(String, SchemaProperties, SourceProperties)}):
 * the file's shape is inferred (the whole file, as {@code rowlift infer} does) before any migration runs;
 * after them, a missing table gets the inferred migration, written into the migrations folder (it stays,
 * for version control) and applied, and an existing table is checked against the shape: a column whose
 * values the table's column would not take is exit 2, naming it. A table is never altered. Used under
 * the load's run lock, one load at a time; the load's input comes with each call ({@link #shape}), so one
 * instance serves every load of a process.
 */
public final class TableCreation {

	private static final org.apache.commons.logging.Log log = org.apache.commons.logging.LogFactory.getLog(TableCreation.class);

	private final InferProperties infer;

	private final DataSource dataSource;

	private final TargetDialect dialect;

	private final String locations;

	public TableCreation(InferProperties infer, DataSource dataSource, TargetDialect dialect, String locations) {
		this.infer = infer;
		this.dataSource = dataSource;
		this.dialect = dialect;
		this.locations = locations;
	}

	/** The shape of the load's file ({@code source}), inferred before the migrations run. */
	InferredTable shape(String table, SourceProperties source) {
		InferredMigrations.checkTable(table);
		try {
			return Inference.of(source, this.infer).run(table);
		}
		catch (IOException ex) {
			throw RowliftException.badInput(source.path() + ": cannot be read to infer table " + table + ": " + ex.getMessage());
		}
	}

	/**
	 * After the migrations: writes the migration of a missing table and says so (true: migrate again),
	 * or checks an existing one against {@code shape} (false).
	 * @param applied the version the database's migrations are at (its baseline counts), 0 for none: the
	 * new migration's version is above it, else Flyway would take it for applied and skip it
	 */
	boolean createOrCheck(InferredTable shape, int applied) {
		Optional<TableInfo> info = tableInfo(shape.table());
		if (info.isPresent()) {
			check(info.get(), shape);
			return false;
		}
		try {
			List<Path> earlier = InferredMigrations.written(shape.table(), this.infer.outputDir(), this.locations);
			if (!earlier.isEmpty()) {
				throw RowliftException.badInput(repeated(shape.table(), earlier, applied));
			}
			for (InferredMigrations.Written w : InferredMigrations.write(shape, this.infer.outputDir(), this.locations, applied)) {
				log.info("table " + shape.table() + " does not exist (rowlift.schema.create=infer): wrote " + w.file()
						+ " from the whole file; it stays there for version control");
			}
		}
		catch (IOException ex) {
			throw RowliftException.badInput("cannot write the inferred migration of " + shape.table() + ": " + ex.getMessage());
		}
		return true;
	}

	/**
	 * Why no migration of {@code table} is written while one written earlier is there and the table is not: Flyway
	 * took its version for applied (a baseline at or above it, or the version left out of this database's history).
	 * A second CREATE TABLE would make every fresh database built from the folder fail on the first one's table.
	 */
	static String repeated(String table, List<Path> earlier, int applied) {
		String files = String.join(" and ", earlier.stream().map(Path::toString).toList());
		return "table " + table + " does not exist, but " + files + " (written by rowlift.schema.create=infer or rowlift infer)"
				+ " create" + (earlier.size() == 1 ? "s" : "") + " it: Flyway did not apply " + (earlier.size() == 1 ? "it" : "them")
				+ (applied > 0 ? ", since this database's migrations are at version " + applied + " already" : "")
				+ ". Rowlift writes no second migration of the same table (a fresh database built from the folder would then fail"
				+ " on the first); delete " + files + " and run the same command again: the migration is written anew, numbered"
				+ " above the database's version, and applied";
	}

	private Optional<TableInfo> tableInfo(String table) {
		try (Connection connection = this.dataSource.getConnection()) {
			return TableInfo.read(connection, table);
		}
		catch (SQLException ex) {
			throw new RowliftException(1, "cannot read the columns of table '" + table + "': " + ex.getMessage(), ex);
		}
	}

	/** @throws RowliftException (exit 2) naming the first column whose values the table's column would not take */
	void check(TableInfo info, InferredTable shape) {
		for (InferredColumn c : shape.columns()) {
			Optional<TableColumn> column = info.columns().stream().filter(t -> t.name().equalsIgnoreCase(c.name())).findFirst();
			if (column.isEmpty()) {
				throw RowliftException.badInput(shape.file() + ": column '" + c.name() + "' of the file is not in table " + info.name()
						+ " (rowlift.schema.create=infer never alters a table): add it with a migration, or load into another table");
			}
			String problem = differs(c, column.get(), this.dialect.sql().kindOf(column.get()));
			if (problem != null) {
				throw RowliftException.badInput(shape.file() + ": column '" + c.name() + "' differs from table " + info.name() + "'s "
						+ column.get().describe() + ": " + problem + " (the file: " + c.summary()
						+ "); rowlift.schema.create=infer never alters a table: change it with a migration, or load into another table");
			}
		}
	}

	/** Whether a JDBC type is an integer one (a column the dialect passes as text, such as BIGINT UNSIGNED). */
	private static boolean numeric(int jdbcType) {
		return jdbcType == java.sql.Types.BIGINT || jdbcType == java.sql.Types.INTEGER || jdbcType == java.sql.Types.SMALLINT
				|| jdbcType == java.sql.Types.TINYINT;
	}

	/** Why the table's column would not take the file's values, or null. */
	static String differs(InferredColumn c, TableColumn column, ColumnKind kind) {
		InferredColumn.Type t = c.type();
		if (t == InferredColumn.Type.EMPTY) {
			return column.nullable() || kind.textual() ? null : "the file's values are all empty and the column is NOT NULL";
		}
		if (c.nullable() && !column.nullable() && !kind.textual()) {
			return "the file has empty values and the column is NOT NULL";
		}
		String type = t.name().toLowerCase(Locale.ROOT).replace('_', ' ');
		return switch (kind.type()) {
			case INTEGER -> t != InferredColumn.Type.INTEGER ? "the file has " + type + " values, the column integers"
					: c.stats().minimum() < kind.min() || c.stats().maximum() > kind.max()
							? "the file's integers " + c.stats().minimum() + ".." + c.stats().maximum() + " pass the column's range "
									+ kind.min() + ".." + kind.max()
							: null;
			case DECIMAL -> switch (t) {
				case INTEGER, BIG_INTEGER, DECIMAL -> kind.precision() > 0 && (c.scale() > kind.scale()
						|| c.precision() - c.scale() > kind.precision() - kind.scale())
								? "the file's numbers need DECIMAL(" + c.precision() + "," + c.scale() + ")" : null;
				default -> "the file has " + type + " values, the column decimals";
			};
			case FLOAT -> switch (t) {
				case INTEGER, BIG_INTEGER, DECIMAL, DOUBLE -> null;
				default -> "the file has " + type + " values, the column numbers";
			};
			case BOOLEAN -> t == InferredColumn.Type.BOOLEAN
					|| (t == InferredColumn.Type.INTEGER && c.stats().minimum() >= 0 && c.stats().maximum() <= 1) ? null
							: "the file has " + type + " values, the column booleans";
			case DATE -> t == InferredColumn.Type.DATE ? null : "the file has " + type + " values, the column dates";
			case TIME -> t == InferredColumn.Type.TIME ? null : "the file has " + type + " values, the column times";
			case TIMESTAMP -> t == InferredColumn.Type.TIMESTAMP ? null : "the file has " + type + " values, the column timestamps";
			case TEXT -> kind.maxLength() > 0 && c.stats().longest() > kind.maxLength()
					? "the file's longest value has " + c.stats().longest() + " characters, the column holds " + kind.maxLength() : null;
			case OTHER -> numeric(column.jdbcType()) && t != InferredColumn.Type.INTEGER && t != InferredColumn.Type.BIG_INTEGER
					&& !(t == InferredColumn.Type.DECIMAL && c.scale() == 0)
							? "the file has " + type + " values, the column integers" : null; // MySQL's BIGINT UNSIGNED, say
			case BLOB -> null;
		};
	}

}
