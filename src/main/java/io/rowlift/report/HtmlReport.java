package io.rowlift.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The run report as one self-contained HTML page ({@code rowlift.report.html-file}), for people who
 * would rather look than read: the outcome and totals, the failure if any, the phases on a time axis
 * ({@link PhaseTimeline}), each partition's rows/s over time ({@link ThroughputChart}), the phase and
 * step tables, the choices made and why, and the summary's JSON itself (embedded, and downloadable
 * from the page). CSS and the small script are inline and the charts are SVG made here, so the page
 * opens without network and reads fine with scripts off. It is rendered from the JSON of
 * {@link LoadSummary#json()}, leniently ({@link SummaryTree}): a field that is missing, null or of
 * another type is left out, never an error. All text is HTML-escaped, and the embedded JSON is
 * escaped so that nothing in it (a {@code </script>} in a file name) can end its element. Stateless
 * and thread-safe.
 */
public final class HtmlReport {

	/** Top-level fields the page shows in their own place; any other scalar field is listed as it is. */
	private static final Set<String> SHOWN = Set.of("run", "status", "resumed", "file", "table", "database", "read",
			"rowsTotal", "rejected", "rejectFile", "rowsThisRun", "seconds", "partitions", "partitionsReason", "threads",
			"chunkSize", "writeMethod", "writeReason", "keyOrder", "keyOrderReason", "indexesDropped", "indexesRebuilt",
			"pipeline", "pipelineReason", "filtered", "blankLines", "steps", "phases", "samples", "failure", "startedAt", "endedAt");

	private HtmlReport() {
	}

	/**
	 * Writes the report of the summary {@code json} to {@code file}, whole or not at all (a temporary
	 * file in the same folder, then moved into place), with the permissions of any new file (umask);
	 * makes the folder when it is missing.
	 * @throws IOException when it cannot, with a message that says why in words
	 */
	public static void write(String json, Path file) throws IOException {
		String html = render(Json.MAPPER.readTree(json));
		Path parent = file.toAbsolutePath().getParent();
		// not Files.createTempFile: its file is readable by the owner alone, and the report is for others too
		Path temp = parent.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + "-" + System.nanoTime() + ".tmp");
		try {
			Files.createDirectories(parent);
			Files.writeString(temp, html, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
			Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (FileSystemException ex) {
			throw new IOException(describe(ex), ex);
		}
		finally {
			deleteQuietly(temp);
		}
	}

	/** Removes a temporary file left by a failed write; a failure here would hide the first one. */
	private static void deleteQuietly(Path temp) {
		try {
			Files.deleteIfExists(temp);
		}
		catch (IOException ex) {
			// the folder is gone or not one: nothing was left there
		}
	}

	/** What went wrong, in words: the file system's exceptions name a path and little else. */
	private static String describe(FileSystemException ex) {
		if (ex instanceof AccessDeniedException) {
			return "permission denied on " + ex.getFile();
		}
		if (ex instanceof FileAlreadyExistsException || ex instanceof NotDirectoryException) {
			return ex.getFile() + " is a file, not a folder";
		}
		if (ex instanceof NoSuchFileException) {
			return "no such folder: " + ex.getFile();
		}
		return ex.getMessage();
	}

	/** The page for the summary tree {@code summary}. */
	public static String render(JsonNode summary) {
		Instant started = SummaryTree.instant(summary, "startedAt");
		Instant origin = started != null ? started : firstPhaseStart(summary);
		double seconds = SummaryTree.number(summary, "seconds");
		PhaseTimeline.Layout layout = PhaseTimeline.layout(summary, origin);
		ThroughputChart.Chart chart = ThroughputChart.chart(summary, layout);
		// one time axis for the timeline and the chart, so that a phase sits above its throughput
		double span = Math.max(Double.isNaN(seconds) ? 0 : seconds, Math.max(layout.end(), chart.end()));
		String status = SummaryTree.text(summary, "status");
		String run = SummaryTree.text(summary, "run");
		StringBuilder page = new StringBuilder(16_384);
		page.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
			.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
			.append("<meta name=\"generator\" content=\"Rowlift\">\n")
			.append("<title>").append(Html.escape("Rowlift run " + orDash(run) + ": " + lower(status) + " ("
					+ orDash(SummaryTree.text(summary, "table")) + ")")).append("</title>\n")
			// before anything else runs, so the browser test sees any error of the page
			.append("<script>window.onerror=function(m){document.documentElement.setAttribute('data-report-error',String(m));};</script>\n")
			.append("<style>\n").append(resource("report.css")).append("</style>\n</head>\n<body>\n<main>\n");
		page.append("<h1>Rowlift run ").append(Html.escape(orDash(run))).append(" <span class=\"status\" style=\"background:")
			.append(Html.statusColor(status)).append("\">").append(Html.escape(lower(status))).append("</span>");
		if (SummaryTree.flag(summary, "resumed")) {
			page.append(" <span class=\"status\" style=\"background:#5d6d7e\">resumed</span>");
		}
		page.append("</h1>\n<p class=\"sub\">").append(Html.escape(orDash(SummaryTree.text(summary, "file"))))
			.append(" &rarr; table <b>").append(Html.escape(orDash(SummaryTree.text(summary, "table")))).append("</b>");
		String database = SummaryTree.text(summary, "database");
		if (database != null) {
			page.append(" (").append(Html.escape(database)).append(')');
		}
		String ended = SummaryTree.text(summary, "endedAt");
		if (origin != null || ended != null) {
			page.append("<br>").append(Html.escape(orDash(started != null ? started.toString() : null))).append(" to ")
				.append(Html.escape(orDash(ended)));
		}
		page.append("</p>\n");
		String failure = SummaryTree.text(summary, "failure");
		if (failure != null) {
			page.append("<div class=\"failure\" id=\"failure\">").append(Html.escape(failure)).append("</div>\n");
		}
		HtmlTables.cards(page, summary, layout);
		page.append("<section id=\"timeline\"><h2>Phases</h2>\n").append(PhaseTimeline.svg(layout, span)).append('\n');
		if (layout.fromSteps() && !layout.bars().isEmpty()) {
			page.append("<p class=\"note\">This summary has no phase start times: the steps are drawn one after the other "
					+ "from their durations, and partitions from the start of their step.</p>\n");
		}
		page.append("</section>\n<section id=\"throughput\"><h2>Throughput of each partition (rows/s)</h2>\n")
			.append(ThroughputChart.svg(chart, span)).append('\n');
		legend(page, chart);
		page.append("</section>\n");
		HtmlTables.phases(page, summary, layout);
		HtmlTables.choices(page, summary, SHOWN);
		page.append("<section id=\"json\"><h2>The summary as JSON</h2>\n<p><a id=\"download-json\" download=\"rowlift-run-")
			.append(Html.escape(orDash(run))).append(".json\" href=\"#\">Download the JSON</a></p>\n")
			.append("<details><summary>Show it</summary><pre id=\"raw-json\"></pre></details>\n</section>\n")
			.append("<footer>Written by Rowlift at the end of the run; self-contained, it opens without network.</footer>\n")
			.append("</main>\n<div id=\"chart-tip\" hidden></div>\n")
			.append("<script type=\"application/json\" id=\"rowlift-summary\">")
			.append(Html.scriptJson(Json.MAPPER.writeValueAsString(summary))).append("</script>\n")
			.append("<script>\n").append(resource("report.js")).append("</script>\n</body>\n</html>\n");
		return page.toString();
	}

	private static void legend(StringBuilder page, ThroughputChart.Chart chart) {
		if (chart.series().isEmpty()) {
			return;
		}
		page.append("<ul class=\"legend\">");
		if (!chart.total().isEmpty()) {
			page.append("<li data-partition=\"total\"><i style=\"background:#333\"></i>total</li>");
		}
		List<ThroughputChart.Series> series = chart.series();
		for (int i = 0; i < series.size(); i++) {
			ThroughputChart.Series s = series.get(i);
			page.append("<li data-partition=\"").append(Html.escape(s.partition())).append("\"><i style=\"background:")
				.append(Html.seriesColor(i)).append("\"></i>").append(Html.escape(s.partition()));
			if (!Double.isNaN(s.rows())) {
				page.append(" (").append(SummaryTree.count(s.rows())).append(" rows)");
			}
			page.append("</li>");
		}
		page.append("</ul>\n");
		if (!chart.sampled()) {
			page.append("<p class=\"note\">This summary has no samples: each line is the partition's average rate over its "
					+ "time.</p>\n");
		}
	}

	private static Instant firstPhaseStart(JsonNode summary) {
		Instant first = null;
		for (JsonNode phase : SummaryTree.objects(summary, "phases")) {
			Instant start = SummaryTree.instant(phase, "startedAt");
			if (start != null && (first == null || start.isBefore(first))) {
				first = start;
			}
		}
		return first;
	}

	static String orDash(String text) {
		return text == null ? "\u2014" : text;
	}

	static String lower(String text) {
		return text == null ? "unknown" : text.toLowerCase(Locale.ROOT);
	}

	private static String resource(String name) {
		try (InputStream in = HtmlReport.class.getResourceAsStream(name)) {
			if (in == null) {
				throw new IllegalStateException("io/rowlift/report/" + name + " is missing from the jar: rebuild it");
			}
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The mapper, made on first use. Thread-safe. */
	private static final class Json {

		static final JsonMapper MAPPER = JsonMapper.builder().build();

	}

}
