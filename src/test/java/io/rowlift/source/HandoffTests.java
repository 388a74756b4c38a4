package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** Tests for {@link Handoff}: across threads, every item once, in order, then the end or the failure. */
class HandoffTests {

	@Property(tries = 200)
	void theConsumerGetsEveryItemInOrderThenTheEndOrTheFailure(@ForAll @IntRange(min = 0, max = 3000) int items,
			@ForAll @IntRange(min = 1, max = 600) int capacity, @ForAll @IntRange(min = 1, max = 300) int batch,
			@ForAll boolean fails) throws Exception {
		Handoff<Integer> handoff = new Handoff<>(capacity, batch);
		Thread producer = new Thread(() -> {
			try {
				for (int i = 0; i < items; i++) {
					handoff.put(i);
				}
				if (fails) {
					handoff.fail(new IOException("disk gone after " + items));
				}
				else {
					handoff.end();
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		producer.start();
		List<Integer> got = new ArrayList<>();
		for (int i = 0; i < items; i++) {
			got.add(handoff.take());
		}
		if (fails) {
			assertThatThrownBy(handoff::take).isInstanceOf(IOException.class).hasMessage("disk gone after " + items);
		}
		else {
			assertThat(handoff.take()).isNull();
			assertThat(handoff.take()).as("still the end when asked again").isNull();
		}
		producer.join();
		assertThat(got).hasSize(items);
		for (int i = 0; i < items; i++) {
			assertThat(got.get(i)).isEqualTo(i);
		}
	}

	@Property(tries = 100)
	void fillHandsOverASourcesItemsThenItsEndOrItsFailure(@ForAll @IntRange(min = 0, max = 2000) int items,
			@ForAll @IntRange(min = 1, max = 100) int batch, @ForAll boolean fails) throws Exception {
		Handoff<Integer> handoff = new Handoff<>(50, batch);
		int[] next = { 0 };
		Thread producer = new Thread(() -> handoff.fill(() -> {
			if (next[0] == items) {
				if (fails) {
					throw new IOException("source broke after " + items);
				}
				return null;
			}
			return next[0]++;
		}));
		producer.start();
		for (int i = 0; i < items; i++) {
			assertThat(handoff.take()).isEqualTo(i);
		}
		if (fails) {
			assertThatThrownBy(handoff::take).isInstanceOf(IOException.class).hasMessage("source broke after " + items);
		}
		else {
			assertThat(handoff.take()).isNull();
		}
		producer.join();
	}

	@Property(tries = 20)
	void anErrorArrivesAsItself(@ForAll @IntRange(min = 0, max = 10) int items) throws Exception {
		Handoff<Integer> handoff = new Handoff<>(4, 3);
		Thread producer = new Thread(() -> {
			try {
				for (int i = 0; i < items; i++) {
					handoff.put(i);
				}
				handoff.fail(new OutOfMemoryError("test"));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		});
		producer.start();
		for (int i = 0; i < items; i++) {
			assertThat(handoff.take()).isEqualTo(i);
		}
		assertThatThrownBy(handoff::take).isInstanceOf(OutOfMemoryError.class);
		producer.join();
	}

}
