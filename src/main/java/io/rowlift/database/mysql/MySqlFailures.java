package io.rowlift.database.mysql;

import java.sql.SQLException;
import java.util.Optional;
import java.util.regex.Pattern;

import io.rowlift.model.CodeFault;

/**
 * Names, in one line, the MySQL/MariaDB failures a re-run resumes after once their cause is gone:
 * a full table or disk (1114 "The table is full", 1021 disk full, an error carrying errno 28,
 * ENOSPC), a lost connection (SQLState class 08 such as Connector/J's {@code CommunicationsException},
 * 08S01, 08003, 08007; MariaDB's 1927 "Connection was killed"; 1053 server shutdown; client errors
 * 2006 and 2013), a lock wait timeout (1205, row locks and metadata locks alike) and a deadlock
 * (1213). Judged by error codes, SQLStates and Connector/J's exception classes. Stateless and
 * thread-safe.
 */
final class MySqlFailures {

	static final int ER_DISK_FULL = 1021;

	static final int ER_DUP_ENTRY = 1062;

	static final int ER_RECORD_FILE_FULL = 1114;

	static final int ER_LOCK_WAIT_TIMEOUT = 1205;

	static final int ER_LOCK_DEADLOCK = 1213;

	static final int ER_SERVER_SHUTDOWN = 1053;

	static final int ER_CONNECTION_KILLED = 1927;

	static final int CR_SERVER_GONE_ERROR = 2006;

	static final int CR_SERVER_LOST = 2013;

	/** Errors that carry an operating-system errno in their text: 3 error on write, 1026 same, 1030 storage engine. */
	private static final Pattern ENOSPC = Pattern.compile("(?i)\\b(errcode|errno|error):? 28\\b|no space left on device");

	/** HikariCP's message, without SQLState, for any call on a connection the pool has closed. */
	private static final String POOL_CLOSED = "Connection is closed";

	private MySqlFailures() {
	}

	/** See {@link io.rowlift.database.EnvironmentFaults#describeFailure}. */
	static Optional<String> describe(Throwable failure, String jdbcUrl) {
		String where = place(jdbcUrl);
		if (CodeFault.find(failure).isPresent()) {
			return Optional.empty(); // Rowlift's own code failed inside the driver's call: not the database's doing
		}
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			String line = null;
			if (t instanceof SQLException error) {
				line = error.getErrorCode() == ER_LOCK_DEADLOCK ? deadlock(where, failure)
						: describe(error.getErrorCode(), error.getSQLState(), error.getMessage(), where);
			}
			if (line == null && t.getClass().getName().startsWith("com.mysql.cj.")
					&& t.getClass().getSimpleName().endsWith("CommunicationsException")) {
				line = lostConnection(where); // Connector/J's own, before or without a SQLException around it
			}
			if (line == null && t instanceof SQLException closed && closed.getSQLState() == null
					&& POOL_CLOSED.equals(closed.getMessage())) {
				// HikariCP's proxy of a connection it evicted as broken (08S01): the chunk's rollback fails with
				// this, and Spring's TransactionTemplate throws it in place of the loss it followed (seen when a
				// connection is killed between the savepoints of a chunk)
				line = lostConnection(where);
			}
			if (line != null) {
				return Optional.of(line);
			}
		}
		return Optional.empty();
	}

	static final int ER_DBACCESS_DENIED = 1044;

	static final int ER_ACCESS_DENIED = 1045;

	static final int ER_BAD_DB = 1049;

	/** See {@link io.rowlift.database.EnvironmentFaults#describeEnvironmentFault}. */
	static Optional<String> environment(Throwable failure, String jdbcUrl) {
		if (CodeFault.find(failure).isPresent()) {
			return Optional.empty();
		}
		String where = place(jdbcUrl);
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			String line = null;
			if (t instanceof SQLException error) {
				line = environment(error.getErrorCode(), error.getMessage(), where);
			}
			else if (t instanceof java.net.UnknownHostException) {
				line = "unknown host: the MySQL server " + where + " in spring.datasource.url cannot be found by name; "
						+ "fix the host name in spring.datasource.url (or the name service); nothing was written";
			}
			else if (t instanceof java.net.ConnectException) {
				line = "nothing answers at " + hostAndPort(where) + " (connection refused): start the MySQL server, or fix the host and "
						+ "port in spring.datasource.url; nothing was written";
			}
			if (line != null) {
				return Optional.of(line);
			}
		}
		return Optional.empty();
	}

	/** The server's own text names the user (never the password); quoted so the operator sees which. */
	static String environment(int code, String message, String where) {
		String server = message == null ? "" : " (the server says: " + message.strip() + ")";
		return switch (code) {
			case ER_ACCESS_DENIED -> "the MySQL server " + where + " refused the login: wrong user or password" + server
					+ "; fix spring.datasource.username and spring.datasource.password (environment: MYSQL_USER, MYSQL_PASSWORD);"
					+ " nothing was written";
			case ER_DBACCESS_DENIED -> "the MySQL user may not use the database " + where + server
					+ "; grant it access (GRANT ALL ON db.* TO user), or name another database in spring.datasource.url;"
					+ " nothing was written";
			case ER_BAD_DB -> "the database " + where + " does not exist" + server + "; create it (CREATE DATABASE "
					+ database(where) + ") or fix the database name in spring.datasource.url; nothing was written";
			case ER_RECORD_FILE_FULL, ER_DISK_FULL -> "database or disk is full: " + where
					+ " (the server's disk or the table's size limit); free space, then run the same command; nothing was written";
			default -> null;
		};
	}

	private static String hostAndPort(String where) {
		int slash = where.indexOf('/');
		return slash < 0 ? where : where.substring(0, slash);
	}

	private static String database(String where) {
		int slash = where.indexOf('/');
		return slash < 0 || slash == where.length() - 1 ? "..." : where.substring(slash + 1);
	}

	static String describe(int code, String state, String message, String where) {
		if (code == ER_RECORD_FILE_FULL || code == ER_DISK_FULL
				|| ((code == 3 || code == 1026 || code == 1030) && message != null && ENOSPC.matcher(message).find())) {
			return "database or disk is full: " + where
					+ " (the server's disk or the table's size limit); free space, then run the same command";
		}
		if (code == ER_LOCK_WAIT_TIMEOUT) {
			return "timed out waiting for a lock: " + where
					+ " (another session holds a lock on the table or its rows); end that session or let it finish, "
					+ "then run the same command";
		}
		if (code == ER_LOCK_DEADLOCK) {
			return deadlock(where, null);
		}
		if (code == ER_CONNECTION_KILLED || code == ER_SERVER_SHUTDOWN || code == CR_SERVER_GONE_ERROR
				|| code == CR_SERVER_LOST || (state != null && state.startsWith("08"))) {
			return lostConnection(where);
		}
		return null;
	}

	/**
	 * A deadlock, named by what lost it: a statement on Spring Batch's tables (Spring's exception
	 * around the driver's names the SQL) is the run's bookkeeping, such as creating the job instance
	 * before any chunk, not a chunk of rows.
	 */
	private static String deadlock(String where, Throwable failure) {
		for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
			if (t.getMessage() != null && t.getMessage().contains("BATCH_")) {
				return "deadlock with another session on " + where + " while Rowlift recorded the run in Spring Batch's "
						+ "job tables (not while writing rows); the server rolled that transaction back: run the same command "
						+ "(once that session is done)";
			}
		}
		return "deadlock with another session on " + where
				+ "; the server rolled back the transaction that lost it: run the same command (once that session is done)";
	}

	private static String lostConnection(String where) {
		return "lost the connection to the database: " + where
				+ "; check that the server is up and reachable, then run the same command";
	}

	/**
	 * {@code host:port/database} of a {@code jdbc:mysql://[user[:password]@]host[:port][/database][?...]}
	 * URL: never the user or password, wherever the URL holds them.
	 */
	static String place(String jdbcUrl) {
		if (jdbcUrl == null) {
			return "the MySQL server";
		}
		String rest = jdbcUrl;
		int slashes = rest.indexOf("//");
		rest = slashes < 0 ? rest : rest.substring(slashes + 2);
		int q = rest.indexOf('?');
		rest = q < 0 ? rest : rest.substring(0, q);
		int at = rest.lastIndexOf('@'); // the last: a password may hold '@' or '/'
		rest = at < 0 ? rest : rest.substring(at + 1);
		int slash = rest.indexOf('/');
		String hosts = slash < 0 ? rest : rest.substring(0, slash);
		String database = slash < 0 ? "" : rest.substring(slash);
		if (hosts.contains("=") || hosts.contains("(")) { // address=(host=...)(user=...): keep no part of it
			hosts = "the MySQL server";
		}
		return (hosts.isEmpty() ? "localhost" : hosts) + database;
	}

}
