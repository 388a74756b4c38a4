package io.rowlift.cluster;

import java.time.LocalDateTime;

import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.partition.MessageChannelPartitionHandler;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.core.MessagingTemplate;

import io.rowlift.job.LoadHistory;
import io.rowlift.job.LoadJobNames;
import io.rowlift.job.RemotePartitions;
import io.rowlift.job.RunPlan;

/**
 * The manager's side of remote partitioning: for each run, a Spring Batch Integration
 * {@link MessageChannelPartitionHandler} that sends one {@link StepExecutionRequest} per partition, as a
 * {@link PartitionRequest} with the file and its fingerprint, to the durable queue
 * {@code rowlift.cluster.queue} (persistent messages: a broker restarted mid-load keeps them), and polls
 * the shared job repository every {@code rowlift.cluster.poll-interval} until every partition has ended.
 * The handler is wrapped in a {@link RemoteRun}, which watches the partitions' leases and brings their
 * ends back into this process, and, on a restarted manager, waits for the partitions an earlier execution's
 * workers still run instead of starting them again ({@link AdoptedPartitions}). Thread-safe.
 */
public final class ManagerPartitions implements RemotePartitions {

	private final RabbitTemplate rabbit;

	private final AmqpAdmin admin;

	private final JobRepository repository;

	private final ClusterProperties settings;

	private final LoadHistory history;

	public ManagerPartitions(RabbitTemplate rabbit, AmqpAdmin admin, JobRepository repository, ClusterProperties settings,
			LoadHistory history) {
		this.rabbit = rabbit;
		this.admin = admin;
		this.repository = repository;
		this.settings = settings;
		this.history = history;
	}

	/**
	 * A partition runs on a worker still when it is STARTED and its step execution was updated (each chunk
	 * commit updates it; so does its start) within {@code rowlift.cluster.lease-timeout}: the rule of the lease
	 * watch ({@link RemoteRun}), read by a restarted manager, which adopts such a partition.
	 */
	@Override
	public boolean runsElsewhere(StepExecution partition) {
		return partition.getStatus() == BatchStatus.STARTED && partition.getLastUpdated() != null
				&& partition.getLastUpdated().plus(this.settings.leaseTimeout()).isAfter(LocalDateTime.now());
	}

	@Override
	public PartitionHandler handler(RunPlan planned) {
		this.admin.declareQueue(new Queue(this.settings.queue(), true));
		String manager = WorkerIdentity.of();
		DirectChannel requests = new DirectChannel();
		requests.subscribe(message -> send((StepExecutionRequest) message.getPayload(), planned, manager));
		MessageChannelPartitionHandler handler = new MessageChannelPartitionHandler();
		handler.setStepName(LoadJobNames.WORKER);
		handler.setGridSize(planned.partitions());
		handler.setJobRepository(this.repository);
		handler.setPollInterval(this.settings.pollInterval().toMillis());
		handler.setMessagingOperations(new MessagingTemplate(requests));
		try {
			handler.afterPropertiesSet();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
		return new RemoteRun(handler, this.repository, this.settings, this.history);
	}

	private void send(StepExecutionRequest request, RunPlan planned, String manager) {
		String text = new PartitionRequest(request.getStepExecutionId(), request.getStepName(), planned.file().toString(),
				planned.fingerprint(), manager).text();
		MessageProperties properties = new MessageProperties();
		properties.setContentType(MessageProperties.CONTENT_TYPE_TEXT_PLAIN);
		properties.setContentEncoding("UTF-8");
		properties.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
		this.rabbit.send("", this.settings.queue(), new Message(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), properties));
	}

}
