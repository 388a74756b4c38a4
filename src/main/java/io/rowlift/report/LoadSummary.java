package io.rowlift.report;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

import io.rowlift.model.PrintableName;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What one run of a load did, for the operator (one line and a table) and for scripts (JSON).
 *
 * @param run the load's run number (its job instance id)
 * @param status COMPLETED, FAILED or STOPPED
 * @param resumed whether this run resumed an unfinished one
 * @param file the input, as the operator named it
 * @param table the target table
 * @param database {@code sqlite} or {@code mysql}
 * @param read records read by all runs of this load
 * @param rowsTotal rows written by all runs of this load
 * @param rejected records rejected by all runs of this load
 * @param rowsThisRun rows written by this run: inserted, or (mode upsert) updated
 * @param elapsed this run's wall time
 * @param partitions the partition count
 * @param partitionsReason why that count
 * @param threads partitions loaded at once
 * @param chunkSize records per chunk transaction
 * @param writeMethod how rows were written, as job parameters hold a write method: {@code INSERT}, or the name
 *     of a method the database offers (the JSON holds it as the setting names it, {@link #setting})
 * @param writes how the line names the chunks' writes, as the dialect describes the method
 *     ({@code WritePath.summary}: {@code INSERT batches} for {@code INSERT}); this summary never reads it from the
 *     method's name, which only the dialect that offers the method knows. Not in the JSON
 * @param writeReason why that method
 * @param keyOrder in which order rows were written: {@code SORT}, {@code CHUNK} or {@code FILE}
 * @param keyOrderReason why that order
 * @param indexesDropped indexes dropped for the load (by the run that dropped them)
 * @param indexesRebuilt indexes re-created by this run
 * @param steps one row per step execution of this run
 * @param failure what went wrong, or null
 * @param rejectFile the reject file, or null when nothing was rejected
 * @param pipeline which pipeline loaded the partitions: {@code FAST} or {@code SPRING}
 * @param pipelineReason why that pipeline
 * @param filtered records the row filter (rowlift.source.filter) or a user's processor left out, in all runs
 * @param mode the load mode ({@code append}, {@code truncate}, {@code replace}, {@code upsert}, {@code ignore})
 * @param updated rows that updated a row already in the table, in all runs (mode upsert)
 * @param ignored records skipped because their key was already in the table, in all runs (mode ignore)
 * @param blankLines blank lines skipped, in all runs: no records, so not in {@code read} ({@code rowlift.source.blank-lines})
 * @param readingNote what the input says of how it was read (a header that ends with a delimiter), or null
 * @param timeline this run phase by phase, with its throughput samples (the run report and the JSON's
 * {@code startedAt}, {@code endedAt}, {@code phases}, {@code samples}), or null when not known
 */
public record LoadSummary(long run, String status, boolean resumed, String file, String table, String database,
		long read, long rowsTotal, long rejected, long rowsThisRun, Duration elapsed, int partitions,
		String partitionsReason, int threads, int chunkSize, String writeMethod, String writes, String writeReason, String keyOrder,
		String keyOrderReason, int indexesDropped, int indexesRebuilt, List<StepRow> steps, String failure,
		String rejectFile, String pipeline, String pipelineReason, long filtered, String mode, long updated,
		long ignored, long blankLines, String readingNote, RunTimeline timeline) {

	/** This summary with the reject file that was written. */
	public LoadSummary withRejectFile(String file) {
		return new LoadSummary(this.run, this.status, this.resumed, this.file, this.table, this.database, this.read,
				this.rowsTotal, this.rejected, this.rowsThisRun, this.elapsed, this.partitions, this.partitionsReason,
				this.threads, this.chunkSize, this.writeMethod, this.writes, this.writeReason, this.keyOrder, this.keyOrderReason,
				this.indexesDropped, this.indexesRebuilt,
				this.steps, this.failure, file, this.pipeline, this.pipelineReason, this.filtered, this.mode, this.updated,
				this.ignored, this.blankLines, this.readingNote, this.timeline);
	}

	// --- the run report by phase (issue 12): kept apart from the fields above ---

	/** This summary with the run's phases and samples. */
	public LoadSummary withTimeline(RunTimeline timeline) {
		return new LoadSummary(this.run, this.status, this.resumed, this.file, this.table, this.database, this.read,
				this.rowsTotal, this.rejected, this.rowsThisRun, this.elapsed, this.partitions, this.partitionsReason,
				this.threads, this.chunkSize, this.writeMethod, this.writes, this.writeReason, this.keyOrder, this.keyOrderReason,
				this.indexesDropped, this.indexesRebuilt,
				this.steps, this.failure, this.rejectFile, this.pipeline, this.pipelineReason, this.filtered, this.mode,
				this.updated, this.ignored, this.blankLines, this.readingNote, timeline);
	}

	/**
	 * The run report printed before {@link #line()}: the table of phases with the totals and where the
	 * rejects went ({@link RunTimeline#table}), or the step table when the phases are not known.
	 */
	public String report() {
		return this.timeline == null ? table() : this.timeline.table(this.rejected, this.rejectFile);
	}

	private void writeTimeline(ObjectNode root) {
		if (this.timeline != null) {
			this.timeline.writeTo(root);
		}
	}

	/**
	 * @param name step execution name
	 * @param status its status
	 * @param read records read
	 * @param written records written
	 * @param elapsed its wall time
	 */
	public record StepRow(String name, String status, long read, long written, Duration elapsed) {
	}

	/** The one-line outcome. */
	public String line() {
		double seconds = Math.max(this.elapsed.toNanos() / 1e9, 1e-9);
		String verb = this.resumed ? "resumed and " : "";
		StringBuilder sb = new StringBuilder("rowlift: run ").append(this.run)
			.append(' ')
			.append(verb)
			.append(this.status.toLowerCase(Locale.ROOT))
			.append(": ");
		sb.append(String.format(Locale.ROOT, "%s from %s into %s (%s) in %.2f s (%,.0f rows/s)", RowCount.of(this.rowsThisRun),
				PrintableName.of(this.file), this.table, this.database, seconds, this.rowsThisRun / seconds));
		long allRuns = this.rowsTotal + this.updated; // rowsThisRun counts the rows an upsert updated too
		if (this.resumed || allRuns != this.rowsThisRun) {
			sb.append(", ").append(RowCount.of(allRuns)).append(" in all runs");
		}
		sb.append(String.format(Locale.ROOT, "; %d partition%s (%s), %d thread%s", this.partitions,
				this.partitions == 1 ? "" : "s", this.partitionsReason, this.threads, this.threads == 1 ? "" : "s"));
		sb.append(String.format(Locale.ROOT, "; %s of %,d-row chunks (%s)", this.writes, this.chunkSize, this.writeReason));
		sb.append(String.format(Locale.ROOT, "; %s (%s)", switch (String.valueOf(this.keyOrder)) {
			case "SORT" -> "rows in key order, sorted on disk";
			case "CHUNK" -> "each chunk sorted by key";
			default -> "rows in file order";
		}, this.keyOrderReason));
		sb.append(String.format(Locale.ROOT, "; %s pipeline (%s)", String.valueOf(this.pipeline).toLowerCase(Locale.ROOT),
				this.pipelineReason));
		if (this.readingNote != null) {
			sb.append("; ").append(this.readingNote);
		}
		if (this.indexesRebuilt > 0 || this.indexesDropped > 0) {
			sb.append(String.format(Locale.ROOT, "; indexes dropped %d, rebuilt %d", this.indexesDropped,
					this.indexesRebuilt));
		}
		if (this.rejected > 0) {
			sb.append(String.format(Locale.ROOT, "; %,d bad record%s rejected%s", this.rejected, this.rejected == 1 ? "" : "s",
					this.rejectFile == null ? "" : " (" + PrintableName.of(this.rejectFile) + ", reasons in "
							+ PrintableName.of(this.rejectFile + ".reasons.csv") + ")"));
		}
		if (this.mode != null && !this.mode.equals("append")) {
			sb.append("; mode ").append(this.mode);
		}
		if (this.blankLines > 0) {
			sb.append(String.format(Locale.ROOT, "; %,d blank line%s skipped (no records; rowlift.source.blank-lines)",
					this.blankLines, this.blankLines == 1 ? "" : "s"));
		}
		sb.append(String.format(Locale.ROOT, "; read %,d = written %,d", this.read, this.rowsTotal));
		if (this.updated > 0) {
			sb.append(String.format(Locale.ROOT, " + updated %,d", this.updated));
		}
		if (this.ignored > 0) {
			sb.append(String.format(Locale.ROOT, " + ignored %,d", this.ignored));
		}
		sb.append(String.format(Locale.ROOT, " + rejected %,d", this.rejected));
		if (this.filtered > 0) {
			sb.append(String.format(Locale.ROOT, " + filtered %,d", this.filtered));
		}
		return sb.toString();
	}

	/** A fixed-width table of the steps of this run. */
	public String table() {
		StringBuilder sb = new StringBuilder(
				String.format(Locale.ROOT, "%-28s %-10s %14s %14s %10s%n", "step", "status", "read", "written", "time"));
		for (StepRow row : this.steps) {
			sb.append(String.format(Locale.ROOT, "%-28s %-10s %,14d %,14d %9.2fs%n", row.name(), row.status(), row.read(),
					row.written(), row.elapsed().toNanos() / 1e9));
		}
		return sb.toString();
	}

	/**
	 * The summary as a JSON object, one line ending in a newline: every component under its own name,
	 * {@code elapsed} as {@code seconds} (milliseconds / 1000), null where a value is missing.
	 */
	public String json() {
		ObjectNode root = Json.MAPPER.createObjectNode();
		root.put("run", this.run);
		root.put("status", this.status);
		root.put("resumed", this.resumed);
		root.put("file", this.file);
		root.put("table", this.table);
		root.put("database", this.database);
		root.put("read", this.read);
		root.put("rowsTotal", this.rowsTotal);
		root.put("rejected", this.rejected);
		root.put("rejectFile", this.rejectFile);
		root.put("rowsThisRun", this.rowsThisRun);
		root.put("seconds", seconds(this.elapsed));
		root.put("partitions", this.partitions);
		root.put("partitionsReason", this.partitionsReason);
		root.put("threads", this.threads);
		root.put("chunkSize", this.chunkSize);
		root.put("writeMethod", setting(this.writeMethod));
		root.put("writeReason", this.writeReason);
		root.put("keyOrder", setting(this.keyOrder));
		root.put("keyOrderReason", this.keyOrderReason);
		root.put("indexesDropped", this.indexesDropped);
		root.put("indexesRebuilt", this.indexesRebuilt);
		root.put("pipeline", setting(this.pipeline));
		root.put("pipelineReason", this.pipelineReason);
		root.put("filtered", this.filtered);
		root.put("mode", this.mode);
		root.put("updated", this.updated);
		root.put("ignored", this.ignored);
		root.put("blankLines", this.blankLines);
		root.put("readingNote", this.readingNote);
		ArrayNode steps = root.putArray("steps");
		for (StepRow row : this.steps) {
			steps.addObject()
				.put("name", row.name())
				.put("status", row.status())
				.put("read", row.read())
				.put("written", row.written())
				.put("seconds", seconds(row.elapsed()));
		}
		root.put("failure", this.failure);
		writeTimeline(root);
		return Json.MAPPER.writeValueAsString(root) + "\n";
	}

	private static double seconds(Duration elapsed) {
		return elapsed.toMillis() / 1000.0;
	}

	/**
	 * A choice as the setting that makes it takes it (a write method's {@code INSERT} is {@code insert}, as
	 * {@code rowlift.target.write-method=insert}, and a dialect's methods the same way; {@code SPRING} is {@code spring}): what the JSON
	 * holds, and what a reader makes of a summary an older Rowlift wrote with the enum's name. Null stays null.
	 */
	public static String setting(String value) {
		return value == null ? null : value.toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** The mapper, made on first use: most runs write no JSON. Thread-safe. */
	private static final class Json {

		static final JsonMapper MAPPER = JsonMapper.builder().build();

	}

}
