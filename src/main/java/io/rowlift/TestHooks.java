package io.rowlift;

import org.springframework.core.env.Environment;

/**
 * Test-only hook left in main code until the writer announces its point through
 * {@link io.rowlift.model.Checkpoints} like the other phases: {@code rowlift.test.pause-at=load} makes
 * a run print {@code rowlift-test: paused at load} and wait there (partition 0 inside its second
 * chunk) until it is killed. Off unless the tests' fault configuration calls {@link #configure}
 * (it does when {@code rowlift.test.pause-at} is set); operators never set it. Thread-safe.
 */
public final class TestHooks {

	private static volatile String pauseAt;

	private TestHooks() {
	}

	/** Reads the hooks' settings (called by the tests' fault configuration). */
	public static void configure(Environment environment) {
		pauseAt = environment.getProperty("rowlift.test.pause-at");
	}

	/** Pauses for good if {@code rowlift.test.pause-at} names {@code phase}. */
	public static void pause(String phase) {
		if (phase.equals(pauseAt)) {
			System.out.println("rowlift-test: paused at " + phase);
			System.out.flush();
			try {
				Thread.sleep(Long.MAX_VALUE);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

}
