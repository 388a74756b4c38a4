package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;

import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;

import com.mysql.cj.jdbc.exceptions.CommunicationsException;

/** How the MySQL dialect names the failures a re-run resumes after, by codes, SQLStates and driver classes. */
class MySqlFailuresTests {

	private final MySqlDialect dialect = new MySqlDialect();

	private static final String URL = "jdbc:mysql://loader:s3cret@db.example:3306/sales?rewriteBatchedStatements=true&password=x";

	@Test
	void theDatabaseIsNamedByServerAndDatabaseNeverByCredentials() {
		assertThat(MySqlFailures.place(URL)).isEqualTo("db.example:3306/sales");
		assertThat(MySqlFailures.place("jdbc:mysql://u:p@ss/w@rd@h1:3306,h2:3307/db")).isEqualTo("h1:3306,h2:3307/db");
		assertThat(MySqlFailures.place("jdbc:mysql://127.0.0.1:3306/rowlift")).isEqualTo("127.0.0.1:3306/rowlift");
		assertThat(MySqlFailures.place("jdbc:mysql://address=(host=h)(user=u)(password=p)/db")).isEqualTo("the MySQL server/db");
	}

	@Test
	void aFullTableOrDiskIsFull() {
		String line = "database or disk is full: db.example:3306/sales (the server's disk or the table's size limit); "
				+ "free space, then run the same command";
		assertThat(this.dialect.faults().describeFailure(new SQLException("The table 'ints' is full", "HY000", 1114), URL)).contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Disk full (/tmp/x); waiting for someone to free some space...",
				"HY000", 1021), URL)).contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Got error 28 \"No space left on device\" from storage engine InnoDB",
				"HY000", 1030), URL)).contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Error writing file '/tmp/MYfd=5' (Errcode: 28)", "HY000", 3), URL))
			.contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Got error 168 from storage engine", "HY000", 1030), URL))
			.as("another errno").isEmpty();
	}

	@Test
	void aLostConnectionIsNamedWhateverTheDriverCalledIt() {
		String line = "lost the connection to the database: db.example:3306/sales; check that the server is up and reachable, "
				+ "then run the same command";
		assertThat(this.dialect.faults().describeFailure(new DataAccessResourceFailureException("insert",
				new CommunicationsException("Communications link failure", null)), URL)).contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("No operations allowed after connection closed.", "08003", 0), URL))
			.contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Connection was killed", "70100", 1927), URL)).contains(line);
		assertThat(this.dialect.faults().describeFailure(new org.springframework.transaction.TransactionSystemException("JDBC rollback failed",
				new SQLException("Connection is closed")), URL)).as("the pool's proxy of an evicted connection").contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Server shutdown in progress", "08S01", 1053), URL)).contains(line);
		assertThat(this.dialect.faults().describeFailure(new SQLException("Lost connection to server during query", "HY000", 2013), URL))
			.contains(line);
	}

	@Test
	void lockWaitTimeoutsAndDeadlocksAreNamed() {
		assertThat(this.dialect.faults().describeFailure(new SQLTransactionRollbackException(
				"Lock wait timeout exceeded; try restarting transaction", "HY000", 1205), URL))
			.contains("timed out waiting for a lock: db.example:3306/sales (another session holds a lock on the table or its "
					+ "rows); end that session or let it finish, then run the same command");
		assertThat(this.dialect.faults().describeFailure(new SQLTransactionRollbackException(
				"Deadlock found when trying to get lock; try restarting transaction", "40001", 1213), URL))
			.contains("deadlock with another session on db.example:3306/sales; the server rolled back the transaction that "
					+ "lost it: run the same command (once that session is done)");
	}

	/** Issue #20 item 8: two loads creating their job instances at once deadlocked before any chunk. */
	@Test
	void aDeadlockOnSpringBatchsTablesIsNotCalledAChunk() {
		SQLException driver = new SQLTransactionRollbackException(
				"Deadlock found when trying to get lock; try restarting transaction", "40001", 1213);
		RuntimeException spring = new RuntimeException("PreparedStatementCallback; SQL [INSERT INTO BATCH_JOB_INSTANCE(JOB_INSTANCE_ID, "
				+ "JOB_NAME, JOB_KEY, VERSION) VALUES (?, ?, ?, ?)]; Deadlock found", driver);
		assertThat(this.dialect.faults().describeFailure(spring, URL)).hasValueSatisfying(line -> assertThat(line)
			.isEqualTo("deadlock with another session on db.example:3306/sales while Rowlift recorded the run in Spring "
					+ "Batch's job tables (not while writing rows); the server rolled that transaction back: run the same "
					+ "command (once that session is done)")
			.doesNotContain("chunk back"));
	}

	@Test
	void otherFailuresKeepTheirOwnMessage() {
		assertThat(this.dialect.faults().describeFailure(new SQLException("Duplicate entry '1' for key 'PRIMARY'", "23000", 1062), URL))
			.isEmpty();
		assertThat(this.dialect.faults().describeFailure(new SQLException("Table 'sales.t' doesn't exist", "42S02", 1146), URL)).isEmpty();
		assertThat(this.dialect.faults().describeFailure(new IllegalStateException("no"), URL)).isEmpty();
	}

	/** An exception Rowlift's own code throws (here, as TsvRows once did, an arraycopy past a buffer's end). */
	static RuntimeException thrownByRowlift() {
		try {
			System.arraycopy(new byte[4], 0, new byte[2], 0, 4);
			throw new AssertionError("unreachable");
		}
		catch (ArrayIndexOutOfBoundsException ex) {
			return ex;
		}
	}

	@Test
	void anExceptionOfRowliftsOwnCodeInsideTheDriversCallIsNotALostConnection() {
		RuntimeException bug = thrownByRowlift();
		// what Connector/J makes of an exception its LOAD DATA stream throws: a communications failure around it
		SQLException wrapped = new SQLException(bug.getMessage(), "08S01", 0, bug);
		assertThat(this.dialect.faults().describeFailure(new DataAccessResourceFailureException("LOAD DATA", wrapped), URL)).isEmpty();
		assertThat(this.dialect.faults().describeFailure(new CommunicationsException(bug.getMessage(), bug), URL)).isEmpty();
		assertThat(this.dialect.faults().describeEnvironmentFault(wrapped, URL)).isEmpty();
		assertThat(this.dialect.faults().describeFailure(new SQLException("Communications link failure", "08S01", 0,
				new java.net.SocketException("Connection reset")), URL))
			.as("the driver's own failure stays one").isPresent();
	}

	@Test
	void environmentFaultsAreOneSentenceWithTheFixAndNeverThePassword() {
		assertThat(this.dialect.faults().describeEnvironmentFault(new DataAccessResourceFailureException("pool",
				new SQLException("Access denied for user 'loader'@'10.0.0.7' (using password: YES)", "28000", 1045)), URL))
			.hasValueSatisfying(line -> assertThat(line)
				.startsWith("the MySQL server db.example:3306/sales refused the login: wrong user or password")
				.contains("fix spring.datasource.username and spring.datasource.password").endsWith("nothing was written")
				.doesNotContain("s3cret"));
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLException("Unknown database 'sales'", "42000", 1049), URL))
			.contains("the database db.example:3306/sales does not exist (the server says: Unknown database 'sales'); "
					+ "create it (CREATE DATABASE sales) or fix the database name in spring.datasource.url; nothing was written");
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLException("x", "08001", 0,
				new java.net.UnknownHostException("db.example: Name or service not known")), URL))
			.hasValueSatisfying(line -> assertThat(line).startsWith("unknown host: the MySQL server db.example:3306/sales"));
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLException("x", "08001", 0,
				new java.net.ConnectException("Connection refused")), URL))
			.hasValueSatisfying(line -> assertThat(line).startsWith("nothing answers at db.example:3306 (connection refused)"));
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLException("Duplicate entry", "23000", 1062), URL)).isEmpty();
	}

}
