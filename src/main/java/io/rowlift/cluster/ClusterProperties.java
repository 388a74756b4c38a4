package io.rowlift.cluster;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code rowlift.cluster.*}: remote partitioning over RabbitMQ (docs/cluster.md). The broker itself is
 * Boot's {@code spring.rabbitmq.*} (host, port, username, password, virtual host).
 *
 * @param role {@code manager} or {@code worker}; unset, the load runs in this process alone
 * @param queue the durable queue the manager sends partition requests to and the workers take them
 * from; default {@code rowlift.partitions}. Workers serve any load sent there; loads that must not share
 * workers use queues of their own
 * @param pollInterval how often the manager reads the job repository for its partitions (their end,
 * their progress, their leases), and tries again to send a request the broker did not take; default 1 s
 * @param leaseTimeout how long a running partition may go without a commit before the manager takes its
 * worker as gone and marks the partition failed (the same command resumes it from its last commit); a
 * manager restarted after a kill adopts (waits for) a partition that committed within it, and starts the
 * others again; default 5 min, more than the longest chunk should take. Also how long the manager keeps
 * trying to send a request to a broker that does not take it ({@link RequestSender}) before the run fails
 * @param heartbeatInterval how often a worker writes its heartbeat row in the job repository's database
 * ({@link WorkerHeartbeat}); a worker whose heartbeat has not moved for {@value HolderWatch#BEATS_MISSED} of its
 * intervals is taken as gone, and another worker handed its partition takes it over; default 2 s
 */
@ConfigurationProperties("rowlift.cluster")
public record ClusterProperties(ClusterRole role, @DefaultValue("rowlift.partitions") String queue,
		@DefaultValue("1s") Duration pollInterval, @DefaultValue("5m") Duration leaseTimeout,
		@DefaultValue("2s") Duration heartbeatInterval) {

	public ClusterProperties {
		if (queue == null || queue.isBlank()) {
			throw new IllegalArgumentException("rowlift.cluster.queue is blank; name the RabbitMQ queue, as in rowlift.partitions");
		}
		if (pollInterval == null || pollInterval.isNegative() || pollInterval.isZero()) {
			throw new IllegalArgumentException("rowlift.cluster.poll-interval must be positive, as in 1s");
		}
		if (leaseTimeout == null || leaseTimeout.compareTo(pollInterval) <= 0) {
			throw new IllegalArgumentException("rowlift.cluster.lease-timeout (" + leaseTimeout
					+ ") must be longer than rowlift.cluster.poll-interval (" + pollInterval + "), as in 5m");
		}
		if (heartbeatInterval == null || heartbeatInterval.toMillis() <= 0) {
			throw new IllegalArgumentException("rowlift.cluster.heartbeat-interval must be positive, as in 2s");
		}
	}

}
