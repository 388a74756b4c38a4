package io.rowlift.cluster;

import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.AmqpAdmin;
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
import io.rowlift.job.RemotePartitions;

/**
 * The cluster's beans, by role ({@link ClusterRole}): the manager's {@link RemotePartitions}, which the
 * load step sends its partitions through; a worker's request listener ({@link AmqpInboundChannelAdapter}
 * on the queue, {@code rowlift.job.threads} consumers, one unacknowledged request each) and its
 * {@link WorkerService}. With no role, none of them (and {@link ClusterFilter} leaves out RabbitMQ's
 * and Spring Integration's auto-configuration).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ClusterProperties.class)
public class ClusterConfiguration {

	@Configuration(proxyBeanMethods = false)
	@Conditional(ClusterRole.Manager.class)
	static class Manager {

		@Bean
		RemotePartitions remotePartitions(RabbitTemplate rabbit, AmqpAdmin admin, JobRepository jobRepository, ClusterProperties settings,
				LoadHistory history) {
			return new ManagerPartitions(rabbit, admin, jobRepository, settings, history);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(ClusterRole.Worker.class)
	static class Worker {

		@Bean
		ClusterWorker clusterWorker(JobRepository jobRepository, PartitionSteps steps, ClusterProperties settings) {
			return new ClusterWorker(jobRepository, steps, WorkerIdentity.of(), settings);
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
			AmqpInboundChannelAdapter adapter = new AmqpInboundChannelAdapter(container);
			adapter.setOutputChannel(clusterRequests);
			adapter.setAutoStartup(false); // the worker service starts it
			return adapter;
		}

		@Bean
		WorkerService workerService(AmqpInboundChannelAdapter clusterRequestAdapter, AmqpAdmin admin, ClusterProperties settings,
				JobProperties job) {
			return new WorkerService(clusterRequestAdapter, admin, settings, threads(job));
		}

		/** {@code rowlift.job.threads}, or the cores of this machine. */
		static int threads(JobProperties job) {
			return job.threads() != null ? job.threads() : Runtime.getRuntime().availableProcessors();
		}

	}

}
