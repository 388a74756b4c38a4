package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.amqp.AmqpConnectException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.rabbit.core.RabbitOperations;
import org.springframework.amqp.rabbit.core.RabbitOperations.OperationsCallback;

import io.rowlift.RowliftException;

class RequestSenderTests {

	private static final PartitionRequest REQUEST = new PartitionRequest(42, "loadWorker", "/data/big.csv", "1:2:3", "m:1");

	private final RabbitOperations rabbit = mock(RabbitOperations.class);

	@Test
	@SuppressWarnings("unchecked")
	void aRequestIsAPersistentMessageOnTheDeclaredQueueAndWaitsForTheBrokersConfirm() throws Exception {
		sender(Duration.ofSeconds(1)).send(REQUEST);

		ArgumentCaptor<OperationsCallback<Object>> callback = ArgumentCaptor.forClass(OperationsCallback.class);
		verify(this.rabbit).invoke(callback.capture());
		RabbitOperations channel = mock(RabbitOperations.class);
		callback.getValue().doInRabbit(channel);
		verify(channel).execute(any()); // declares the queue
		ArgumentCaptor<Message> sent = ArgumentCaptor.forClass(Message.class);
		verify(channel).send(eq(""), eq("rowlift.partitions"), sent.capture());
		verify(channel).waitForConfirmsOrDie(RequestSender.CONFIRM_WAIT.toMillis());
		assertThat(sent.getValue().getMessageProperties().getDeliveryMode()).isEqualTo(MessageDeliveryMode.PERSISTENT);
		assertThat(PartitionRequest.parse(new String(sent.getValue().getBody(), java.nio.charset.StandardCharsets.UTF_8)))
			.isEqualTo(REQUEST);
	}

	@Test
	void aBrokerThatIsDownForAWhileIsWaitedFor() {
		when(this.rabbit.invoke(any())).thenThrow(new AmqpConnectException(new java.net.ConnectException("Connection refused")))
			.thenThrow(new AmqpConnectException(new java.net.ConnectException("Connection refused")))
			.thenReturn(null);

		sender(Duration.ofSeconds(30)).send(REQUEST);

		verify(this.rabbit, times(3)).invoke(any());
	}

	@Test
	void aBrokerDownLongerThanTheLeaseTimeoutFailsTheRunNamingBrokerQueueAndFix() {
		when(this.rabbit.invoke(any())).thenThrow(new AmqpConnectException(new java.net.ConnectException("Connection refused")));

		assertThatThrownBy(() -> sender(Duration.ofMillis(30)).send(REQUEST)).isInstanceOf(RowliftException.class)
			.hasMessageStartingWith("rowlift.cluster: RabbitMQ at broker:5672 did not take the request for loadWorker step execution 42"
					+ " on queue rowlift.partitions within 30 ms (rowlift.cluster.lease-timeout): ")
			.hasMessageContaining("Connection refused")
			.hasMessageEndingWith("; start the broker (or correct spring.rabbitmq.*) and run the same command again to resume the load");
	}

	private RequestSender sender(Duration giveUpAfter) {
		return new RequestSender(this.rabbit, "rowlift.partitions", "broker:5672", Duration.ofMillis(10), giveUpAfter);
	}

}
