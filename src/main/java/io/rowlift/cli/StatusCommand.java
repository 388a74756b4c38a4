package io.rowlift.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;

import io.rowlift.database.JdbcUrl;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadStatus;
import io.rowlift.job.LoadStatusReader;
import io.rowlift.source.SourceProperties;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code rowlift status}: the recent loads of the database the usual settings name
 * ({@code spring.datasource.url}, profiles), one line each (run, state, rows, start, time, table, file)
 * with what the same load command would do now, and the indexes an unfinished run left dropped.
 * {@code --rowlift.target.table} and {@code --rowlift.source.path} narrow it to loads into that table
 * or of that file, {@code rowlift.status.limit} caps the lines, {@code rowlift.status.format=json} prints
 * JSON. Read-only ({@link LoadStatusReader}): it creates no table and no database (a SQLite file that
 * does not exist is not made: there were no loads), and writes nothing. Exit 0; 1 when the database
 * cannot be read.
 */
public final class StatusCommand implements Verb {

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

	private final ObjectProvider<LoadStatusReader> reader;

	private final TargetDialect dialect;

	private final String url;

	private final SourceProperties source;

	private final TargetProperties target;

	private final JobProperties job;

	private final StatusProperties status;

	private final PrintStream out;

	private final PrintStream err;

	/**
	 * @param reader made only once the database is known to exist, so that a missing SQLite file is not created
	 */
	public StatusCommand(ObjectProvider<LoadStatusReader> reader, TargetDialect dialect, String url, SourceProperties source,
			TargetProperties target, JobProperties job, StatusProperties status, PrintStream out, PrintStream err) {
		this.reader = reader;
		this.dialect = dialect;
		this.url = url;
		this.source = source;
		this.target = target;
		this.job = job;
		this.status = status;
		this.out = out;
		this.err = err;
	}

	@Override
	public int run() {
		String table = blankToNull(this.target.table());
		String file = blankToNull(this.source.path());
		String database = this.dialect.id() + " database " + JdbcUrl.redacted(this.url);
		LoadStatusReader.Report report;
		try {
			report = this.dialect.connections().databaseExists(this.url) ? this.reader.getObject()
				.read(table, file == null ? null : Path.of(file), Math.max(1, this.status.limit()), this.job)
					: new LoadStatusReader.Report(List.of(), Map.of(), false);
		}
		catch (Exception ex) {
			java.util.Optional<String> running = runningNow(ex, database);
			if (running.isPresent()) {
				this.out.println(running.get());
				return 0;
			}
			this.err.println("rowlift: cannot read the loads of the " + database + ": " + rootMessage(ex)
					+ "; check spring.datasource.url and that the database answers");
			return 1;
		}
		this.out.print(this.status.format() == StatusProperties.Format.JSON ? json(report, database, table, file)
				: text(report, database, table, file));
		return 0;
	}

	/**
	 * The answer when the database cannot be read because a running load holds it locked (SQLite's index
	 * build with a rollback journal locks every reader out until it ends): that load is running, named by
	 * the run lock; empty when the failure is something else.
	 */
	private java.util.Optional<String> runningNow(Exception failure, String database) {
		if (this.dialect.faults().describeLockedDatabase(failure, this.url).isEmpty()) {
			return java.util.Optional.empty();
		}
		java.util.Optional<String> holder;
		try {
			holder = this.dialect.locks().runLockHolder(null, this.url, this.target.table() == null ? "" : this.target.table());
		}
		catch (java.sql.SQLException | RuntimeException ex) {
			return java.util.Optional.empty();
		}
		return holder.map(table -> "rowlift status: a load" + (table.isEmpty() ? "" : " into " + table) + " is running in the "
				+ database + " (it holds the run lock) and has the database locked now (SQLite lets no reader in while a "
				+ "load rebuilds its indexes), so its runs cannot be listed until it lets go: the same load command now: "
				+ "refuse (exit 3): another run is active");
	}

	String text(LoadStatusReader.Report report, String database, String table, String file) {
		StringBuilder sb = new StringBuilder();
		String narrowed = (table == null ? "" : " into " + table) + (file == null ? "" : " of " + file);
		if (report.loads().isEmpty()) {
			sb.append("rowlift status: no loads").append(narrowed).append(" in the ").append(database)
				.append(report.hasTables() ? "" : " (Rowlift's tables are not there: no load ran in it)").append('\n');
			if (table != null && file != null) {
				sb.append("the same load command now: ").append(Files.isRegularFile(Path.of(file)) || io.rowlift.source.InputFormats.isFolder(Path.of(file)) ? "new load"
						: "refuse (exit 2): " + io.rowlift.model.PrintableName.of(file) + ": no such file").append('\n');
			}
		}
		else {
			sb.append("rowlift status: ").append(report.loads().size()).append(report.loads().size() == 1 ? " load" : " loads")
				.append(narrowed).append(" in the ").append(database).append(", newest first\n");
			// the filtered records, in a column of their own when a load has any (rowlift.source.filter)
			boolean filtered = report.loads().stream().anyMatch(load -> load.filtered() > 0);
			List<String[]> rows = new ArrayList<>();
			rows.add(filtered ? new String[] { "run", "state", "rows", "filtered", "started", "took", "table", "file", "the same command now" }
					: new String[] { "run", "state", "rows", "started", "took", "table", "file", "the same command now" });
			for (LoadStatus load : report.loads()) {
				List<String> row = new ArrayList<>(List.of(String.valueOf(load.run()), load.state().label(),
						String.format(Locale.ROOT, "%,d", load.rows())));
				if (filtered) {
					row.add(String.format(Locale.ROOT, "%,d", load.filtered()));
				}
				row.addAll(List.of(load.started() == null ? "-" : TIME.format(load.started()), took(load.started(), load.ended()),
						load.table(), io.rowlift.model.PrintableName.of(load.file()), load.outlook().label()));
				rows.add(row.toArray(String[]::new));
			}
			sb.append(columns(rows, filtered ? 3 : 2));
		}
		if (!report.droppedIndexes().isEmpty()) {
			sb.append("indexes dropped by a load that has not completed (its next run rebuilds them at its end;"
					+ " rebuild-indexes --rowlift.target.table=T does it now):\n");
			report.droppedIndexes().forEach((t, names) -> sb.append("  ").append(t).append(": ").append(String.join(", ", names))
				.append('\n'));
		}
		return sb.toString();
	}

	/** Left-aligned columns, the numbers (columns 0 to {@code lastNumber}) right-aligned, two spaces apart; the last column as it is. */
	private static String columns(List<String[]> rows, int lastNumber) {
		int[] widths = new int[rows.get(0).length];
		for (String[] row : rows) {
			for (int i = 0; i < row.length; i++) {
				widths[i] = Math.max(widths[i], row[i].length());
			}
		}
		StringBuilder sb = new StringBuilder();
		for (String[] row : rows) {
			StringBuilder line = new StringBuilder();
			for (int i = 0; i < row.length; i++) {
				boolean number = i == 0 || (i >= 2 && i <= lastNumber);
				String cell = i == row.length - 1 ? row[i]
						: String.format("%" + (number ? "" : "-") + widths[i] + "s", row[i]);
				line.append(i == 0 ? "" : "  ").append(cell);
			}
			sb.append(line.toString().stripTrailing()).append('\n');
		}
		return sb.toString();
	}

	private static String took(LocalDateTime started, LocalDateTime ended) {
		if (started == null || ended == null) {
			return "-";
		}
		return String.format(Locale.ROOT, "%.1f s", Duration.between(started, ended).toMillis() / 1000.0);
	}

	String json(LoadStatusReader.Report report, String database, String table, String file) {
		JsonMapper mapper = JsonMapper.builder().build();
		ObjectNode root = mapper.createObjectNode();
		root.put("database", this.dialect.id());
		root.put("url", JdbcUrl.redacted(this.url));
		root.put("table", table);
		root.put("file", file);
		root.put("rowliftTables", report.hasTables());
		ArrayNode loads = root.putArray("loads");
		for (LoadStatus load : report.loads()) {
			ObjectNode node = loads.addObject();
			node.put("run", load.run());
			node.put("state", load.state().label());
			node.put("file", load.file());
			node.put("path", load.path());
			node.put("table", load.table());
			node.put("rows", load.rows());
			node.put("filtered", load.filtered());
			node.put("started", load.started() == null ? null : load.started().toString());
			node.put("ended", load.ended() == null ? null : load.ended().toString());
			if (load.started() != null && load.ended() != null) {
				node.put("seconds", Duration.between(load.started(), load.ended()).toMillis() / 1000.0);
			}
			else {
				node.putNull("seconds");
			}
			node.putObject("next")
				.put("action", load.outlook().action())
				.put("exitCode", load.outlook().exitCode())
				.put("reason", load.outlook().reason())
				.put("message", load.outlook().message());
		}
		ObjectNode dropped = root.putObject("droppedIndexes");
		report.droppedIndexes().forEach((t, names) -> {
			ArrayNode list = dropped.putArray(t);
			names.forEach(list::add);
		});
		return mapper.writeValueAsString(root) + "\n";
	}

	private static String blankToNull(String value) {
		return value == null || value.isBlank() ? null : value;
	}

	private static String rootMessage(Throwable ex) {
		Throwable t = ex;
		while (t.getCause() != null) {
			t = t.getCause();
		}
		return t.getMessage() == null ? t.toString() : t.getMessage();
	}

}
