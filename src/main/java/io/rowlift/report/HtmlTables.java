package io.rowlift.report;

import java.util.List;
import java.util.Set;

import tools.jackson.databind.JsonNode;

/** The HTML report's text parts: totals as cards, the phase and step tables, the choices of the run. Stateless. */
final class HtmlTables {

	private HtmlTables() {
	}

	/** The totals: this run's rows, rate and time, then the load's counts over all its runs. */
	static void cards(StringBuilder page, JsonNode summary, PhaseTimeline.Layout layout) {
		double seconds = SummaryTree.number(summary, "seconds");
		double rows = SummaryTree.number(summary, "rowsThisRun");
		page.append("<div class=\"cards\" id=\"totals\">");
		card(page, SummaryTree.count(rows), "rows written by this run");
		card(page, seconds > 0 ? SummaryTree.count(rows / seconds) : "", "rows/s");
		card(page, SummaryTree.duration(seconds), "time");
		double bytes = Double.NaN;
		for (JsonNode phase : SummaryTree.objects(summary, "phases")) {
			if ("load".equals(SummaryTree.text(phase, "name"))) {
				bytes = SummaryTree.number(phase, "bytes");
			}
		}
		if (!Double.isNaN(bytes)) {
			card(page, SummaryTree.bytes(bytes), "read by this run" + (seconds > 0 ? ", " + SummaryTree.bytes(bytes / seconds) + "/s" : ""));
		}
		card(page, SummaryTree.count(SummaryTree.number(summary, "read")), "records read, all runs");
		card(page, SummaryTree.count(SummaryTree.number(summary, "rowsTotal")), "rows written, all runs");
		for (String field : List.of("updated", "ignored", "filtered")) {
			double value = SummaryTree.number(summary, field);
			if (value > 0) {
				card(page, SummaryTree.count(value), field + ", all runs");
			}
		}
		card(page, SummaryTree.count(SummaryTree.number(summary, "rejected")), "rejected, all runs");
		double blankLines = SummaryTree.number(summary, "blankLines");
		if (blankLines > 0) { // no records, so apart from them (NaN in a summary written before they were counted)
			card(page, SummaryTree.count(blankLines), "blank lines skipped, all runs");
		}
		String partitions = SummaryTree.count(SummaryTree.number(summary, "partitions"));
		String threads = SummaryTree.count(SummaryTree.number(summary, "threads"));
		card(page, partitions, "partitions" + (threads.isEmpty() ? "" : ", " + threads + " at once"));
		page.append("</div>\n");
		String rejectFile = SummaryTree.text(summary, "rejectFile");
		if (rejectFile != null) {
			page.append("<p id=\"rejects\">Rejected records: <code>").append(Html.escape(rejectFile))
				.append("</code>, their reasons in <code>").append(Html.escape(rejectFile + ".reasons.csv")).append("</code></p>\n");
		}
	}

	private static void card(StringBuilder page, String value, String label) {
		if (!value.isEmpty()) {
			page.append("<div class=\"card\"><b>").append(Html.escape(value)).append("</b><span>").append(Html.escape(label))
				.append("</span></div>");
		}
	}

	/** The phase table (each load partition under it) when the summary has phases, and the step table. */
	static void phases(StringBuilder page, JsonNode summary, PhaseTimeline.Layout layout) {
		List<JsonNode> phases = SummaryTree.objects(summary, "phases");
		if (!phases.isEmpty()) {
			page.append("<section id=\"phase-table\"><h2>Phase by phase</h2>\n<table><thead><tr><th>phase</th><th class=\"text\">status</th>"
					+ "<th>from</th><th>time</th><th>read</th><th>written</th><th>rejected</th><th>bytes</th><th>rows/s</th></tr></thead><tbody>");
			for (int i = 0; i < phases.size(); i++) {
				JsonNode phase = phases.get(i);
				PhaseTimeline.Bar bar = layout.bars().get(i);
				phaseRow(page, phase, bar.start(), "");
				List<JsonNode> partitions = SummaryTree.objects(phase, "partitions");
				for (int j = 0; j < partitions.size(); j++) {
					phaseRow(page, partitions.get(j), bar.children().get(j).start(), " class=\"sub\"");
				}
			}
			page.append("</tbody></table>\n</section>\n");
		}
		List<JsonNode> steps = SummaryTree.objects(summary, "steps");
		if (!steps.isEmpty()) {
			page.append("<section id=\"step-table\"><h2>Steps</h2>\n<table><thead><tr><th>step</th><th class=\"text\">status</th>"
					+ "<th>read</th><th>written</th><th>time</th></tr></thead><tbody>");
			for (JsonNode step : steps) {
				page.append("<tr><td>").append(Html.escape(SummaryTree.text(step, "name"))).append("</td><td class=\"text\">")
					.append(Html.escape(HtmlReport.lower(SummaryTree.text(step, "status")))).append("</td><td>")
					.append(SummaryTree.count(SummaryTree.number(step, "read"))).append("</td><td>")
					.append(SummaryTree.count(SummaryTree.number(step, "written"))).append("</td><td>")
					.append(Html.escape(SummaryTree.duration(SummaryTree.number(step, "seconds")))).append("</td></tr>");
			}
			page.append("</tbody></table>\n</section>\n");
		}
	}

	private static void phaseRow(StringBuilder page, JsonNode node, double start, String rowClass) {
		page.append("<tr").append(rowClass).append("><td>").append(Html.escape(SummaryTree.text(node, "name")))
			.append("</td><td class=\"text\">").append(Html.escape(HtmlReport.lower(SummaryTree.text(node, "status"))))
			.append("</td><td>").append(Html.escape(SummaryTree.duration(start))).append("</td><td>")
			.append(Html.escape(SummaryTree.duration(SummaryTree.number(node, "seconds")))).append("</td>");
		for (String field : List.of("read", "written", "rejected")) {
			page.append("<td>").append(SummaryTree.count(SummaryTree.number(node, field))).append("</td>");
		}
		page.append("<td>").append(Html.escape(SummaryTree.bytes(SummaryTree.number(node, "bytes")))).append("</td><td>")
			.append(SummaryTree.count(SummaryTree.number(node, "rowsPerSecond"))).append("</td></tr>");
	}

	/** How the run loaded and why, then any other scalar field of the summary as it is. */
	static void choices(StringBuilder page, JsonNode summary, Set<String> shown) {
		page.append("<section id=\"choices\"><h2>How it loaded</h2>\n<dl>");
		choice(page, "partitions", SummaryTree.text(summary, "partitions"), SummaryTree.text(summary, "partitionsReason"));
		choice(page, "threads", SummaryTree.text(summary, "threads"), null);
		choice(page, "chunk size", SummaryTree.text(summary, "chunkSize"), null);
		choice(page, "write method", LoadSummary.setting(SummaryTree.text(summary, "writeMethod")), SummaryTree.text(summary, "writeReason"));
		choice(page, "key order", LoadSummary.setting(SummaryTree.text(summary, "keyOrder")), SummaryTree.text(summary, "keyOrderReason"));
		choice(page, "pipeline", LoadSummary.setting(SummaryTree.text(summary, "pipeline")), SummaryTree.text(summary, "pipelineReason"));
		choice(page, "indexes dropped", SummaryTree.text(summary, "indexesDropped"), null);
		choice(page, "indexes rebuilt", SummaryTree.text(summary, "indexesRebuilt"), null);
		for (String name : summary.propertyNames()) {
			if (!shown.contains(name)) {
				choice(page, name, SummaryTree.text(summary, name), null);
			}
		}
		page.append("</dl>\n</section>\n");
	}

	private static void choice(StringBuilder page, String name, String value, String reason) {
		if (value == null) {
			return;
		}
		page.append("<dt>").append(Html.escape(name)).append("</dt><dd>").append(Html.escape(value));
		if (reason != null && !reason.isEmpty()) {
			page.append(" <span class=\"note\">(").append(Html.escape(reason)).append(")</span>");
		}
		page.append("</dd>");
	}

}
