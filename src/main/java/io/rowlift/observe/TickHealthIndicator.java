package io.rowlift.observe;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

import io.rowlift.schedule.InboxEvent;

/**
 * Health component {@code tick}: the last tick's outcome. UNKNOWN before the first tick (the overall
 * status stays UP: Boot ranks UNKNOWN below UP). {@code ok} is UP; {@code failed} (a file's load failed)
 * is UP too, because the file is the problem, not the service: it is retried, then moved to
 * {@code failed/}, and counted in the metrics. {@code error} (the tick could not run: inbox unreadable,
 * database unreachable) is DOWN, with its reason: the service cannot do its work. Thread-safe.
 */
public final class TickHealthIndicator implements HealthIndicator {

	private final InboxActivity activity;

	public TickHealthIndicator(InboxActivity activity) {
		this.activity = activity;
	}

	@Override
	public Health health() {
		InboxEvent.TickCompleted tick = this.activity.lastTick();
		if (tick == null) {
			return Health.unknown().withDetail("outcome", "no tick yet").build();
		}
		String kind = InboxActivity.kind(tick.outcome());
		Health.Builder builder = "error".equals(kind) ? Health.down() : Health.up();
		builder.withDetail("outcome", kind);
		String reason = InboxActivity.reason(tick.outcome());
		if (reason != null) {
			builder.withDetail("reason", reason);
		}
		return builder.withDetail("started", tick.started().toString())
			.withDetail("elapsed", tick.elapsed().toString())
			.withDetail("loaded", tick.loaded())
			.withDetail("failed", tick.failed())
			.withDetail("skipped", tick.skipped())
			.withDetail("waiting", tick.waiting())
			.withDetail("failedFiles", tick.failedFiles())
			.build();
	}

}
