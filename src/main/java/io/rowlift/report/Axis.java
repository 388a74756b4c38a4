package io.rowlift.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Round tick values for the report's charts: seconds on a time axis, counts on a value axis. Stateless. */
final class Axis {

	private static final double[] TIME_STEPS = { 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200,
			10800, 21600, 43200, 86400 };

	private Axis() {
	}

	/** Ticks from 0 to at least {@code max} seconds, about {@code count} of them, on round times. */
	static List<Double> timeTicks(double max, int count) {
		double want = max / count;
		double step = TIME_STEPS[TIME_STEPS.length - 1];
		for (double candidate : TIME_STEPS) {
			if (candidate >= want) {
				step = candidate;
				break;
			}
		}
		return ticks(max, step);
	}

	/** Ticks from 0 to at least {@code max}, about {@code count} of them, on 1, 2 or 5 times a power of ten. */
	static List<Double> valueTicks(double max, int count) {
		double raw = Math.max(max, 1e-9) / count;
		double power = Math.pow(10, Math.floor(Math.log10(raw)));
		double step = raw <= power ? power : raw <= 2 * power ? 2 * power : raw <= 5 * power ? 5 * power : 10 * power;
		return ticks(max, step);
	}

	private static List<Double> ticks(double max, double step) {
		List<Double> ticks = new ArrayList<>();
		for (int i = 0; ticks.isEmpty() || ticks.get(ticks.size() - 1) < max - 1e-9; i++) {
			ticks.add(i * step);
		}
		if (ticks.size() == 1) {
			ticks.add(step);
		}
		return ticks;
	}

	/** A time-axis label: {@code 0.5 s}, {@code 45 s}, {@code 2:30} (minutes), {@code 1:05:00} (hours). */
	static String timeLabel(double seconds, double max) {
		if (max < 120) {
			return (seconds == Math.rint(seconds) ? String.format(Locale.ROOT, "%.0f", seconds)
					: String.format(Locale.ROOT, "%.1f", seconds)) + " s";
		}
		long s = Math.round(seconds);
		if (max < 7200) {
			return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
		}
		return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s % 3600 / 60, s % 60);
	}

}
