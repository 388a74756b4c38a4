package io.rowlift.progress;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The phases of a load that happen inside a step and have no counter of their own in Spring Batch
 * (the external sort inside the load step, the index build): the code doing the work announces the
 * phase and advances its counter now and then; the progress sampler and the run report read them.
 *
 * <p>Cost: a phase is announced once, and its counter moves once per batch of work (the sort adds
 * its bytes every few thousand records), never per record. Thread-safe: several sorting threads
 * advance one phase. One load at a time per process; {@link #reset} before the next.
 */
public final class PhaseTracker {

	/** A tracker that records nothing, for callers outside a load (tests, tools). */
	public static final PhaseTracker NONE = new PhaseTracker();

	private final List<Phase> phases = new CopyOnWriteArrayList<>();

	/**
	 * Announces a phase that starts now.
	 * @param name the phase as the report names it ({@code sort}, {@code index-rebuild})
	 * @param unit what {@code total} counts ({@code bytes}, {@code indexes})
	 * @param total units of work in the phase, or -1 when unknown
	 */
	public Phase begin(String name, String unit, long total) {
		Phase phase = new Phase(name, unit, total);
		if (this != NONE) {
			this.phases.add(phase);
		}
		return phase;
	}

	/** The latest phase that has not ended, or null. */
	public Phase current() {
		Phase current = null;
		for (Phase phase : this.phases) {
			if (!phase.ended()) {
				current = phase;
			}
		}
		return current;
	}

	/** Every phase announced since the last {@link #reset}, in order. */
	public List<Phase> all() {
		return new ArrayList<>(this.phases);
	}

	/** Forgets the phases, for the next load in this process. */
	public void reset() {
		this.phases.clear();
	}

	/** One phase: when it started, how far it is, when it ended. Thread-safe. */
	public static final class Phase implements AutoCloseable {

		private final String name;

		private final String unit;

		private final long total;

		private final Instant startedAt = Instant.now();

		private final long startedNanos = System.nanoTime();

		private final AtomicLong done = new AtomicLong();

		private volatile long endedNanos = -1;

		private volatile String status = "STARTED";

		private volatile String detail;

		Phase(String name, String unit, long total) {
			this.name = name;
			this.unit = unit;
			this.total = total;
		}

		/** Adds {@code units} of work done. */
		public void advance(long units) {
			this.done.addAndGet(units);
		}

		/** Ends the phase as COMPLETED (unless {@link #failed} said otherwise). Idempotent. */
		@Override
		public void close() {
			if (this.endedNanos < 0) {
				this.endedNanos = System.nanoTime();
				if ("STARTED".equals(this.status)) {
					this.status = "COMPLETED";
				}
			}
		}

		/** Says what the phase is doing now ("writing sorted runs"), or null for nothing in particular. */
		public void detail(String detail) {
			this.detail = detail;
		}

		/** What the phase is doing now, or null. */
		public String detail() {
			return this.detail;
		}

		/** Marks the phase FAILED; {@link #close} still ends it. */
		public void failed() {
			this.status = "FAILED";
		}

		public String name() {
			return this.name;
		}

		public String unit() {
			return this.unit;
		}

		/** Units of work in the phase, or -1 when unknown. */
		public long total() {
			return this.total;
		}

		public long done() {
			return this.done.get();
		}

		public Instant startedAt() {
			return this.startedAt;
		}

		/** STARTED, COMPLETED or FAILED. */
		public String status() {
			return this.status;
		}

		public boolean ended() {
			return this.endedNanos >= 0;
		}

		/** {@link System#nanoTime} at the start. */
		public long startedNanos() {
			return this.startedNanos;
		}

		/** {@link System#nanoTime} at the end, or -1 while it runs. */
		public long endedNanos() {
			return this.endedNanos;
		}

		/** Time from the start to the end, or to now while it runs. */
		public Duration elapsed() {
			long end = this.endedNanos >= 0 ? this.endedNanos : System.nanoTime();
			return Duration.ofNanos(end - this.startedNanos);
		}

	}

}
