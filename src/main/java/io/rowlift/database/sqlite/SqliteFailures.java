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

	/** Whether {@code error} is SQLite's busy or locked result: another connection holds what it needed. */
	static boolean busy(java.sql.SQLException error) {
		int code = error instanceof SQLiteException sqlite ? sqlite.getErrorCode() & 0xff : error.getErrorCode() & 0xff;
		return code == SQLITE_BUSY || code == SQLITE_LOCKED;
	}

	static final int SQLITE_CONSTRAINT = 19;

	static final int SQLITE_CONSTRAINT_PRIMARYKEY = SQLITE_CONSTRAINT | (6 << 8);

	static final int SQLITE_CONSTRAINT_UNIQUE = SQLITE_CONSTRAINT | (8 << 8);

	/** See {@link io.rowlift.database.EnvironmentFaults#isDuplicateKeyFailure}. */
	static boolean duplicateKey(java.sql.SQLException error) {
		int code = error instanceof SQLiteException sqlite && sqlite.getResultCode() != null ? sqlite.getResultCode().code
				: error.getErrorCode();
		if (code == SQLITE_CONSTRAINT_UNIQUE || code == SQLITE_CONSTRAINT_PRIMARYKEY) {
			return true;
		}
		String message = String.valueOf(error.getMessage());
		return (code & 0xff) == SQLITE_CONSTRAINT
				&& (message.contains("UNIQUE constraint failed") || message.contains("indexed columns are not unique"));
	}

	/** See {@link io.rowlift.database.EnvironmentFaults#describeFailure}. */
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

	static final int SQLITE_PERM = 3;

	static final int SQLITE_READONLY = 8;

	static final int SQLITE_CANTOPEN = 14;

	/** SQLITE_READONLY_DIRECTORY: the folder does not let SQLite create its journal. */
	static final int SQLITE_READONLY_DIRECTORY = SQLITE_READONLY | (6 << 8);

	/** See {@link io.rowlift.database.EnvironmentFaults#describeEnvironmentFault}. */
	static Optional<String> environment(Throwable failure, String jdbcUrl) {
		if (CodeFault.find(failure).isPresent()) {
			return Optional.empty();
		}
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			if (t instanceof SQLiteException error) {
				int code = error.getResultCode() != null ? error.getResultCode().code : error.getErrorCode(); // extended, where known
				Optional<String> line = environment(code, place(jdbcUrl));
				if (line.isPresent()) {
					return line;
				}
			}
		}
		return Optional.empty();
	}

	/** @param code sqlite-jdbc's result code, extended where the driver gives it */
	static Optional<String> environment(int code, String where) {
		java.nio.file.Path file = java.nio.file.Path.of(where);
		String folder = file.toAbsolutePath().getParent() == null ? "." : String.valueOf(file.toAbsolutePath().getParent());
		if (code == SQLITE_READONLY_DIRECTORY) {
			return Optional.of("cannot write the SQLite database " + where + ": its folder " + folder + " is read-only for this "
					+ "user, and SQLite creates its journal files (" + file.getFileName() + "-wal, -shm) there; make the folder "
					+ "writable, or point spring.datasource.url at a file in a writable folder; nothing was written");
		}
		return Optional.ofNullable(switch (code & 0xff) {
			case SQLITE_READONLY, SQLITE_PERM -> "the SQLite database " + where + " is read-only for this user; make it writable "
					+ "(chmod u+w " + where + ", as its owner, or chattr -i when it is immutable), or point spring.datasource.url "
					+ "at another file; nothing was written";
			case SQLITE_CANTOPEN -> "cannot open the SQLite database " + where + " for writing: the file or its folder " + folder
					+ " cannot be written (SQLite creates " + file.getFileName() + "-wal and -shm beside it); make both writable, "
					+ "or point spring.datasource.url at a file in a writable folder; nothing was written";
			case SQLITE_FULL -> "database or disk is full: " + where + "; free space, then run the same command; nothing was written";
			default -> null;
		});
	}

	/** See {@link io.rowlift.database.EnvironmentFaults#describeLockedDatabase}. */
	static Optional<String> locked(Throwable failure, String jdbcUrl) {
		if (CodeFault.find(failure).isPresent()) {
			return Optional.empty();
		}
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			if (t instanceof SQLiteException error && busy(error)) {
				String where = place(jdbcUrl);
				return Optional.of("the SQLite database " + where + " is locked by another program (one that holds a write "
						+ "transaction open in it, such as a sqlite3 shell, or opened it in exclusive locking mode); end that "
						+ "transaction or close the program, then run the same command, or set rowlift.job.lock-wait=10m to "
						+ "wait for it; nothing was written");
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
			return SqliteConnectionSetup.databaseFile(JdbcUrl.parse(jdbcUrl).base()).toString();
		}
		catch (RuntimeException ex) { // not a file URL: nothing better to name
			return JdbcUrl.redacted(jdbcUrl);
		}
	}

}
