package io.rowlift.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import io.rowlift.RowliftException;
import io.rowlift.infer.InferProperties;
import io.rowlift.infer.Inference;
import io.rowlift.infer.InferredMigrations;
import io.rowlift.infer.InferredTable;
import io.rowlift.report.ProgressDisplay;
import io.rowlift.report.ProgressSnapshot;
import io.rowlift.report.ReportProperties;
import io.rowlift.load.MigrationLocations;
import io.rowlift.load.ReservedTargets;
import io.rowlift.database.TargetProperties;
import io.rowlift.source.SourceProperties;

/**
 * {@code rowlift infer}: reads the whole of {@code rowlift.source.path} and writes the migration that
 * creates {@code rowlift.target.table} for it, for SQLite and for MySQL ({@link io.rowlift.infer}).
 * Prints the SQL it wrote and where on standard output, its progress on standard error like a load.
 * Touches no database: it is made without a data source. Exit 0 when written, 2 for a bad setting,
 * file or header.
 */
public final class InferCommand implements Verb {

	private final SourceProperties source;

	private final String table;

	private final InferProperties infer;

	private final ReportProperties report;

	private final String locations;

	private final boolean terminal;

	private final PrintStream out;

	private final PrintStream err;

	private final ReservedTargets reserved;

	/**
	 * Every setting comes as a typed record (issue #35): the command reads no {@code Environment}.
	 * @param target {@code rowlift.target.*}: its table is the one the migration creates
	 * @param locations {@code spring.flyway.locations}, where the migration goes
	 * @param reserved the tables no migration may create, since no load may target them
	 */
	public InferCommand(SourceProperties source, TargetProperties target, InferProperties infer, ReportProperties report,
			MigrationLocations locations, boolean terminal, PrintStream out, PrintStream err, ReservedTargets reserved) {
		this.reserved = reserved;
		this.source = source;
		this.table = target.table();
		this.infer = infer;
		this.report = report;
		this.locations = locations.written();
		this.terminal = terminal;
		this.out = out;
		this.err = err;
	}

	@Override
	public int run() {
		try {
			InferredMigrations.checkTable(this.table);
			this.reserved.check(this.table, "rowlift.target.table");
			Inference inference = Inference.of(this.source, this.infer);
			long started = System.nanoTime();
			InferredTable table;
			try (Progress progress = new Progress(inference, started)) {
				table = inference.run(this.table);
			}
			List<InferredMigrations.Written> written = InferredMigrations.write(table, this.infer.outputDir(), this.locations);
			double seconds = (System.nanoTime() - started) / 1e9;
			for (InferredMigrations.Written w : written) {
				this.out.println("-- " + w.file());
				this.out.print(w.sql());
				this.out.println();
			}
			this.out.println(String.format(Locale.ROOT, "rowlift: inferred table %s from %s: %,d records, %,d columns, %.1f MiB in %.2f s (%.1f MiB/s)%s",
					table.table(), io.rowlift.model.PrintableName.of(table.file()), table.records(), table.columns().size(), table.bytes() / 1048576.0, seconds,
					table.bytes() / 1048576.0 / Math.max(seconds, 1e-9), table.key() >= 0 ? "; primary key " + table.columns().get(table.key()).name() : "; no primary key"));
			this.out.println("rowlift: wrote " + written.stream().map(w -> w.file().toString()).reduce((a, b) -> a + " and " + b).orElse("")
					+ "; load with: rowlift load --rowlift.source.path=" + table.file() + " --rowlift.target.table=" + table.table()
					+ table.loadSettings().stream().map(s -> " " + s).reduce("", String::concat));
			if (table.badRecords() > 0) {
				this.err.println(String.format(Locale.ROOT, "rowlift: %,d record(s) of %s are not valid as they are and a load will reject them; the first: %s",
						table.badRecords(), io.rowlift.model.PrintableName.of(table.file()), table.firstBad()));
			}
			return 0;
		}
		catch (RowliftException ex) {
			this.err.println("rowlift: " + ex.getMessage());
			return ex.exitCode();
		}
		catch (IOException ex) {
			this.err.println("rowlift: infer failed: " + ex.getMessage());
			return RowliftException.BAD_INPUT;
		}
	}

	/** Samples the inference's counters for the progress display, like a load's ({@code rowlift.report.progress}). */
	private final class Progress implements AutoCloseable {

		private final Thread thread;

		private final ProgressDisplay display;

		private volatile boolean done;

		private final Inference inference;

		private final long started;

		Progress(Inference inference, long started) {
			this.inference = inference;
			this.started = started;
			this.display = ProgressDisplay.of(InferCommand.this.report.progress(), InferCommand.this.report.progressInterval(),
					InferCommand.this.terminal, InferCommand.this.err);
			long tick = Math.max(10_000_000L, Math.min(200_000_000L, InferCommand.this.report.progressInterval().toNanos()));
			this.thread = new Thread(() -> {
				while (!this.done) {
					try {
						Thread.sleep(tick / 1_000_000L);
					}
					catch (InterruptedException ex) {
						return;
					}
					if (inference.totalBytes() >= 0) {
						show(inference, started);
					}
				}
			}, "rowlift-infer-progress");
			this.thread.setDaemon(true);
			this.thread.start();
		}

		private synchronized void show(Inference inference, long started) {
			long now = System.nanoTime();
			double seconds = Math.max(1e-9, (now - started) / 1e9);
			long done = inference.bytesRead();
			long total = inference.totalBytes();
			double bytesPerSecond = done / seconds;
			Duration eta = bytesPerSecond > 0 && total >= done ? Duration.ofSeconds((long) ((total - done) / bytesPerSecond)) : null;
			Duration elapsed = Duration.ofNanos(now - started);
			this.display.show(new ProgressSnapshot("infer", "bytes", done, total, inference.recordsRead(),
					inference.recordsRead() / seconds, bytesPerSecond, eta, elapsed, elapsed, List.of(), null));
		}

		@Override
		public void close() {
			this.done = true;
			this.thread.interrupt();
			try {
				this.thread.join(1000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			if (this.inference.totalBytes() >= 0) {
				show(this.inference, this.started); // the end: a short read may end before the first tick
			}
			this.display.close();
		}

	}

}
