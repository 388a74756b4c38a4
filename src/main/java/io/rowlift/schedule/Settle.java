package io.rowlift.schedule;

import java.time.Duration;
import java.time.Instant;

/**
 * Whether a file is complete enough to take: nothing about it changed within the settle time. A
 * writer that is still appending keeps moving the modification time, so a file is taken only when its
 * modification time is at least {@code settle} old; and when the service saw it at an earlier tick
 * with another size or time (a writer that sets an old modification time, as {@code cp -p} does at
 * its end), it waits one more tick, since the change happened after that sighting and may be recent.
 * Pure and immutable.
 */
final class Settle {

	private final Duration settle;

	Settle(Duration settle) {
		if (settle == null || settle.isNegative()) {
			throw new IllegalArgumentException("rowlift.schedule.settle must be zero or more, got " + settle);
		}
		this.settle = settle;
	}

	/**
	 * @param now what the file looks like now
	 * @param before what it looked like at an earlier tick, or null when not seen before
	 * @param clock the time now
	 * @return whether to take it in this tick
	 */
	boolean ready(Sighting now, Sighting before, Instant clock) {
		if (now.modified().plus(this.settle).isAfter(clock)) {
			return false;
		}
		return before == null || before.sameAs(now);
	}

	/**
	 * What a file looked like.
	 *
	 * @param size its size in bytes
	 * @param modified its modification time
	 */
	record Sighting(long size, Instant modified) {

		boolean sameAs(Sighting other) {
			return this.size == other.size && this.modified.equals(other.modified);
		}

	}

}
