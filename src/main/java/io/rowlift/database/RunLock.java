package io.rowlift.database;

/**
 * Held by a running load so that a second start is refused at once and a run left STARTED by a
 * killed process can be told apart from a live one (contract, "Which run a command means"). Closing
 * it releases it; a killed process releases it implicitly (the OS drops file locks, the server drops
 * named locks with the connection).
 */
public interface RunLock extends AutoCloseable {

	/** What the lock guards, for messages. */
	String description();

	@Override
	void close();

}
