package io.rowlift.observe;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import org.springframework.context.event.EventListener;

import io.rowlift.schedule.InboxEvent;

/**
 * What the service has done lately, as health and the gauges need it: the last tick, and when the last
 * file was loaded. Kept in memory from the {@link InboxEvent}s of this process, so a restart starts
 * afresh (no tick yet; the time since the last load counts from the start). Thread-safe: events come
 * from the service's thread, reads from HTTP threads.
 */
public final class InboxActivity {

	private final Clock clock;

	private final Instant started;

	private volatile InboxEvent.TickCompleted lastTick;

	private volatile Instant lastLoad;

	public InboxActivity(Clock clock) {
		this.clock = clock;
		this.started = clock.instant();
	}

	@EventListener
	void fileLoaded(InboxEvent.FileLoaded loaded) {
		this.lastLoad = this.clock.instant();
	}

	@EventListener
	void tickCompleted(InboxEvent.TickCompleted tick) {
		this.lastTick = tick;
	}

	/** The last tick, or null before the first one ends. */
	public InboxEvent.TickCompleted lastTick() {
		return this.lastTick;
	}

	/** When a file was last loaded, or null if none was since the start. */
	public Instant lastLoad() {
		return this.lastLoad;
	}

	/**
	 * Time since the last file was loaded, or since the service started if none was: an alert on it then
	 * also fires for a service that never loaded anything.
	 */
	public Duration sinceLastLoad() {
		Instant last = this.lastLoad;
		return Duration.between(last != null ? last : this.started, this.clock.instant());
	}

	/** {@code ok}, {@code failed} or {@code error}: the part of a tick's outcome before its reason. */
	static String kind(String outcome) {
		int colon = outcome.indexOf(':');
		return (colon < 0 ? outcome : outcome.substring(0, colon)).trim();
	}

	/** The reason after the kind, or null when the outcome has none. */
	static String reason(String outcome) {
		int colon = outcome.indexOf(':');
		return colon < 0 ? null : outcome.substring(colon + 1).trim();
	}

}
