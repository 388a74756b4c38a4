package io.rowlift;

import org.springframework.core.env.Environment;

/**
 * Test-only hooks, off unless a {@code rowlift.test.*} property is set; operators never set them.
 * {@code rowlift.test.pause-at=PHASE} makes a run print {@code rowlift-test: paused at PHASE} and
 * wait there until it is killed, so the crash tests can kill it at a known point of each phase:
 * {@code index-drop} (indexes dropped, the step not yet committed), {@code partition} (the ranges
 * computed, no partition saved yet), {@code load} (partition 0
 * inside its second chunk), {@code sort} (a load sorted by key: every run written, the manifest not
 * yet), {@code index-build} (SQLite: the first index built with a rollback journal, not yet
 * committed), {@code index-rebuild} (indexes created, the ledger not yet cleared),
 * {@code accounting}, {@code summary} (the job completed, nothing printed yet). Thread-safe.
 */
public final class TestHooks {

	private static volatile String pauseAt;

	private TestHooks() {
	}

	/** Reads the hooks' settings (called once the context has started). */
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
