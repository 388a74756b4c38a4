package io.rowlift.database;

import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

/**
 * The run lock that lets one load at a time write a table, and what a killed run left running on the server.
 * One of a {@link TargetDialect}'s roles ({@link TargetDialect#locks()}); stateless and thread-safe.
 */
public interface RunLocking {

	/**
	 * Takes the run lock for loads into {@code table}, without waiting.
	 * @return the lock, or {@code null} if another process holds it
	 */
	RunLock tryLock(DataSource dataSource, String jdbcUrl, String table) throws SQLException;

	/**
	 * Who holds the run lock a load into {@code table} would take, without keeping it: empty when the
	 * lock is free (a load could start now), else the table whose load holds it, or {@code ""} when
	 * that is not known. By default the lock is taken and released at once, so a load starting in that
	 * instant is refused as if a run were active (exit 3, nothing written); dialects with a way to look
	 * without taking override it. For {@code status} and {@code rebuild-indexes}.
	 */
	default Optional<String> runLockHolder(DataSource dataSource, String jdbcUrl, String table) throws SQLException {
		RunLock lock = tryLock(dataSource, jdbcUrl, table);
		if (lock == null) {
			return Optional.of("");
		}
		lock.close();
		return Optional.empty();
	}

	/**
	 * Ends statements a killed run of a load into {@code table} left running on the server, and waits
	 * until they are gone, so a resume does not wait on their locks. Called under the run lock.
	 */
	default void endOrphanedStatements(DataSource dataSource, String table) throws SQLException {
	}

}
