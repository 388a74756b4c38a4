package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;
import org.springframework.transaction.TransactionSystemException;

/** How the SQLite dialect names the failures a re-run resumes after. */
class SqliteFailuresTests {

	private final SqliteDialect dialect = new SqliteDialect();

	private static final String URL = "jdbc:sqlite:data/rowlift.db?journal_mode=WAL&busy_timeout=600000";

	@Test
	void aFullDatabaseOrDiskIsNamedWithTheFileAndTheFix() {
		var full = new SQLiteException("[SQLITE_FULL] Insertion failed because database is full (database or disk is full)",
				SQLiteErrorCode.SQLITE_FULL);
		assertThat(this.dialect.faults().describeFailure(new TransactionSystemException("JDBC commit failed", full), URL))
			.contains("database or disk is full: data/rowlift.db; free space, then run the same command");
	}

	@Test
	void everyExtendedIoErrorIsAnIoError() {
		for (SQLiteErrorCode code : new SQLiteErrorCode[] { SQLiteErrorCode.SQLITE_IOERR, SQLiteErrorCode.SQLITE_IOERR_WRITE,
				SQLiteErrorCode.SQLITE_IOERR_FSYNC, SQLiteErrorCode.SQLITE_IOERR_SHORT_READ }) {
			assertThat(this.dialect.faults().describeFailure(new SQLiteException("[" + code + "] disk I/O error", code), URL))
				.as(code.name())
				.contains("disk I/O error on data/rowlift.db; check the disk (and its free space), then run the same command");
		}
	}

	@Test
	void aLockHeldPastTheBusyTimeoutIsALockTimeout() {
		assertThat(this.dialect.faults().describeFailure(
				new RuntimeException(new SQLiteException("[SQLITE_BUSY] The database file is locked", SQLiteErrorCode.SQLITE_BUSY)),
				"jdbc:sqlite:file:/var/lib/rowlift/t.db"))
			.contains("timed out waiting for a lock: /var/lib/rowlift/t.db is locked by another process or connection; "
					+ "end it or let it finish, then run the same command");
	}

	@Test
	void otherFailuresKeepTheirOwnMessage() {
		assertThat(this.dialect.faults().describeFailure(
				new SQLiteException("[SQLITE_CONSTRAINT_UNIQUE] UNIQUE constraint failed", SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE),
				URL)).isEmpty();
		assertThat(this.dialect.faults().describeFailure(new SQLException("Connection is not available", "08001", 13), URL))
			.as("a code from another driver means nothing here").isEmpty();
		assertThat(this.dialect.faults().describeFailure(new IllegalStateException("no"), URL)).isEmpty();
	}

	@Test
	void anExceptionOfRowliftsOwnCodeIsNeverADatabaseFailure() {
		RuntimeException bug;
		try {
			System.arraycopy(new byte[4], 0, new byte[2], 0, 4);
			throw new AssertionError("unreachable");
		}
		catch (ArrayIndexOutOfBoundsException ex) {
			bug = ex;
		}
		var io = new SQLiteException("[SQLITE_IOERR] disk I/O error", SQLiteErrorCode.SQLITE_IOERR);
		io.initCause(bug);
		assertThat(this.dialect.faults().describeFailure(io, URL)).isEmpty();
		assertThat(this.dialect.faults().describeFailure(new IllegalStateException("wrapper", io), URL)).isEmpty();
	}

	@Test
	void aDatabaseThatCannotBeWrittenIsAnEnvironmentFaultWithTheFix() {
		assertThat(this.dialect.faults().describeEnvironmentFault(new org.springframework.dao.DataAccessResourceFailureException(
				"Could not obtain rowid", new SQLiteException("[SQLITE_READONLY] Attempt to write a readonly database",
						SQLiteErrorCode.SQLITE_READONLY)), URL))
			.contains("the SQLite database data/rowlift.db is read-only for this user; make it writable (chmod u+w data/rowlift.db,"
					+ " as its owner, or chattr -i when it is immutable), or point spring.datasource.url at another file;"
					+ " nothing was written");
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLiteException("[SQLITE_READONLY_DIRECTORY] Process does not have "
				+ "permission to create a journal file", SQLiteErrorCode.SQLITE_READONLY_DIRECTORY), URL))
			.hasValueSatisfying(line -> assertThat(line).startsWith("cannot write the SQLite database data/rowlift.db: its folder ")
				.contains("is read-only for this user, and SQLite creates its journal files (rowlift.db-wal, -shm) there"));
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLiteException("[SQLITE_CANTOPEN] Unable to open the database file",
				SQLiteErrorCode.SQLITE_CANTOPEN), URL))
			.hasValueSatisfying(line -> assertThat(line).startsWith("cannot open the SQLite database data/rowlift.db for writing"));
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLiteException("[SQLITE_FULL] full", SQLiteErrorCode.SQLITE_FULL), URL))
			.contains("database or disk is full: data/rowlift.db; free space, then run the same command; nothing was written");
		assertThat(this.dialect.faults().describeEnvironmentFault(new SQLiteException("[SQLITE_CONSTRAINT_UNIQUE] UNIQUE constraint failed",
				SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE), URL)).isEmpty();
	}

}
