package io.rowlift.report;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress as plain lines, for output that is not a terminal (a log file, CI, a scheduler): one line
 * every interval, starting {@code rowlift: progress}, and with {@code partitions} one more line per
 * partition the run has opened. A line is also written when a phase begins, so a short phase between
 * two intervals is not missed; nothing is redrawn. Used from one thread (the sampler's).
 */
final class ProgressLines implements ProgressDisplay {

	private final PrintStream out;

	private final long intervalNanos;

	private final boolean partitions;

	private long lastPrinted;

	private String lastPhase;

	private ProgressSnapshot pending;

	ProgressLines(PrintStream out, Duration interval, boolean partitions) {
		this.out = out;
		this.intervalNanos = interval.toNanos();
		this.partitions = partitions;
	}

	@Override
	public void show(ProgressSnapshot snapshot) {
		long now = System.nanoTime();
		boolean newPhase = !snapshot.phase().equals(this.lastPhase);
		if (newPhase && this.lastPhase != null && this.pending != null) {
			print(this.pending); // the end of the phase that ends
		}
		if (newPhase || now - this.lastPrinted >= this.intervalNanos) {
			print(snapshot);
			this.lastPrinted = now;
			this.lastPhase = snapshot.phase();
			this.pending = null;
		}
		else {
			this.pending = snapshot;
		}
	}

	@Override
	public void close() {
		if (this.pending != null) {
			print(this.pending);
			this.pending = null;
		}
		this.out.flush();
	}

	private void print(ProgressSnapshot s) {
		this.out.println(line(s));
		if (this.partitions) {
			for (ProgressSnapshot.PartitionProgressLine p : s.partitions()) {
				this.out.println(partitionLine(s.phase(), p));
			}
		}
		this.out.flush();
	}

	/** The line of a snapshot, as in {@code rowlift: progress load 45.2% 123.4 of 273.0 MiB, ...}. */
	static String line(ProgressSnapshot s) {
		StringBuilder sb = new StringBuilder("rowlift: progress ").append(s.phase());
		if ("bytes".equals(s.unit())) {
			sb.append(s.percent() >= 0 ? String.format(Locale.ROOT, " %.1f%%", s.percent()) : "")
				.append(String.format(Locale.ROOT, " %s of %s MiB", mb(s.done()), s.total() >= 0 ? mb(s.total()) : "?"));
			if ("load".equals(s.phase()) || "infer".equals(s.phase())) {
				sb.append(String.format(Locale.ROOT, ", %s, %,.0f rows/s", RowCount.of(s.rows()), s.rowsPerSecond()));
			}
			sb.append(String.format(Locale.ROOT, ", %s MiB/s", mb((long) s.bytesPerSecond())));
			sb.append(", ETA ").append(s.eta() == null ? "?" : clock(s.eta()));
		}
		else if ("indexes".equals(s.unit())) {
			sb.append(' ').append(indexes(s));
		}
		if (s.detail() != null) {
			sb.append(", ").append(s.detail());
		}
		sb.append(", phase ").append(clock(s.phaseElapsed())).append(", elapsed ").append(clock(s.elapsed()));
		return sb.toString();
	}

	/** {@code building 3 indexes} or {@code 3 indexes built}: a dialect builds them in one go, with no count between. */
	static String indexes(ProgressSnapshot s) {
		String count = s.total() + " index" + (s.total() == 1 ? "" : "es");
		return s.done() >= s.total() ? count + " built" : "building " + count;
	}

	static String partitionLine(String phase, ProgressSnapshot.PartitionProgressLine p) {
		double percent = p.total() > 0 ? Math.min(100.0, 100.0 * p.done() / p.total()) : 100.0;
		return String.format(Locale.ROOT, "rowlift: progress %s %s %s %.1f%% %s of %s MiB, %s, %,.0f rows/s", phase,
				p.name(), p.status(), percent, mb(p.done()), mb(p.total()), RowCount.of(p.rows()), p.rowsPerSecond());
	}

	/** Bytes in MiB (2^20 bytes), one decimal: the one unit of the text report, the progress and the HTML report. */
	static String mb(long bytes) {
		return String.format(Locale.ROOT, "%,.1f", bytes / 1048576.0);
	}

	/** {@code H:MM:SS}. */
	static String clock(Duration d) {
		long s = Math.max(0, d.toSeconds());
		return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
	}

}
