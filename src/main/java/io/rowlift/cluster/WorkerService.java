package io.rowlift.cluster;

import java.util.concurrent.CountDownLatch;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Queue;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.integration.amqp.inbound.AmqpInboundChannelAdapter;

import sun.misc.Signal;

/**
 * A worker as a service ({@code rowlift.cluster.role=worker}): takes partition requests from the queue
 * {@code rowlift.cluster.queue}, up to {@code rowlift.job.threads} at once, each acknowledged when its
 * partition's step has ended ({@link ClusterWorker}), and stays up between loads until SIGTERM or
 * SIGINT. On a signal it takes no further request and ends (exit 0); a partition still running then is
 * left unacknowledged, so the broker hands it to another worker, which resumes it from its last commit.
 * Its health and metrics are the service's ({@code /actuator/health}, {@code /actuator/prometheus} on
 * {@code management.server.port}); it is ready (its health UP) from when it serves requests until it stops. One run per instance.
 */
public final class WorkerService {

	private static final Log log = LogFactory.getLog(WorkerService.class);

	private final AmqpInboundChannelAdapter requests;

	private final AmqpAdmin admin;

	private final ClusterProperties settings;

	private final int threads;

	private final CountDownLatch stop = new CountDownLatch(1);

	private final WorkerHeartbeat heartbeat;

	private final ClusterWorker worker;

	private final ApplicationEventPublisher events;

	/** @param events where it declares itself ready (serving) and no longer ready (stopping), for its health */
	WorkerService(AmqpInboundChannelAdapter requests, AmqpAdmin admin, ClusterProperties settings, int threads,
			WorkerHeartbeat heartbeat, ClusterWorker worker, ApplicationEventPublisher events) {
		this.events = events;
		this.requests = requests;
		this.admin = admin;
		this.settings = settings;
		this.threads = threads;
		this.heartbeat = heartbeat;
		this.worker = worker;
	}

	/**
	 * Serves requests until a signal; returns the exit code (0). Its heartbeat ({@link WorkerHeartbeat}) beats
	 * from before the first request until then.
	 */
	public int run() {
		for (String name : new String[] { "TERM", "INT" }) {
			try {
				Signal.handle(new Signal(name), signal -> this.stop.countDown());
			}
			catch (IllegalArgumentException ex) {
				// the JVM keeps its own handling: the context's close stops the consumers
			}
		}
		this.heartbeat.start();
		this.worker.beforeEachPartition(this.heartbeat::beforePartition);
		this.admin.declareQueue(new Queue(this.settings.queue(), true));
		this.requests.start();
		// Boot declares readiness only when the command runners have returned, and this one returns when the worker
		// stops: without this its health (which includes readiness) would be OUT_OF_SERVICE, 503, for its whole life
		AvailabilityChangeEvent.publish(this.events, this, ReadinessState.ACCEPTING_TRAFFIC);
		System.err.println("rowlift: worker " + WorkerIdentity.of() + " serving partitions from queue " + this.settings.queue()
				+ ", " + this.threads + " at a time");
		System.err.flush();
		try {
			this.stop.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		log.info("stopping: no further partition request is taken");
		AvailabilityChangeEvent.publish(this.events, this, ReadinessState.REFUSING_TRAFFIC);
		this.requests.stop();
		this.heartbeat.stop(this.worker.idle());
		return 0;
	}

	/** Ends {@link #run} as a signal does. */
	public void stop() {
		this.stop.countDown();
	}

}
