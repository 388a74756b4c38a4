package io.rowlift.report;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress as a bar on a terminal, drawn by the progressbar library (me.tongfei:progressbar, which
 * asks JLine for the terminal's width): one bar per phase, redrawn in place, left on screen when the
 * phase ends. Bytes phases (sort, load) show the percentage of bytes, MiB done of the total, MiB/s and
 * the ETA (the library's, from this run's rate), and for the load the rows and rows/s; the index
 * build shows its index count and the time it has taken. Used from one thread (the sampler's); the
 * library redraws from a thread of its own.
 */
final class ProgressBars implements ProgressDisplay {

	private static final long MB = 1 << 20;

	/** MiB/s with its leading zero: the library's default ({@code #.0}) draws 0.4 as {@code .4}. */
	private static final java.text.DecimalFormat SPEED = new java.text.DecimalFormat("0.0",
			java.text.DecimalFormatSymbols.getInstance(Locale.ROOT));

	private final PrintStream out;

	private ProgressBar bar;

	private String phase;

	ProgressBars(PrintStream out) {
		this.out = out;
	}

	@Override
	public void show(ProgressSnapshot s) {
		if (!s.phase().equals(this.phase)) {
			close();
			this.phase = s.phase();
			this.bar = open(s);
		}
		if ("bytes".equals(s.unit())) {
			if (s.total() >= 0 && s.total() != this.bar.getMax()) {
				this.bar.maxHint(s.total());
			}
			this.bar.stepTo(s.done());
		}
		this.bar.setExtraMessage(extra(s));
	}

	private ProgressBar open(ProgressSnapshot s) {
		ProgressBarBuilder builder = new ProgressBarBuilder().setTaskName(s.phase())
			.setStyle(ProgressBarStyle.ASCII)
			.setUpdateIntervalMillis(250)
			.setConsumer(new ConsoleProgressBarConsumer(this.out));
		if ("bytes".equals(s.unit())) {
			builder.setInitialMax(Math.max(s.total(), 0)).setUnit(" MiB", MB).showSpeed(SPEED).startsFrom(s.done(), Duration.ZERO);
		}
		else { // the index build (one statement per index, no measure within) or a step without a measure:
			// the bar shows that it runs, and for how long
			builder.setInitialMax(-1).hideEta();
		}
		return builder.build();
	}

	private static String extra(ProgressSnapshot s) {
		if ("load".equals(s.phase()) || "infer".equals(s.phase())) {
			return String.format(Locale.ROOT, " %s, %,.0f rows/s", RowCount.of(s.rows()), s.rowsPerSecond());
		}
		if ("indexes".equals(s.unit())) {
			return " " + ProgressLines.indexes(s);
		}
		return s.detail() == null ? "" : " " + s.detail();
	}

	@Override
	public void close() {
		if (this.bar != null) {
			this.bar.close();
			this.bar = null;
		}
		this.out.flush();
	}

}
