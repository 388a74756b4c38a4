package io.rowlift.observe;

import java.util.Map;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

import io.rowlift.load.IndexRestore;

/**
 * Health component {@code indexes}: indexes that a load dropped for speed and that are not back yet
 * (rows of Rowlift's index ledger, as the load layer's {@link IndexRestore} reads them). Waiting indexes make it OUT_OF_SERVICE, not DOWN: the process is
 * fine, the data is not fully in service (queries run without those indexes, unique keys go unchecked),
 * and restarting the container, which platforms do on DOWN, would not bring an index back; the next run
 * of that load does (a failed file is resumed at the next tick), and the service rebuilds them itself when it
 * gives a file up (moves it to {@code failed/}), so they do not wait for good. When the database cannot be asked this
 * is UNKNOWN: the {@code db} component reports the database itself. Thread-safe.
 */
public final class IndexesHealthIndicator implements HealthIndicator {

	private final IndexRestore indexes;

	public IndexesHealthIndicator(IndexRestore indexes) {
		this.indexes = indexes;
	}

	@Override
	public Health health() {
		Map<String, Integer> waiting;
		try {
			waiting = this.indexes.waiting();
		}
		catch (RuntimeException ex) {
			return Health.unknown().withDetail("error", "the index ledger could not be read: " + ex.getMessage()).build();
		}
		if (waiting.isEmpty()) {
			return Health.up().build();
		}
		return Health.status(Status.OUT_OF_SERVICE)
			.withDetail("waiting", waiting)
			.withDetail("action", "indexes dropped by an unfinished load; the next run of that load (the file's resume) rebuilds them,"
					+ " and so does rowlift rebuild-indexes --rowlift.target.table=T (the service runs it itself for a file it moves to"
					+ " failed/; when that failed, its log says why)")
			.build();
	}

}
