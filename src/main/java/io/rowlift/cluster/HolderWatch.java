package io.rowlift.cluster;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * Whether the worker holding a partition is alive, as this process sees its heartbeat ({@link Heartbeats}):
 * each look reads the worker's count of beats, and the time since the count last moved is measured by this
 * process's own clock from the first look that saw that count. So a silence is never overstated (it may be
 * understated by up to the time before the first look), and no two machines' clocks are compared.
 * Thread-safe.
 */
final class HolderWatch {

	/** Beats a worker may miss before it is taken as gone: a late beat or two is a busy machine, not a dead one. */
	static final int BEATS_MISSED = 3;

	/**
	 * A worker's heart as this process sees it.
	 * @param silent how long its count of beats has not moved (as far as this process watched it)
	 * @param interval how often it beats
	 */
	record Heart(Duration silent, Duration interval) {

		/** It missed a beat: its partitions wait for it (the manager says so). */
		boolean late() {
			return this.silent.compareTo(this.interval.multipliedBy(2)) >= 0;
		}

		/** It missed {@value HolderWatch#BEATS_MISSED} beats: taken as gone, its partitions may be taken over. */
		boolean stopped() {
			return this.silent.compareTo(this.interval.multipliedBy(BEATS_MISSED)) >= 0;
		}

	}

	private record Seen(long beats, long sinceNanos) {
	}

	private final Function<String, Optional<Heartbeats.Beat>> heartbeats;

	private final LongSupplier nanos;

	private final Map<String, Seen> seen = new ConcurrentHashMap<>();

	/**
	 * @param heartbeats a worker's row ({@link Heartbeats#read})
	 * @param nanos this process's clock ({@link System#nanoTime})
	 */
	HolderWatch(Function<String, Optional<Heartbeats.Beat>> heartbeats, LongSupplier nanos) {
		this.heartbeats = heartbeats;
		this.nanos = nanos;
	}

	/**
	 * Reads {@code worker}'s heartbeat now.
	 * @return empty when the worker keeps none (a version without heartbeats, a worker that stopped and removed
	 * its row, a database that cannot be read now): then only the partition's lease tells whether it is gone
	 */
	Optional<Heart> look(String worker) {
		return seen(worker, this.heartbeats.apply(worker));
	}

	/** As {@link #look}, with the worker's row read already (the manager reads every row at once). */
	Optional<Heart> seen(String worker, Optional<Heartbeats.Beat> beat) {
		long now = this.nanos.getAsLong();
		if (beat.isEmpty()) {
			this.seen.remove(worker);
			return Optional.empty();
		}
		long beats = beat.get().beats();
		Seen since = this.seen.compute(worker, (name, old) -> old != null && old.beats() == beats ? old : new Seen(beats, now));
		return Optional.of(new Heart(Duration.ofNanos(now - since.sinceNanos()), beat.get().interval()));
	}

}
