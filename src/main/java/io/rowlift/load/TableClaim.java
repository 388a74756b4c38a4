package io.rowlift.load;

import io.rowlift.database.RunLock;

/**
 * The run lock of a table, taken by a caller of the load service ({@link LoadService#tryLock}) so that it can
 * look at a file's history before it decides to load it; a load into the same table while the caller holds
 * it uses it. Closing releases it. Not thread-safe: one caller holds it.
 */
public final class TableClaim implements AutoCloseable {

	private final RunLock lock;

	TableClaim(RunLock lock) {
		this.lock = lock;
	}

	/** What is locked, for logs. */
	public String description() {
		return this.lock.description();
	}

	/** Releases the run lock. */
	@Override
	public void close() {
		this.lock.close();
	}

}
