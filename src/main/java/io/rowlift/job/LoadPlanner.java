package io.rowlift.job;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.source.InputFormats;
import io.rowlift.source.InputSource;
import io.rowlift.source.SourceProperties;
import io.rowlift.database.TableInfo;
import io.rowlift.database.TableMapping;
import io.rowlift.database.ValueFormats;

/**
 * Checks a file and a table against each other and builds the {@link LoadPlan}: the file exists and
 * is readable, the table exists, the header maps onto its columns. Every problem is exit 2 with a
 * message naming the file, table or column. The launcher plans a run once and hands the plan over
 * ({@link #handOver}); the steps of the same run get it from here by the load's key, and plan again
 * only in a process that did not plan the run. Thread-safe.
 */
public final class LoadPlanner {

	private final DataSource dataSource;

	private final SourceProperties source;

	private final ConcurrentMap<String, LoadPlan> cache = new ConcurrentHashMap<>();

	public LoadPlanner(DataSource dataSource, SourceProperties source) {
		this.dataSource = dataSource;
		this.source = source;
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

	/**
	 * The plan of the run of {@code loadKey} that this process is running: the one the launcher handed
	 * over, else (a process that did not plan the run) planned now and kept.
	 */
	public LoadPlan planFor(String loadKey, Path file, String displayName, String table) {
		return this.cache.computeIfAbsent(loadKey, k -> plan(file, displayName, table));
	}

	/** Makes {@code plan} the plan of the run of {@code loadKey} about to start in this process. */
	public void handOver(String loadKey, LoadPlan plan) {
		this.cache.put(loadKey, plan);
	}

	/** Forgets the plan of {@code loadKey} once its run has ended. */
	public void release(String loadKey) {
		this.cache.remove(loadKey);
	}

	/** Builds a plan, reading the table's metadata and the file's header. */
	public LoadPlan plan(Path file, String displayName, String table) {
		if (table == null || table.isBlank()) {
			throw RowliftException.badInput("rowlift.target.table is not set; name the table to load, as in --rowlift.target.table=people");
		}
		InputFormats.of(file, this.source).checkSettings(this.source); // the settings first, as before the table
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
		InputSource input = InputFormats.open(file, displayName, this.source);
		TableMapping mapping = TableMapping.of(info, input.names(), input.fieldCount(), input.named(), displayName);
		ValueFormats values = ValueFormats.of(input.charset(), this.source.dateFormat(), this.source.timeFormat(),
				this.source.timestampFormat(), this.source.timeZone());
		return new LoadPlan(file, displayName, input, mapping, values);
	}

}
