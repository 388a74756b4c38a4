package io.rowlift.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.mapping.ValueFormats;

/**
 * Checks a file and a table against each other and builds the {@link LoadPlan}: the file exists and
 * is readable, the table exists, the header maps onto its columns. Every problem is exit 2 with a
 * message naming the file, table or column. The launcher plans a load's first run with it (and plans
 * the command of a rerun, to compare it with the stored plan); the steps never plan: they read the plan
 * stored with the run ({@link RunPlan}). The input's settings are the load's, passed with each plan (its
 * request's {@code rowlift.source.*}), not the context's: one scheduled service plans many files. Thread-safe.
 */
public final class LoadPlanner {

	private final DataSource dataSource;

	public LoadPlanner(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	/**
	 * Resolves the configured path and checks that it is a readable file, without touching the database.
	 * @return the canonical path
	 */
	public static Path checkFile(String configured) {
		if (configured == null || configured.isBlank()) {
			throw RowliftException.badInput("rowlift.source.path is not set; name the CSV file to load, as in "
					+ "--rowlift.source.path=data/people.csv");
		}
		Path path = Path.of(configured);
		if (InputFormats.isFolder(path)) { // a folder of documents, or a glob of them (docs/*.json)
			return folderPath(configured, path);
		}
		if (!Files.exists(path)) {
			throw RowliftException.badInput(configured + ": no such file (rowlift.source.path, resolved against "
					+ Path.of("").toAbsolutePath() + "); check the path");
		}
		if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
			throw RowliftException.badInput(configured + ": not a readable file (rowlift.source.path); check the path and its permissions");
		}
		try {
			return path.toRealPath();
		}
		catch (IOException ex) {
			throw RowliftException.badInput(configured + ": cannot be resolved: " + ex.getMessage());
		}
	}


	/** The canonical path of a folder, or of a glob's folder with the glob as its last part. */
	private static Path folderPath(String configured, Path path) {
		try {
			if (Files.isDirectory(path)) {
				if (!Files.isReadable(path)) {
					throw RowliftException.badInput(configured + ": not a readable folder (rowlift.source.path); check its permissions");
				}
				return path.toRealPath();
			}
			return path.getParent().toRealPath().resolve(path.getFileName().toString());
		}
		catch (IOException ex) {
			throw RowliftException.badInput(configured + ": cannot be resolved: " + ex.getMessage());
		}
	}

	/**
	 * Builds a plan with the operator's renamed and ignored columns ({@link ColumnChoices}), reading the table's
	 * metadata and the file's header.
	 * @param source the load's input settings (its format, CSV dialect, value formats)
	 */
	public LoadPlan plan(Path file, String displayName, String table, ColumnChoices choices, SourceProperties source) {
		if (table == null || table.isBlank()) {
			throw RowliftException.badInput("rowlift.target.table is not set; name the table to load, as in --rowlift.target.table=people");
		}
		InputFormats.of(file, source).checkSettings(source); // the settings first, as before the table
		TableInfo info;
		try (Connection connection = this.dataSource.getConnection()) {
			info = TableInfo.read(connection, table)
				.orElseThrow(() -> RowliftException.badInput("table '" + table + "' does not exist in the target database; "
						+ "create it with a migration in spring.flyway.locations (default config/db/migration/{vendor}), "
						+ "or check rowlift.target.table"));
		}
		catch (SQLException ex) {
			throw new RowliftException(1, "cannot read the columns of table '" + table + "': " + ex.getMessage(), ex);
		}
		InputSource input = InputFormats.open(file, displayName, source);
		TableMapping mapping = input.nameLocation(0) == null
				? TableMapping.of(info, input.names(), input.fieldCount(), input.named(), displayName, choices)
				: TableMapping.byKeys(info, input.names(), input::nameLocation, input.unknownNamesIgnored(), displayName, choices);
		ValueFormats values = ValueFormats.of(input.charset(), source.dateFormat(), source.timeFormat(),
				source.timestampFormat(), source.timeZone());
		return new LoadPlan(file, displayName, input, mapping, values);
	}

}
