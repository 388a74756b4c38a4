package io.rowlift.infer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.RowliftException;

/**
 * Writes an inferred table's migrations, one per database, under one new version
 * ({@link MigrationFiles}). Stateless.
 */
public final class InferredMigrations {

	private static final List<TableDdl> DATABASES = List.of(new SqliteTableDdl(), new MySqlTableDdl());

	/** One migration written. */
	public record Written(String vendor, Path file, String sql) {
	}

	private InferredMigrations() {
	}

	/** Checks the table's name before anything is read. @throws RowliftException (exit 2) for a name no database takes */
	public static void checkTable(String table) {
		if (table == null || table.isBlank()) {
			throw RowliftException.badInput("rowlift.target.table is not set; name the table to infer, as in --rowlift.target.table=people");
		}
		String problem = ColumnNames.identifierProblem(table);
		if (problem != null) {
			throw RowliftException.badInput("rowlift.target.table '" + table + "' " + problem + "; choose another name");
		}
	}

	/** The SQL of each database's migration, without writing it. */
	public static List<Written> sql(InferredTable table) {
		List<Written> all = new ArrayList<>();
		for (TableDdl ddl : DATABASES) {
			all.add(new Written(ddl.vendor(), null, ddl.createTable(table)));
		}
		return all;
	}

	/**
	 * The migrations of {@code table} that {@link #write} wrote earlier into the output folder (both vendors'),
	 * oldest first; empty when there is none.
	 * @param outputDir {@code rowlift.infer.output-dir} or null
	 * @param locations {@code spring.flyway.locations}
	 */
	public static List<Path> written(String table, Path outputDir, String locations) throws IOException {
		return new MigrationFiles(outputDir, locations).written(table);
	}

	/**
	 * Writes the migrations.
	 * @param outputDir {@code rowlift.infer.output-dir} or null
	 * @param locations {@code spring.flyway.locations}
	 */
	public static List<Written> write(InferredTable table, Path outputDir, String locations) throws IOException {
		return write(table, outputDir, locations, 0);
	}

	/**
	 * Writes the migrations under a version above {@code applied} too.
	 * @param applied the version a database's migrations are at (0: none), which Flyway would skip a migration at or below
	 */
	public static List<Written> write(InferredTable table, Path outputDir, String locations, int applied) throws IOException {
		MigrationFiles files = new MigrationFiles(outputDir, locations);
		int version = Math.max(files.nextVersion(), applied + 1);
		List<Written> written = new ArrayList<>();
		for (Written w : sql(table)) {
			written.add(new Written(w.vendor(), files.write(w.vendor(), version, table.table(), w.sql()), w.sql()));
		}
		return written;
	}

}
