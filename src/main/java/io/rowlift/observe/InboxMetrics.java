package io.rowlift.observe;

import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.context.event.EventListener;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import io.rowlift.schedule.InboxEvent;

/**
 * Rowlift's own meters, from the service's {@link InboxEvent}s (Prometheus names in
 * docs/observability.md): files by outcome, rows, bytes and rejected records of completed loads, load
 * and tick durations, files waiting and failed in the inbox, and the time since the last load. No meter
 * is tagged by table or file: a table named from each file name would make a new series per file.
 * Registered when made, so every series exists (at zero) before the first tick. Thread-safe.
 */
public final class InboxMetrics {

	/** The outcomes a tick has ({@link InboxEvent.TickCompleted#outcome}); the tag has no other value. */
	private static final Set<String> KINDS = Set.of("ok", "failed", "error");

	private final Counter loaded;

	private final Counter failed;

	private final Counter skipped;

	private final Counter rows;

	private final Counter bytes;

	private final Counter rejected;

	private final Timer loadDuration;

	private final MeterRegistry registry;

	private final AtomicInteger waitingFiles = new AtomicInteger();

	private final AtomicInteger failedFiles = new AtomicInteger();

	public InboxMetrics(MeterRegistry registry, InboxActivity activity) {
		this.registry = registry;
		this.loaded = files("loaded");
		this.failed = files("failed");
		this.skipped = files("skipped");
		this.rows = Counter.builder("rowlift.loaded.rows")
			.description("Rows written by the runs that completed a file's load")
			.register(registry);
		this.bytes = Counter.builder("rowlift.loaded.bytes")
			.baseUnit("bytes")
			.description("Size of the files loaded completely")
			.register(registry);
		this.rejected = Counter.builder("rowlift.rejected.records")
			.description("Records rejected by the loads that completed, over all their runs")
			.register(registry);
		this.loadDuration = Timer.builder("rowlift.load.duration")
			.description("Wall time of the run that completed a file's load")
			.register(registry);
		Gauge.builder("rowlift.inbox.files", this.waitingFiles, AtomicInteger::get)
			.tag("state", "waiting")
			.description("Files in the inbox at the end of the last tick: waiting (settling, not ready, not reached) or failed (in failed/)")
			.register(registry);
		Gauge.builder("rowlift.inbox.files", this.failedFiles, AtomicInteger::get).tag("state", "failed").register(registry);
		Gauge.builder("rowlift.last.load.age", activity, a -> a.sinceLastLoad().toMillis() / 1000.0)
			.baseUnit("seconds")
			.description("Seconds since a file was last loaded completely, or since the service started if none was")
			.register(registry);
		tickTimer("ok"); // the usual outcome's series exists before the first tick
	}

	private Counter files(String outcome) {
		return Counter.builder("rowlift.files")
			.tag("outcome", outcome)
			.description("Files handled: loaded completely, failed (one per failed attempt), skipped and reported")
			.register(this.registry);
	}

	private Timer tickTimer(String kind) {
		return Timer.builder("rowlift.tick.duration")
			.tag("outcome", kind)
			.description("Wall time of the service's ticks, by outcome (ok, failed, error)")
			.register(this.registry);
	}

	@EventListener
	void fileLoaded(InboxEvent.FileLoaded loaded) {
		this.loaded.increment();
		this.rows.increment(loaded.rows());
		this.bytes.increment(loaded.bytes());
		this.rejected.increment(loaded.rejected());
		this.loadDuration.record(loaded.elapsed().toNanos(), TimeUnit.NANOSECONDS);
	}

	@EventListener
	void fileFailed(InboxEvent.FileFailed failed) {
		this.failed.increment();
	}

	@EventListener
	void fileSkipped(InboxEvent.FileSkipped skipped) {
		this.skipped.increment();
	}

	@EventListener
	void tickCompleted(InboxEvent.TickCompleted tick) {
		this.waitingFiles.set(tick.waiting());
		this.failedFiles.set(tick.failedFiles());
		String kind = InboxActivity.kind(tick.outcome());
		tickTimer(KINDS.contains(kind) ? kind : "error").record(tick.elapsed().toNanos(), TimeUnit.NANOSECONDS);
	}

}
