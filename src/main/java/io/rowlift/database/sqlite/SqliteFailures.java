package io.rowlift.database.sqlite;

import java.util.Optional;

import org.sqlite.SQLiteException;

import io.rowlift.database.JdbcUrl;

import io.rowlift.model.CodeFault;

/**
 * Names, in one line, the SQLite failures a re-run resumes after once their cause is gone: a full
 * database or disk ({@code SQLITE_FULL}, also a {@code max_page_count} reached), an I/O error
 * ({@code SQLITE_IOERR} and its extended codes), a lock held past the busy timeout
 * ({@code SQLITE_BUSY}, {@code SQLITE_LOCKED}). Judged by sqlite-jdbc's primary result code, never
 * by message text. Stateless and thread-safe.
 */
final class SqliteFailures {

	static final int SQLITE_BUSY = 5;

	static final int SQLITE_LOCKED = 6;

	static final int SQLITE_IOERR = 10;

	static final int SQLITE_FULL = 13;

	private SqliteFailures() {
	}

	/** See {@link io.rowlift.database.TargetDialect#describeFailure}. */
	static Optional<String> describe(Throwable failure, String jdbcUrl) {
		if (CodeFault.find(failure).isPresent()) {
			return Optional.empty(); // Rowlift's own code failed inside the driver's call: not the database's doing
		}
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			if (t instanceof SQLiteException error) {
				Optional<String> line = describe(error.getErrorCode() & 0xff, place(jdbcUrl));
				if (line.isPresent()) {
					return line;
				}
			}
		}
		return Optional.empty();
	}

	static Optional<String> describe(int primaryCode, String where) {
		return Optional.ofNullable(switch (primaryCode) {
			case SQLITE_FULL -> "database or disk is full: " + where + "; free space, then run the same command";
			case SQLITE_IOERR -> "disk I/O error on " + where + "; check the disk (and its free space), then run the same command";
			case SQLITE_BUSY, SQLITE_LOCKED -> "timed out waiting for a lock: " + where
					+ " is locked by another process or connection; end it or let it finish, then run the same command";
			default -> null;
		});
	}

	/** The database file as the URL names it (relative stays relative), without the URL's parameters. */
	static String place(String jdbcUrl) {
		if (jdbcUrl == null) {
			return "the SQLite database";
		}
		try {
			return SqliteDialect.databaseFile(JdbcUrl.parse(jdbcUrl).base()).toString();
		}
		catch (RuntimeException ex) { // not a file URL: nothing better to name
			return JdbcUrl.redacted(jdbcUrl);
		}
	}

}
