package io.rowlift.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import com.rabbitmq.client.ShutdownSignalException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.amqp.AmqpException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.core.RabbitOperations;

import io.rowlift.RowliftException;

/**
 * Puts partition requests on the queue {@code rowlift.cluster.queue} so that a broker restart keeps
 * them: each is a persistent message on the durable queue (declared with each request, as the workers
 * declare it), and {@link #send} returns only when the broker
 * has confirmed it (publisher confirms: a persistent message on a durable queue is confirmed once the
 * broker has written it down). A message merely written to the socket could die with a broker stopping
 * at that moment, and its partition would then wait forever: a partition no worker has started has no
 * lease to run out.
 *
 * <p>While the broker does not answer (down, restarting) or does not confirm within
 * {@link #CONFIRM_WAIT}, it tries again every {@code retryEvery}, saying so once on standard error,
 * for up to {@code giveUpAfter}; then it fails (exit 1) naming the queue, the broker and the fix. A
 * request sent twice (the broker took it, but its confirm was lost) does no harm: a worker drops a
 * request for a partition that has ended or runs elsewhere ({@link ClusterWorker}). Thread-safe.
 */
final class RequestSender {

	private static final Log log = LogFactory.getLog(RequestSender.class);

	/** How long one attempt waits for the broker's confirm: a live broker confirms in milliseconds. */
	static final Duration CONFIRM_WAIT = Duration.ofSeconds(10);

	private final RabbitOperations rabbit;

	private final String queue;

	private final String broker;

	private final Duration retryEvery;

	private final Duration giveUpAfter;

	/**
	 * @param rabbit operations on a connection factory with simple publisher confirms
	 * @param broker the broker's {@code host:port}, for messages
	 */
	RequestSender(RabbitOperations rabbit, String queue, String broker, Duration retryEvery, Duration giveUpAfter) {
		this.rabbit = rabbit;
		this.queue = queue;
		this.broker = broker;
		this.retryEvery = retryEvery;
		this.giveUpAfter = giveUpAfter;
	}

	/**
	 * Sends {@code request} and returns when the broker has confirmed it.
	 * @throws RowliftException (exit 1) when the broker has not taken it within {@code giveUpAfter}
	 */
	void send(PartitionRequest request) {
		Message message = message(request);
		long start = System.nanoTime();
		boolean said = false;
		while (true) {
			try {
				this.rabbit.invoke(operations -> {
					// declared with each request, as the workers declare it: durable, so it outlives a broker restart,
					// and there again should the broker have come back without it
					operations.execute(channel -> channel.queueDeclare(this.queue, true, false, false, null));
					operations.send("", this.queue, message);
					operations.waitForConfirmsOrDie(CONFIRM_WAIT.toMillis());
					return null;
				});
				if (said) {
					System.err.println("rowlift: RabbitMQ at " + this.broker + " took the request for " + describe(request) + " again");
					System.err.flush();
				}
				return;
			}
			catch (AmqpException | ShutdownSignalException ex) { // the latter: the channel closed while waiting for the confirm
				Duration waited = Duration.ofNanos(System.nanoTime() - start);
				if (waited.compareTo(this.giveUpAfter) >= 0) {
					throw new RowliftException(1, "rowlift.cluster: RabbitMQ at " + this.broker + " did not take the request for "
							+ describe(request) + " on queue " + this.queue + " within " + text(this.giveUpAfter)
							+ " (rowlift.cluster.lease-timeout): " + ex.getMessage() + "; start the broker (or correct spring.rabbitmq.*)"
							+ " and run the same command again to resume the load", ex);
				}
				if (!said) {
					// once, not at every attempt: the broker may take a minute to come back
					System.err.println("rowlift: RabbitMQ at " + this.broker + " did not take the request for " + describe(request)
							+ " (" + ex.getMessage() + "); trying again every " + text(this.retryEvery) + " for up to "
							+ text(this.giveUpAfter) + " (rowlift.cluster.lease-timeout)");
					System.err.flush();
					said = true;
				}
				log.debug("send to " + this.queue + " failed; trying again", ex);
				pause();
			}
		}
	}

	private void pause() {
		try {
			Thread.sleep(this.retryEvery.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new RowliftException(1, "rowlift.cluster: interrupted while waiting for RabbitMQ at " + this.broker
					+ " to take a partition request; run the same command again to resume the load");
		}
	}

	/** {@code 300 s}, or {@code 200 ms} below whole seconds. */
	private static String text(Duration duration) {
		return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
	}

	/** {@code loadWorker step execution 42}: the partition's step execution, as the job repository names it. */
	private static String describe(PartitionRequest request) {
		return request.stepName() + " step execution " + request.stepExecutionId();
	}

	/** The request as a persistent text message: a broker restart keeps it on the durable queue. */
	static Message message(PartitionRequest request) {
		MessageProperties properties = new MessageProperties();
		properties.setContentType(MessageProperties.CONTENT_TYPE_TEXT_PLAIN);
		properties.setContentEncoding("UTF-8");
		properties.setDeliveryMode(MessageDeliveryMode.PERSISTENT);
		return new Message(request.text().getBytes(StandardCharsets.UTF_8), properties);
	}

}
