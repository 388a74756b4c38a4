package io.rowlift.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import tools.jackson.databind.JsonNode;

/**
 * The rows/s of each partition over the run, as inline SVG: one line per partition
 * ({@code <polyline class="series" data-partition="...">}) and a dashed line for their sum.
 * <p>
 * The rates come from the summary's {@code samples} (cumulative rows of each partition at {@code t}
 * seconds from the run's start): the rate of an interval is its rows over its seconds, drawn at the
 * interval's middle; a partition's line starts at zero rows at its start time when the summary
 * has it. A long run is thinned to at most {@value #MAX_INTERVALS} intervals per line by merging
 * neighbours, which keeps each point an exact average. A summary without samples draws each
 * partition's average rate, flat over its time bar ({@link PhaseTimeline}), and says so. Stateless.
 */
final class ThroughputChart {

	static final int MAX_INTERVALS = 300;

	/**
	 * The shortest interval of the total's line. The total is read at every time any partition has a
	 * point; where one partition ends and the next starts on its thread (two step times, microseconds
	 * apart) that makes an interval in which nobody committed, and its rate of 0 was drawn as a drop to
	 * 0 at every handover. A quarter of the sampling period merges such slivers into their neighbours.
	 */
	static final double TOTAL_MIN_SECONDS = 0.25;

	private static final int WIDTH = PhaseTimeline.WIDTH;

	private static final int HEIGHT = 320;

	/** The plot starts where the timeline's bars do, so that one time is at one x in both. */
	private static final int LEFT = PhaseTimeline.LABEL;

	private static final int RIGHT = 20;

	private static final int TOP = 12;

	private static final int BOTTOM = 32;

	/** A point: {@code t} seconds from the run's start, {@code rate} rows/s. */
	record Point(double t, double rate) {
	}

	/**
	 * One line.
	 * @param partition its partition's name
	 * @param points in time order
	 * @param rows rows the partition wrote in this run (the last sample), or {@code NaN}
	 */
	record Series(String partition, List<Point> points, double rows) {
	}

	/**
	 * What the chart draws.
	 * @param series one per partition, in partition order
	 * @param total the sum of the partitions' rates (empty when drawn from averages)
	 * @param sampled whether the lines come from samples (else from averages)
	 */
	record Chart(List<Series> series, List<Point> total, boolean sampled) {

		/** The latest time of any point, or 0. */
		double end() {
			double end = 0;
			for (List<Point> line : lines(this)) {
				for (Point p : line) {
					end = Math.max(end, p.t());
				}
			}
			return end;
		}

	}

	private ThroughputChart() {
	}

	/** The lines of {@code summary}: from its samples, else the averages of the partitions of {@code layout}. */
	static Chart chart(JsonNode summary, PhaseTimeline.Layout layout) {
		Map<String, List<double[]>> samples = new LinkedHashMap<>();
		for (JsonNode sample : SummaryTree.objects(summary, "samples")) {
			String partition = SummaryTree.text(sample, "partition");
			double t = SummaryTree.number(sample, "t");
			double rows = SummaryTree.number(sample, "rows");
			if (partition != null && !Double.isNaN(t) && !Double.isNaN(rows)) {
				samples.computeIfAbsent(partition, p -> new ArrayList<>()).add(new double[] { t, rows });
			}
		}
		Map<String, Double> starts = new LinkedHashMap<>();
		for (PhaseTimeline.Bar bar : layout.bars()) {
			for (PhaseTimeline.Bar child : bar.children()) {
				starts.put(child.name(), child.start());
			}
		}
		if (samples.isEmpty()) {
			return averages(layout);
		}
		List<String> names = new ArrayList<>(samples.keySet());
		names.sort(Comparator.comparing(ThroughputChart::partitionNumber).thenComparing(Comparator.naturalOrder()));
		List<Series> series = new ArrayList<>();
		List<List<double[]>> cumulative = new ArrayList<>();
		for (String name : names) {
			List<double[]> points = samples.get(name);
			points.sort(Comparator.comparingDouble(p -> p[0]));
			Double start = starts.get(name);
			if (start != null && start < points.get(0)[0] && points.get(0)[1] > 0) {
				points.add(0, new double[] { start, 0 });
			}
			cumulative.add(points);
			series.add(new Series(name, rates(points), points.get(points.size() - 1)[1]));
		}
		return new Chart(series, rates(sum(cumulative), TOTAL_MIN_SECONDS), true);
	}

	private static Chart averages(PhaseTimeline.Layout layout) {
		List<Series> series = new ArrayList<>();
		for (PhaseTimeline.Bar bar : layout.bars()) {
			for (PhaseTimeline.Bar child : bar.children()) {
				double rate = child.rate();
				if (Double.isNaN(rate) || Double.isInfinite(rate) || !(child.seconds() > 0)) {
					rate = 0;
				}
				double seconds = Double.isNaN(child.seconds()) ? 0 : child.seconds();
				series.add(new Series(child.name(), List.of(new Point(child.start(), rate), new Point(child.start() + seconds, rate)),
						child.written()));
			}
		}
		return new Chart(series, List.of(), false);
	}

	/** The number in {@code partition12}, or {@code Integer.MAX_VALUE} for another name. */
	private static int partitionNumber(String name) {
		int i = name.length();
		while (i > 0 && Character.isDigit(name.charAt(i - 1))) {
			i--;
		}
		return i == name.length() || name.length() - i > 9 ? Integer.MAX_VALUE : Integer.parseInt(name.substring(i));
	}

	/** Rates between cumulative points, thinned to at most {@link #MAX_INTERVALS} intervals. */
	static List<Point> rates(List<double[]> cumulative) {
		return rates(cumulative, 0);
	}

	/**
	 * Rates between cumulative points, thinned to at most {@link #MAX_INTERVALS} intervals, none shorter
	 * than {@code minSeconds} (a shorter one is merged with the next, or the last with the one before),
	 * which keeps every point an exact average.
	 */
	static List<Point> rates(List<double[]> cumulative, double minSeconds) {
		int step = Math.max(1, (cumulative.size() - 1 + MAX_INTERVALS - 1) / MAX_INTERVALS);
		List<Point> points = new ArrayList<>();
		int from = 0;
		int previousFrom = -1;
		while (from < cumulative.size() - 1) {
			int to = Math.min(from + step, cumulative.size() - 1);
			while (to < cumulative.size() - 1 && cumulative.get(to)[0] - cumulative.get(from)[0] < minSeconds) {
				to++;
			}
			if (to == cumulative.size() - 1 && cumulative.get(to)[0] - cumulative.get(from)[0] < minSeconds && previousFrom >= 0) {
				points.remove(points.size() - 1); // a short last interval joins the one before
				from = previousFrom;
			}
			double[] a = cumulative.get(from);
			double[] b = cumulative.get(to);
			if (b[0] > a[0]) {
				points.add(new Point((a[0] + b[0]) / 2, Math.max(0, (b[1] - a[1]) / (b[0] - a[0]))));
				previousFrom = from;
			}
			from = to;
		}
		return points;
	}

	/**
	 * The sum of cumulative lines at every time any of them has, each read by linear interpolation
	 * (0 before its first point, its last value after its last). One pass: a cursor per line moves
	 * forward with the time, so an hour of one-second samples of many partitions stays quick.
	 */
	private static List<double[]> sum(List<List<double[]>> lines) {
		TreeSet<Double> times = new TreeSet<>();
		for (List<double[]> line : lines) {
			for (double[] p : line) {
				times.add(p[0]);
			}
		}
		int[] cursors = new int[lines.size()];
		List<double[]> total = new ArrayList<>(times.size());
		for (double t : times) {
			double rows = 0;
			for (int i = 0; i < lines.size(); i++) {
				List<double[]> line = lines.get(i);
				while (cursors[i] < line.size() && line.get(cursors[i])[0] < t) {
					cursors[i]++;
				}
				rows += at(line, cursors[i], t);
			}
			total.add(new double[] { t, rows });
		}
		return total;
	}

	/** The line's value at {@code t}, where {@code next} is its first point at or after {@code t}. */
	private static double at(List<double[]> line, int next, double t) {
		if (next == line.size()) {
			return line.get(line.size() - 1)[1];
		}
		double[] b = line.get(next);
		if (b[0] == t) {
			return b[1];
		}
		if (next == 0) {
			return 0;
		}
		double[] a = line.get(next - 1);
		return a[1] + (b[1] - a[1]) * (t - a[0]) / (b[0] - a[0]);
	}

	/**
	 * The chart as an {@code <svg>} element, or a note when there is nothing to draw.
	 * @param span seconds the time axis covers at least (the timeline's, so that both align)
	 */
	static String svg(Chart chart, double span) {
		if (chart.series().isEmpty()) {
			return "<p class=\"note\">This summary has neither samples nor partitions to draw.</p>";
		}
		double tMax = Double.isNaN(span) ? 0 : span;
		double rMax = 0;
		for (List<Point> line : lines(chart)) {
			for (Point p : line) {
				tMax = Math.max(tMax, p.t());
				rMax = Math.max(rMax, p.rate());
			}
		}
		List<Double> tTicks = Axis.timeTicks(Math.max(tMax, 1e-3), 8);
		List<Double> rTicks = Axis.valueTicks(Math.max(rMax, 1), 5);
		double tAxis = tTicks.get(tTicks.size() - 1);
		double rAxis = rTicks.get(rTicks.size() - 1);
		double plotW = WIDTH - LEFT - RIGHT;
		double plotH = HEIGHT - TOP - BOTTOM;
		StringBuilder svg = new StringBuilder();
		svg.append("<svg class=\"throughput\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
			.append("\" width=\"100%\" role=\"img\" aria-label=\"rows per second of each partition over time\"")
			.append(" data-left=\"").append(LEFT).append("\" data-top=\"").append(TOP).append("\" data-width=\"")
			.append(Html.coordinate(plotW)).append("\" data-height=\"").append(Html.coordinate(plotH)).append("\" data-tmax=\"")
			.append(tAxis).append("\" data-rmax=\"").append(rAxis).append("\">");
		for (double tick : rTicks) {
			double y = TOP + plotH - tick / rAxis * plotH;
			svg.append("<line class=\"grid\" x1=\"").append(LEFT).append("\" x2=\"").append(Html.coordinate(LEFT + plotW))
				.append("\" y1=\"").append(Html.coordinate(y)).append("\" y2=\"").append(Html.coordinate(y)).append("\"/>");
			svg.append("<text class=\"tick\" x=\"").append(LEFT - 6).append("\" y=\"").append(Html.coordinate(y + 4))
				.append("\" text-anchor=\"end\">").append(SummaryTree.shortCount(tick)).append("</text>");
		}
		for (double tick : tTicks) {
			double x = LEFT + tick / tAxis * plotW;
			svg.append("<line class=\"grid\" x1=\"").append(Html.coordinate(x)).append("\" x2=\"").append(Html.coordinate(x))
				.append("\" y1=\"").append(TOP).append("\" y2=\"").append(Html.coordinate(TOP + plotH)).append("\"/>");
			svg.append("<text class=\"tick\" x=\"").append(Html.coordinate(x)).append("\" y=\"").append(HEIGHT - 12)
				.append("\" text-anchor=\"middle\">").append(Html.escape(Axis.timeLabel(tick, tAxis))).append("</text>");
		}
		// left of the tick labels, where no line can run under it
		svg.append("<text class=\"axis-title\" x=\"").append(LEFT - 48).append("\" y=\"").append(Html.coordinate(TOP + plotH / 2))
			.append("\" text-anchor=\"end\">rows/s</text>");
		if (!chart.total().isEmpty()) {
			polyline(svg, "series-total", "total", "#333", chart.total(), tAxis, rAxis, plotW, plotH);
		}
		for (int i = 0; i < chart.series().size(); i++) {
			Series s = chart.series().get(i);
			polyline(svg, "series", s.partition(), Html.seriesColor(i), s.points(), tAxis, rAxis, plotW, plotH);
		}
		return svg.append("</svg>").toString();
	}

	private static List<List<Point>> lines(Chart chart) {
		List<List<Point>> lines = new ArrayList<>();
		lines.add(chart.total());
		for (Series s : chart.series()) {
			lines.add(s.points());
		}
		return lines;
	}

	private static void polyline(StringBuilder svg, String kind, String name, String color, List<Point> points, double tAxis,
			double rAxis, double plotW, double plotH) {
		svg.append("<polyline class=\"").append(kind).append("\" data-partition=\"").append(Html.escape(name))
			.append("\" fill=\"none\" stroke=\"").append(color).append("\" points=\"");
		for (Point p : points) {
			svg.append(Html.coordinate(LEFT + p.t() / tAxis * plotW)).append(',')
				.append(Html.coordinate(TOP + plotH - p.rate() / rAxis * plotH)).append(' ');
		}
		svg.append("\"><title>").append(Html.escape(name)).append("</title></polyline>");
	}

}
