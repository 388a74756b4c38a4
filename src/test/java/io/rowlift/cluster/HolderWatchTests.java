package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** A worker's heartbeat as another process sees it: silence by the reader's clock, late, stopped, unknown. */
class HolderWatchTests {

	private final Map<String, Heartbeats.Beat> rows = new HashMap<>();

	private final AtomicLong clock = new AtomicLong(1_000_000_000L);

	private final HolderWatch watch = new HolderWatch(worker -> Optional.ofNullable(this.rows.get(worker)), this.clock::get);

	@Test
	void aWorkerWhoseCountMovesIsNeverSilent() {
		for (int beat = 1; beat <= 10; beat++) {
			this.rows.put("w1:1", new Heartbeats.Beat(beat, Duration.ofSeconds(2)));
			HolderWatch.Heart heart = this.watch.look("w1:1").orElseThrow();
			assertThat(heart.silent()).isZero();
			assertThat(heart.late()).isFalse();
			assertThat(heart.stopped()).isFalse();
			advance(Duration.ofMillis(2_500)); // a beat a little late each time: a busy machine
		}
	}

	@Test
	void aCountThatStopsIsLateAfterTwoIntervalsAndStoppedAfterThree() {
		this.rows.put("w1:1", new Heartbeats.Beat(7, Duration.ofSeconds(2)));
		assertThat(this.watch.look("w1:1").orElseThrow().silent()).isZero();
		advance(Duration.ofMillis(3_999));
		assertThat(this.watch.look("w1:1").orElseThrow().late()).isFalse();
		advance(Duration.ofMillis(1));
		HolderWatch.Heart late = this.watch.look("w1:1").orElseThrow();
		assertThat(late.late()).isTrue();
		assertThat(late.stopped()).isFalse();
		advance(Duration.ofSeconds(2));
		HolderWatch.Heart stopped = this.watch.look("w1:1").orElseThrow();
		assertThat(stopped.stopped()).isTrue();
		assertThat(stopped.silent()).isEqualTo(Duration.ofSeconds(6));
		// it beats again (it was only paused): silent no more
		this.rows.put("w1:1", new Heartbeats.Beat(8, Duration.ofSeconds(2)));
		assertThat(this.watch.look("w1:1").orElseThrow().stopped()).isFalse();
	}

	@Test
	void theHoldersOwnIntervalDecides() {
		this.rows.put("slow:1", new Heartbeats.Beat(1, Duration.ofSeconds(10)));
		this.watch.look("slow:1");
		advance(Duration.ofSeconds(29));
		assertThat(this.watch.look("slow:1").orElseThrow().stopped()).isFalse();
		advance(Duration.ofSeconds(1));
		assertThat(this.watch.look("slow:1").orElseThrow().stopped()).isTrue();
	}

	@Test
	void aWorkerWithoutARowIsUnknownNotGone() {
		assertThat(this.watch.look("old-version:1")).isEmpty();
		this.rows.put("w1:1", new Heartbeats.Beat(3, Duration.ofSeconds(2)));
		this.watch.look("w1:1");
		advance(Duration.ofMinutes(1));
		this.rows.remove("w1:1"); // it stopped and removed its row: only the lease decides then
		assertThat(this.watch.look("w1:1")).isEmpty();
	}

	private void advance(Duration by) {
		this.clock.addAndGet(by.toNanos());
	}

}
