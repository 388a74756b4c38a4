package io.rowlift.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import tools.jackson.databind.JsonNode;

/**
 * The phases of a run on a time axis (a Gantt chart as inline SVG): one bar per phase, and under a
 * phase with partitions (the load) one thinner bar per partition, colored by status, with the
 * duration written in and the figures in a tooltip. Bars come from the summary's {@code phases}
 * (their {@code startedAt}, else one after the other); a summary without phases falls back to its
 * {@code steps}, laid one after the other (their start times are not in the summary), with each
 * {@code step:partitionN} under the step before it, starting with it. Stateless.
 */
final class PhaseTimeline {

	static final int WIDTH = 960;

	static final int LABEL = 170;

	private static final int RIGHT = 20;

	private static final int ROW = 24;

	private static final int SUB_ROW = 16;

	private static final int AXIS = 28;

	/**
	 * One bar.
	 * @param name phase or partition name
	 * @param status its status, or null
	 * @param start seconds from the run's start
	 * @param seconds its duration, or {@code NaN}
	 * @param written rows written, or {@code NaN}
	 * @param rowsPerSecond its rate, or {@code NaN}
	 * @param children the partitions of a load phase
	 */
	record Bar(String name, String status, double start, double seconds, double written, double rowsPerSecond,
			List<Bar> children) {

		double end() {
			return this.start + (Double.isNaN(this.seconds) ? 0 : this.seconds);
		}

		/** Its own rate, or written / seconds. */
		double rate() {
			if (!Double.isNaN(this.rowsPerSecond)) {
				return this.rowsPerSecond;
			}
			return this.seconds > 0 ? this.written / this.seconds : Double.NaN;
		}

	}

	/**
	 * The bars of a run.
	 * @param bars phases in order
	 * @param fromSteps whether they were laid out from the steps (no phases in the summary)
	 */
	record Layout(List<Bar> bars, boolean fromSteps) {

		double end() {
			double end = 0;
			for (Bar bar : this.bars) {
				end = Math.max(end, bar.end());
				for (Bar child : bar.children()) {
					end = Math.max(end, child.end());
				}
			}
			return end;
		}

	}

	private PhaseTimeline() {
	}

	/** The bars of {@code summary}, times relative to {@code origin} (the run's start, may be null). */
	static Layout layout(JsonNode summary, Instant origin) {
		List<JsonNode> phases = SummaryTree.objects(summary, "phases");
		if (!phases.isEmpty()) {
			List<Bar> bars = new ArrayList<>();
			double next = 0;
			for (JsonNode phase : phases) {
				Bar bar = bar(phase, origin, next);
				List<Bar> children = new ArrayList<>();
				for (JsonNode partition : SummaryTree.objects(phase, "partitions")) {
					Bar child = bar(partition, origin, bar.start());
					String worker = SummaryTree.text(partition, "worker");
					if (worker != null && !worker.isBlank()) { // a cluster's worker loaded it (docs/cluster.md)
						child = new Bar(child.name() + " on " + worker, child.status(), child.start(), child.seconds(), child.written(),
								child.rowsPerSecond(), child.children());
					}
					children.add(child);
				}
				bar = new Bar(bar.name(), bar.status(), bar.start(), bar.seconds(), bar.written(), bar.rowsPerSecond(), children);
				bars.add(bar);
				next = bar.end();
			}
			return new Layout(bars, false);
		}
		List<Bar> bars = new ArrayList<>();
		double next = 0;
		for (JsonNode step : SummaryTree.objects(summary, "steps")) {
			String name = String.valueOf(SummaryTree.text(step, "name"));
			if (name.contains(":") && !bars.isEmpty()) {
				Bar parent = bars.get(bars.size() - 1);
				parent.children().add(new Bar(name.substring(name.indexOf(':') + 1), SummaryTree.text(step, "status"), parent.start(),
						SummaryTree.number(step, "seconds"), SummaryTree.number(step, "written"), Double.NaN, List.of()));
				continue;
			}
			Bar bar = new Bar(name, SummaryTree.text(step, "status"), next, SummaryTree.number(step, "seconds"),
					SummaryTree.number(step, "written"), Double.NaN, new ArrayList<>());
			bars.add(bar);
			next = bar.end();
		}
		return new Layout(bars, true);
	}

	private static Bar bar(JsonNode node, Instant origin, double fallbackStart) {
		double start = SummaryTree.offset(origin, SummaryTree.instant(node, "startedAt"));
		return new Bar(String.valueOf(SummaryTree.text(node, "name")), SummaryTree.text(node, "status"),
				Double.isNaN(start) ? fallbackStart : start, SummaryTree.number(node, "seconds"),
				SummaryTree.number(node, "written"), SummaryTree.number(node, "rowsPerSecond"), List.of());
	}

	/**
	 * The timeline as an {@code <svg>} element, or a note when there is nothing to draw.
	 * @param span seconds the time axis covers at least (the run's, so that the chart below aligns)
	 */
	static String svg(Layout layout, double span) {
		if (layout.bars().isEmpty()) {
			return "<p class=\"note\">This summary has neither phases nor steps to draw.</p>";
		}
		double max = Math.max(Math.max(layout.end(), Double.isNaN(span) ? 0 : span), 1e-3);
		List<Double> ticks = Axis.timeTicks(max, 8);
		double axisMax = ticks.get(ticks.size() - 1);
		int rows = 0;
		for (Bar bar : layout.bars()) {
			rows += ROW + bar.children().size() * SUB_ROW;
		}
		int height = rows + AXIS + 8;
		double plot = WIDTH - LABEL - RIGHT;
		StringBuilder svg = new StringBuilder();
		svg.append("<svg class=\"timeline\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
			.append("\" width=\"100%\" role=\"img\" aria-label=\"phases of the run on a time axis\">");
		for (double tick : ticks) {
			double x = LABEL + tick / axisMax * plot;
			svg.append("<line class=\"grid\" x1=\"").append(Html.coordinate(x)).append("\" x2=\"").append(Html.coordinate(x))
				.append("\" y1=\"0\" y2=\"").append(rows).append("\"/>");
			svg.append("<text class=\"tick\" x=\"").append(Html.coordinate(x)).append("\" y=\"").append(rows + 18)
				.append("\" text-anchor=\"middle\">").append(Html.escape(Axis.timeLabel(tick, axisMax))).append("</text>");
		}
		int y = 0;
		for (Bar bar : layout.bars()) {
			appendBar(svg, bar, "phase", y, ROW, plot, axisMax);
			y += ROW;
			for (Bar child : bar.children()) {
				appendBar(svg, child, "partition", y, SUB_ROW, plot, axisMax);
				y += SUB_ROW;
			}
		}
		return svg.append("</svg>").toString();
	}

	private static void appendBar(StringBuilder svg, Bar bar, String kind, int y, int row, double plot, double axisMax) {
		double seconds = Double.isNaN(bar.seconds()) ? 0 : bar.seconds();
		double x = LABEL + bar.start() / axisMax * plot;
		double w = Math.max(seconds / axisMax * plot, 2);
		int pad = "phase".equals(kind) ? 4 : 2;
		svg.append("<g class=\"").append(kind).append("\" data-name=\"").append(Html.escape(bar.name())).append("\">");
		svg.append("<title>").append(Html.escape(tooltip(bar))).append("</title>");
		svg.append("<text class=\"label ").append(kind).append("-label\" x=\"").append("phase".equals(kind) ? 4 : 18)
			.append("\" y=\"").append(y + row / 2 + 4).append("\">").append(Html.escape(bar.name())).append("</text>");
		svg.append("<rect x=\"").append(Html.coordinate(x)).append("\" y=\"").append(y + pad).append("\" width=\"")
			.append(Html.coordinate(w)).append("\" height=\"").append(row - 2 * pad).append("\" rx=\"2\" fill=\"")
			.append(Html.statusColor(bar.status())).append("\"/>");
		String label = SummaryTree.duration(bar.seconds());
		boolean inside = w > 7 * label.length() + 8;
		svg.append("<text class=\"").append(inside ? "inbar" : "outbar").append("\" x=\"")
			.append(Html.coordinate(inside ? x + 4 : x + w + 4)).append("\" y=\"").append(y + row / 2 + 4).append("\">")
			.append(Html.escape(label)).append("</text></g>");
	}

	private static String tooltip(Bar bar) {
		StringBuilder sb = new StringBuilder(bar.name());
		if (bar.status() != null) {
			sb.append(" (").append(bar.status().toLowerCase(java.util.Locale.ROOT)).append(')');
		}
		sb.append(": ").append(SummaryTree.duration(bar.seconds()));
		sb.append(" from ").append(SummaryTree.duration(bar.start()));
		if (!Double.isNaN(bar.written())) {
			sb.append(", ").append(SummaryTree.count(bar.written())).append(" rows written");
		}
		double rate = bar.rate();
		if (!Double.isNaN(rate) && !Double.isInfinite(rate)) {
			sb.append(", ").append(SummaryTree.count(rate)).append(" rows/s");
		}
		return sb.toString();
	}

}
