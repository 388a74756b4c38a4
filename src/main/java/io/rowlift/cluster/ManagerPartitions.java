package io.rowlift.cluster;

import java.time.LocalDateTime;

import io.rowlift.job.LoadHistory;
import io.rowlift.job.LoadJobNames;
import io.rowlift.job.RemotePartitions;
import io.rowlift.job.RunPlan;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.partition.PartitionHandler;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.step.StepExecution;
import org.springframework.batch.integration.partition.MessageChannelPartitionHandler;
import org.springframework.batch.integration.partition.StepExecutionRequest;
import org.springframework.integration.channel.DirectChannel;
import org.springframework.integration.core.MessagingTemplate;

/**
 * The manager's side of remote partitioning: for each run, a Spring Batch Integration
 * {@link MessageChannelPartitionHandler} that sends one {@link StepExecutionRequest} per partition, as a
 * {@link PartitionRequest} with the file and its fingerprint, to the durable queue
 * {@code rowlift.cluster.queue} ({@link RequestSender}: persistent messages the broker has confirmed, so a
 * broker restarted mid-load keeps them; a broker that is down is waited for), and polls the shared job
 * repository every {@code rowlift.cluster.poll-interval} until every partition has ended. No reply
 * crosses the broker: the job repository is the only way back, and each run's handler reads only its
 * own job execution's partitions, so two managers at once on one queue never take each other's ends
 * (Spring Batch #4945 is about replies on a shared channel in one process).
 * The handler is wrapped in a {@link RemoteRun}, which watches the partitions' leases and brings their
 * ends back into this process, and, on a restarted manager, waits for the partitions an earlier execution's
 * workers still run instead of starting them again ({@link AdoptedPartitions}). Thread-safe.
 */
public final class ManagerPartitions implements RemotePartitions {

	private final JobRepository repository;

	private final ClusterProperties settings;

	private final LoadHistory history;

	private final RequestSender sender;

	private final Heartbeats heartbeats;

	private final HolderWatch holders;

	/** {@link #waiting}'s last answer and when it was read ({@link System#nanoTime}): read at most every poll interval. */
	private volatile Waiting lastWaiting;

	private record Waiting(String text, long readNanos) {
	}

	/** @param heartbeats the workers' heartbeats, for what the partitions wait for ({@link #waiting}) */
	ManagerPartitions(RabbitTemplate rabbit, JobRepository repository, ClusterProperties settings, LoadHistory history,
			Heartbeats heartbeats) {
		this.heartbeats = heartbeats;
		this.holders = new HolderWatch(heartbeats::read, System::nanoTime);
		this.repository = repository;
		this.settings = settings;
		this.history = history;
		ConnectionFactory connections = rabbit.getConnectionFactory();
		this.sender = new RequestSender(rabbit, settings.queue(), connections.getHost() + ":" + connections.getPort(),
				settings.pollInterval(), settings.leaseTimeout());
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

	/**
	 * The partitions whose worker missed a heartbeat, each as {@code partition 3 waits for worker w1:4181 (last
	 * seen 12 s ago)}, joined by {@code "; "}: what the progress display shows while a partition's worker is
	 * gone and no other has taken it over yet. "Last seen" is when this manager last saw the worker's count of
	 * beats move (never earlier than the manager's first look at it). The heartbeats are read in one query, at
	 * most every {@code rowlift.cluster.poll-interval} (the display may ask more often).
	 */
	@Override
	public String waiting(java.util.List<StepExecution> partitions) {
		long now = System.nanoTime();
		Waiting last = this.lastWaiting;
		if (last != null && now - last.readNanos() < this.settings.pollInterval().toNanos()) {
			return last.text();
		}
		java.util.Map<String, Heartbeats.Beat> beats = null;
		java.util.List<String> waits = new java.util.ArrayList<>();
		for (StepExecution partition : partitions) {
			String worker = ClusterWorker.holder(partition);
			if (partition.getStatus() != BatchStatus.STARTED || worker == null) {
				continue;
			}
			beats = beats != null ? beats : this.heartbeats.readAll();
			this.holders.seen(worker, java.util.Optional.ofNullable(beats.get(worker))).filter(HolderWatch.Heart::late)
				.ifPresent(heart -> waits.add("partition "
						+ io.rowlift.job.LoadProgress.partitionOf(partition.getStepName()).substring("partition".length())
						+ " waits for worker " + worker + " (last seen " + heart.silent().toSeconds() + " s ago)"));
		}
		String text = waits.isEmpty() ? null : String.join("; ", waits);
		this.lastWaiting = new Waiting(text, now);
		return text;
	}

	@Override
	public PartitionHandler handler(RunPlan planned) {
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
		this.sender.send(new PartitionRequest(request.getStepExecutionId(), request.getStepName(), planned.file().toString(),
				planned.fingerprint(), manager));
	}

}
