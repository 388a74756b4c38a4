package io.rowlift.database;

/**
 * Work a database does beside the load's writers while the load step runs ({@link ConnectionSetup#besideLoad}):
 * started as the step starts, ended by {@link #close} as the step ends, whether it completed or failed. It
 * must never change what the load stores, only when the database does its own housekeeping; a run killed
 * while it works resumes as any other.
 */
@FunctionalInterface
public interface LoadCompanion extends AutoCloseable {

	/** Nothing beside the load. */
	LoadCompanion NONE = () -> {
	};

	/** Ends the work and lets go of what it holds (connections, threads); never throws. */
	@Override
	void close();

}
