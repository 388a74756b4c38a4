package io.rowlift.report;

import java.io.PrintStream;
import java.time.Duration;

/**
 * Shows a running load's progress: the sampler hands it a {@link ProgressSnapshot} every tick
 * (about once a second, or more often for a short interval), from one thread. Implementations write
 * to standard error, never to standard output, which carries the summary that scripts read.
 */
public interface ProgressDisplay extends AutoCloseable {

	/** A snapshot of the load; the display decides whether to draw now. */
	void show(ProgressSnapshot snapshot);

	/** Draws the last snapshot if it was not drawn, and lets go of the output. */
	@Override
	void close();

	/** The display for {@code mode}, with {@code AUTO} resolved by {@code terminal}. */
	static ProgressDisplay of(ProgressMode mode, Duration interval, boolean terminal, PrintStream err) {
		return switch (mode) {
			case NONE -> new ProgressDisplay() {

				@Override
				public void show(ProgressSnapshot snapshot) {
				}

				@Override
				public void close() {
				}

			};
			case BAR -> new ProgressBars(err);
			case LINES -> new ProgressLines(err, interval, false);
			case PARTITIONS -> new ProgressLines(err, interval, true);
			case AUTO -> terminal ? new ProgressBars(err) : new ProgressLines(err, interval, false);
		};
	}

}
