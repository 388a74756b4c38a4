package io.rowlift.cluster;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * A worker's heartbeat: its row in {@link Heartbeats} beats every {@code rowlift.cluster.heartbeat-interval}
 * on a daemon thread of its own, from {@link #start} until {@link #stop}. Beats
 * that fail (the database unreachable for a moment) are logged once and tried again at the next interval:
 * a worker whose heart stops that way may have its partitions taken over, which the step execution's
 * version keeps exact (docs/cluster.md). Thread-safe.
 */
final class WorkerHeartbeat {

	private static final Log log = LogFactory.getLog(WorkerHeartbeat.class);

	private final Heartbeats heartbeats;

	private final String identity;

	private final Duration interval;

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
		Thread thread = new Thread(task, "rowlift-heartbeat");
		thread.setDaemon(true);
		return thread;
	});

	private volatile boolean failing;

	WorkerHeartbeat(Heartbeats heartbeats, String identity, Duration interval) {
		this.heartbeats = heartbeats;
		this.identity = identity;
		this.interval = interval;
	}

	/**
	 * Beats once now (so the worker is known before it takes a request), then every interval. The table is the
	 * manager's to make, with Rowlift's other tables when a load starts: a worker that made it in a new, empty
	 * database would stop the manager's first migration (Flyway refuses a non-empty schema). Until it exists the
	 * beats fail and are tried again; a worker runs no partition before a manager made it.
	 */
	void start() {
		this.timer.scheduleAtFixedRate(this::beat, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Beats at once when the last beat failed (its table was missing: a worker started before the manager's first
	 * load made it), before this worker takes a partition: a worker must have a heartbeat row while it holds one,
	 * or a worker killed or frozen before its next beat would be waited for until half the lease instead of a few
	 * intervals (seen in CI: frozen 0.3 s after its first partition started, between two beats). Thread-safe.
	 */
	void beforePartition() {
		if (this.failing) {
			beat();
		}
	}

	private synchronized void beat() {
		try {
			this.heartbeats.beat(this.identity, this.interval);
			if (this.failing) {
				log.info("rowlift worker " + this.identity + ": the heartbeat is written again");
				this.failing = false;
			}
		}
		catch (Exception ex) {
			if (!this.failing) {
				log.info("rowlift worker " + this.identity + ": could not write its heartbeat (before a manager's first load"
						+ " its table is missing; it tries again every " + this.interval.toMillis() + " ms): " + ex.getMessage());
				this.failing = true;
			}
		}
	}

	/**
	 * Stops beating.
	 * @param remove whether to remove the row too: only when this worker holds no partition, since a partition
	 * left running by a worker that ends is taken over once its silence shows, and without a row only the lease
	 * would end it
	 */
	void stop(boolean remove) {
		this.timer.shutdownNow();
		try {
			this.timer.awaitTermination(5, TimeUnit.SECONDS);
			if (remove) {
				this.heartbeats.remove(this.identity);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		catch (Exception ex) {
			log.debug("could not remove the heartbeat row of " + this.identity + ": " + ex.getMessage());
		}
	}

}
