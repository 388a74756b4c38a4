package io.rowlift.cluster;

import javax.sql.DataSource;

import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.rabbit.connection.CachingConnectionFactory;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.integration.amqp.inbound.AmqpInboundChannelAdapter;
import org.springframework.integration.channel.DirectChannel;

import io.rowlift.job.JobProperties;
import io.rowlift.job.LoadHistory;
import io.rowlift.job.PartitionSteps;
import io.rowlift.job.PartitionTuning;
import io.rowlift.job.RunSettings;
import io.rowlift.sort.SortProperties;
import io.rowlift.source.SourceProperties;
import io.rowlift.job.RejectBudgets;
import io.rowlift.job.SharedRejectBudgets;
import io.rowlift.job.RemotePartitions;

/**
 * The cluster's beans, by role ({@link ClusterRole}): the manager's {@link RemotePartitions}, which the
 * load step sends its partitions through; a worker's request listener ({@link AmqpInboundChannelAdapter}
 * on the queue, {@code rowlift.job.threads} consumers, one unacknowledged request each, which connect
 * again by themselves after the broker restarts) and its {@link WorkerService}. The manager's connection
 * factory gets simple publisher confirms ({@link RequestSender}). With no role, none of them (and
 * {@link ClusterFilter} leaves out RabbitMQ's and Spring Integration's auto-configuration).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ClusterProperties.class)
public class ClusterConfiguration {

	@Configuration(proxyBeanMethods = false)
	@Conditional(ClusterRole.Manager.class)
	static class Manager {

		@Bean
		RemotePartitions remotePartitions(RabbitTemplate rabbit, JobRepository jobRepository, ClusterProperties settings,
				LoadHistory history, DataSource dataSource) {
			if (rabbit.getConnectionFactory() instanceof CachingConnectionFactory connections && !connections.isSimplePublisherConfirms()) {
				// RequestSender waits for the broker's confirm of each request (set before the first channel opens)
				connections.setPublisherConfirmType(CachingConnectionFactory.ConfirmType.SIMPLE);
			}
			return new ManagerPartitions(rabbit, jobRepository, settings, history, new Heartbeats(dataSource));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(ClusterRole.Worker.class)
	static class Worker {

		/**
		 * How often a worker's consumers try to reach the broker again after losing it: short, so requests
		 * flow again soon after a broker restart (the default is 5 s); each try is one connection attempt.
		 */
		static final java.time.Duration RECOVERY = java.time.Duration.ofSeconds(2);

		/**
		 * The run's reject budget shared with its other workers through the target database: a worker's own
		 * in-memory budget would let N workers reject up to N times {@code rowlift.job.skip-limit}.
		 */
		@Bean
		RejectBudgets sharedRejectBudgets(DataSource dataSource) {
			return new SharedRejectBudgets(dataSource);
		}

		/** Joins each partition step: a bad record that fails a partition reaches the manager whole. */
		@Bean
		BadRecordHandover badRecordHandover(JobRepository jobRepository) {
			return new BadRecordHandover(jobRepository);
		}

		/**
		 * A worker has no request: the partitions' settings are the manager's (job parameters of its execution),
		 * and this worker's own configuration tunes its machine and stands in for a manager that stored none.
		 */
		@Bean
		ClusterWorker clusterWorker(JobRepository jobRepository, PartitionSteps steps, ClusterProperties settings,
				DataSource dataSource, JobProperties job, SourceProperties source, SortProperties sort) {
			return new ClusterWorker(jobRepository, steps, WorkerIdentity.of(), settings,
					new HolderWatch(new Heartbeats(dataSource)::read, System::nanoTime), RunSettings.of(job, source),
					PartitionTuning.of(job, sort));
		}

		@Bean
		DirectChannel clusterRequests(ClusterWorker worker) {
			DirectChannel channel = new DirectChannel();
			channel.subscribe(message -> {
				Object payload = message.getPayload();
				worker.handle(payload instanceof byte[] bytes ? new String(bytes, java.nio.charset.StandardCharsets.UTF_8)
						: String.valueOf(payload));
			});
			return channel;
		}

		@Bean
		AmqpInboundChannelAdapter clusterRequestAdapter(ConnectionFactory connectionFactory, DirectChannel clusterRequests,
				ClusterProperties settings, JobProperties job) {
			SimpleMessageListenerContainer container = new SimpleMessageListenerContainer(connectionFactory);
			container.setQueueNames(settings.queue());
			container.setConcurrentConsumers(threads(job));
			container.setPrefetchCount(1); // a worker holds only the requests it runs: the others stay for other workers
			container.setAcknowledgeMode(AcknowledgeMode.AUTO); // acknowledged when the handler returns: the step has ended
			container.setDefaultRequeueRejected(false);
			// a broker restarted (or a connection broken) mid-load: each consumer tries to connect again every
			// RECOVERY until the broker answers, however long it takes, and never gives up for a missing queue
			// (the container's default stops it after three tries, and the worker would stay up serving nothing)
			container.setRecoveryInterval(RECOVERY.toMillis());
			container.setMissingQueuesFatal(false);
			AmqpInboundChannelAdapter adapter = new AmqpInboundChannelAdapter(container);
			adapter.setOutputChannel(clusterRequests);
			adapter.setAutoStartup(false); // the worker service starts it
			return adapter;
		}

		@Bean
		WorkerService workerService(AmqpInboundChannelAdapter clusterRequestAdapter, AmqpAdmin admin, ClusterProperties settings,
				JobProperties job, ClusterWorker worker, DataSource dataSource, org.springframework.context.ApplicationEventPublisher events) {
			return new WorkerService(clusterRequestAdapter, admin, settings, threads(job),
					new WorkerHeartbeat(new Heartbeats(dataSource), WorkerIdentity.of(), settings.heartbeatInterval()), worker, events);
		}

		/** {@code rowlift.job.threads}, or the cores of this machine. */
		static int threads(JobProperties job) {
			return job.threads() != null ? job.threads() : Runtime.getRuntime().availableProcessors();
		}

	}

}
