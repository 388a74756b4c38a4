package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

/** Issue #20 item 8: the refusal names the load that holds the lock, and how to wait for it. */
class RunLockRefusalTests {

	@Test
	void aLoadOfTheSameTableIsNamedAsBefore() {
		assertThat(RunLockRefusal.message("ints", "ints", "mysql", Duration.ZERO)).isEqualTo("another run is active: a load into "
				+ "ints is running now (it holds the run lock); wait for it to end and run the same command, or set "
				+ "rowlift.job.lock-wait=10m to wait for the lock instead of being refused; nothing was written");
	}

	@Test
	void theHolderIsNamedNotTheRefusedLoad() {
		assertThat(RunLockRefusal.message("wide", "ints", "sqlite", Duration.ZERO)).startsWith("another run is active: a load "
				+ "into ints is running now and holds the run lock of this sqlite database, which takes one load at a time, so "
				+ "this load into wide cannot start;");
	}

	@Test
	void afterAWaitItSaysHowLongAndAdvisesALongerOne() {
		assertThat(RunLockRefusal.message("wide", "ints", "sqlite", Duration.ofMinutes(15))).contains("; waited 15m for it;")
			.contains("set rowlift.job.lock-wait=30m to wait");
		assertThat(RunLockRefusal.duration(Duration.ofMillis(1500))).isEqualTo("1500ms");
		assertThat(RunLockRefusal.duration(Duration.ofSeconds(30))).isEqualTo("30s");
	}

}
