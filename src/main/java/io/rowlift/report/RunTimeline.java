package io.rowlift.report;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one run did, phase by phase: the run report's table and the {@code startedAt}, {@code endedAt},
 * {@code phases} and {@code samples} fields of the JSON summary (docs/reports.md). Counts are this
 * run's. Immutable.
 *
 * @param startedAt when the command started (the prepare phase)
 * @param endedAt when the run ended (the report was made)
 * @param phases the phases that ran, in order
 * @param samples the load's throughput samples, per partition
 * @param samplerCpu CPU time the progress sampler used (what watching the load cost)
 */
public record RunTimeline(Instant startedAt, Instant endedAt, List<Phase> phases, List<ThroughputSamples.Sample> samples,
		Duration samplerCpu) {

	/** Name of the phase with partitions. */
	public static final String LOAD = "load";

	public RunTimeline {
		phases = List.copyOf(phases);
		samples = List.copyOf(samples);
	}

	/**
	 * One phase.
	 * @param name prepare, index-drop, sort, load, index-rebuild, accounting
	 * @param startedAt when it started
	 * @param elapsed how long it took (up to now if it did not end)
	 * @param status COMPLETED, FAILED, STOPPED, ...
	 * @param read records read in this run
	 * @param written rows written in this run
	 * @param rejected records rejected in this run
	 * @param bytes bytes of the file this phase went through in this run
	 * @param detail a few words more (the indexes built, the merge of sorted runs), or null
	 * @param partitions the partitions of the load phase, else empty
	 */
	public record Phase(String name, Instant startedAt, Duration elapsed, String status, long read, long written,
			long rejected, long bytes, String detail, List<Partition> partitions) {

		public Phase {
			partitions = List.copyOf(partitions);
		}

		/** Rows written per second. */
		public double rowsPerSecond() {
			return perSecond(this.written, this.elapsed);
		}

	}

	/**
	 * One partition of the load phase, as this run ran it.
	 * @param name {@code partition0}, ...
	 * @param status its step's status
	 * @param startedAt when this run opened it
	 * @param elapsed how long it ran
	 * @param read records read in this run
	 * @param written rows written in this run
	 * @param rejected records rejected in this run
	 * @param bytes bytes of its range committed in this run
	 * @param worker the cluster worker that loaded it ({@code host:pid}; the last one when several did), or null
	 * when this process did
	 * @param credits each cluster worker that committed rows of it in this run, with its rows, in the order they
	 * took it up: more than one when a worker took it over from one that died; empty when this process loaded it
	 */
	public record Partition(String name, String status, Instant startedAt, Duration elapsed, long read, long written,
			long rejected, long bytes, String worker, List<Credit> credits) {

		/** A partition this process loaded. */
		public Partition(String name, String status, Instant startedAt, Duration elapsed, long read, long written,
				long rejected, long bytes) {
			this(name, status, startedAt, elapsed, read, written, rejected, bytes, null, List.of());
		}

		/** How the report names its worker(s): {@code worker w1:4181}, or each with its rows when several loaded it. */
		String workers() {
			if (this.credits.size() > 1) {
				List<String> each = new java.util.ArrayList<>();
				for (Credit credit : this.credits) {
					each.add(String.format(Locale.ROOT, "%s (%,d row%s)", credit.worker(), credit.rows(), credit.rows() == 1 ? "" : "s"));
				}
				return "workers " + String.join(", ", each);
			}
			return this.worker == null ? null : "worker " + this.worker;
		}

		public double rowsPerSecond() {
			return perSecond(this.written, this.elapsed);
		}

	}

	/**
	 * A cluster worker's part of a partition.
	 * @param worker {@code host:pid}
	 * @param rows rows it committed in this run
	 */
	public record Credit(String worker, long rows) {
	}

	/** The run's wall time. */
	public Duration elapsed() {
		return Duration.between(this.startedAt, this.endedAt);
	}

	/** The load phase, or null when it did not run. */
	public Phase load() {
		return this.phases.stream().filter(p -> p.name().equals(LOAD)).findFirst().orElse(null);
	}

	/**
	 * The run report: a fixed-width table of the phases (the load's partitions indented under it),
	 * their totals, and where the rejects went.
	 * @param rejectedAllRuns records rejected by all runs of the load
	 * @param rejectFile the reject file, or null when none was written
	 */
	public String table(long rejectedAllRuns, String rejectFile) {
		StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-16s %-10s %13s %13s %10s %10s %9s %12s", "phase",
				"status", "read", "written", "rejected", "MiB", "time", "rows/s")).append('\n');
		for (Phase phase : this.phases) {
			sb.append(row(phase.name(), phase.status(), phase.read(), phase.written(), phase.rejected(), phase.bytes(),
					phase.elapsed(), phase.detail()));
			for (Partition partition : phase.partitions()) {
				sb.append(row("  " + partition.name(), partition.status(), partition.read(), partition.written(),
						partition.rejected(), partition.bytes(), partition.elapsed(),
						partition.workers()));
			}
		}
		Phase load = load();
		sb.append(row("total", "", load == null ? 0 : load.read(), load == null ? 0 : load.written(),
				load == null ? 0 : load.rejected(), load == null ? 0 : load.bytes(), elapsed(), "rows/s over the whole run"));
		if (rejectedAllRuns == 0) {
			sb.append("rejects: none\n");
		}
		else if (rejectFile != null) {
			sb.append(String.format(Locale.ROOT, "rejects: %,d record%s (all runs) in %s, reasons in %s%n", rejectedAllRuns,
					rejectedAllRuns == 1 ? "" : "s", io.rowlift.model.PrintableName.of(rejectFile),
					io.rowlift.model.PrintableName.of(RejectFiles.reasonsPath(java.nio.file.Path.of(rejectFile)))));
		}
		else {
			sb.append(String.format(Locale.ROOT, "rejects: %,d record%s (all runs), still in the database table %s%n",
					rejectedAllRuns, rejectedAllRuns == 1 ? "" : "s", io.rowlift.database.RejectTable.NAME));
		}
		return sb.toString();
	}

	private static String row(String name, String status, long read, long written, long rejected, long bytes,
			Duration elapsed, String detail) {
		return String.format(Locale.ROOT, "%-16s %-10s %,13d %,13d %,10d %10s %8.2fs %,12.0f  %s", name, status, read,
				written, rejected, ProgressLines.mb(bytes), elapsed.toNanos() / 1e9, perSecond(written, elapsed),
				detail == null ? "" : detail).stripTrailing() + "\n";
	}

	/** Adds {@code startedAt}, {@code endedAt}, {@code phases} and {@code samples} to the summary's JSON object. */
	void writeTo(ObjectNode root) {
		root.put("startedAt", this.startedAt.toString());
		root.put("endedAt", this.endedAt.toString());
		ArrayNode phases = root.putArray("phases");
		for (Phase phase : this.phases) {
			ObjectNode node = phases.addObject()
				.put("name", phase.name())
				.put("startedAt", phase.startedAt().toString())
				.put("seconds", seconds(phase.elapsed()))
				.put("status", phase.status())
				.put("read", phase.read())
				.put("written", phase.written())
				.put("rejected", phase.rejected())
				.put("bytes", phase.bytes())
				.put("rowsPerSecond", round(phase.rowsPerSecond()))
				.put("detail", phase.detail());
			ArrayNode partitions = node.putArray("partitions");
			for (Partition partition : phase.partitions()) {
				ObjectNode line = partitions.addObject()
					.put("name", partition.name())
					.put("status", partition.status())
					.put("startedAt", partition.startedAt().toString())
					.put("seconds", seconds(partition.elapsed()))
					.put("read", partition.read())
					.put("written", partition.written())
					.put("rejected", partition.rejected())
					.put("bytes", partition.bytes())
					.put("rowsPerSecond", round(partition.rowsPerSecond()));
				if (partition.worker() != null) { // a cluster's worker loaded it (docs/cluster.md)
					line.put("worker", partition.worker());
				}
				if (partition.credits().size() > 1) { // taken over from a worker that died: each one's rows
					ArrayNode credits = line.putArray("workers");
					for (Credit credit : partition.credits()) {
						credits.addObject().put("worker", credit.worker()).put("rows", credit.rows());
					}
				}
			}
		}
		ArrayNode samples = root.putArray("samples");
		for (ThroughputSamples.Sample sample : this.samples) {
			samples.addObject()
				.put("partition", sample.partition())
				.put("t", Math.round(sample.t() * 1000) / 1000.0)
				.put("bytes", sample.bytes())
				.put("rows", sample.rows());
		}
		root.put("progressCpuSeconds", this.samplerCpu.toNanos() / 1e9);
	}

	static double perSecond(long count, Duration elapsed) {
		double seconds = elapsed.toNanos() / 1e9;
		return seconds <= 0 ? 0 : count / seconds;
	}

	private static double seconds(Duration elapsed) {
		return elapsed.toMillis() / 1000.0;
	}

	private static double round(double value) {
		return Math.round(value * 10) / 10.0;
	}

}
