package io.rowlift.load;

import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;

import io.rowlift.database.JdbcUrl;
import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetDialects;
import io.rowlift.job.RunLockRefusal;

/**
 * The target database ({@code spring.datasource.url}) as the entry points see it, without its dialect:
 * what it is, whether it exists, and the one sentence for a failure of it, each as the dialect words it.
 * The command line and the observability ask here instead of naming {@link TargetDialect}, so that the
 * load layer stays their one way in (issue #35). Immutable, thread-safe.
 */
public final class TargetDatabase {

	private final TargetDialect dialect;

	private final String url;

	/** @param url {@code spring.datasource.url}, or null when it is not set */
	public TargetDatabase(TargetDialect dialect, String url) {
		this.dialect = dialect;
		this.url = url;
	}

	/** The database's kind ({@code sqlite}, {@code mysql}), the name status and the messages use. */
	public String kind() {
		return this.dialect.id();
	}

	/** The URL without its parameters (which may hold a user or password). */
	public String redactedUrl() {
		return JdbcUrl.redacted(this.url);
	}

	/** The database in messages: {@code sqlite database jdbc:sqlite:/data/t.db}. */
	public String description() {
		return kind() + " database " + redactedUrl();
	}

	/** Whether the database is there (a SQLite file that does not exist is not; a server's database always is). */
	public boolean exists() {
		return this.dialect.connections().databaseExists(this.url);
	}

	/**
	 * The kind of the database {@code url} names, for {@code /actuator/info}; {@code unknown} when no dialect
	 * takes it.
	 */
	public static String kindOf(String url) {
		try {
			return TargetDialects.forUrl(url).id();
		}
		catch (RuntimeException ex) {
			return "unknown";
		}
	}

	/** The URL without its parameters (which may hold a user or password), for messages and {@code /actuator/info}. */
	public static String redacted(String url) {
		return JdbcUrl.redacted(url);
	}

	/** Why a load's partitions cannot run on other machines with this database (SQLite), or empty when they can. */
	public Optional<String> whyNoRemotePartitions() {
		return this.dialect.connections().whyNoRemotePartitions();
	}

	/**
	 * One sentence for a fault of the environment behind {@code failure} that keeps Rowlift from the database
	 * at all (a refused login, an unknown host, a missing database, a read-only database file), or empty.
	 */
	public Optional<String> environmentFault(Throwable failure) {
		return this.dialect.faults().describeEnvironmentFault(failure, this.url);
	}

	/** The dialect's sentence for {@code failure} (a unique key repeated, a value too long, ...), or empty. */
	public Optional<String> failure(Throwable failure) {
		return this.dialect.faults().describeFailure(failure, this.url);
	}

	/**
	 * When {@code failure} is the database locked by something else: which table's run holds the run lock ({@code ""}
	 * when its table is not known), or empty when no run of Rowlift does (or the failure is not a lock, or the lock
	 * cannot be looked at).
	 * @param table the table whose run lock to look at, or "" for any
	 */
	public Optional<String> lockedByRun(Throwable failure, String table) {
		if (this.dialect.faults().describeLockedDatabase(failure, this.url).isEmpty()) {
			return Optional.empty();
		}
		try {
			return this.dialect.locks().runLockHolder(null, this.url, table == null ? "" : table);
		}
		catch (SQLException | RuntimeException ex) {
			return Optional.empty();
		}
	}

	/**
	 * The refusal (exit 3) when {@code failure} is the database locked by something else: "another run is active",
	 * naming it, when a run of Rowlift holds the run lock, else the dialect's sentence for another program; empty
	 * for any other failure.
	 * @param table the refused command's table, or "" when it names none
	 * @param waited how long the command waited for the run lock ({@code rowlift.job.lock-wait})
	 */
	public Optional<String> lockedDatabase(Throwable failure, String table, Duration waited) {
		Optional<String> otherProgram = this.dialect.faults().describeLockedDatabase(failure, this.url);
		if (otherProgram.isEmpty()) {
			return otherProgram;
		}
		Optional<String> holder;
		try {
			holder = this.dialect.locks().runLockHolder(null, this.url, table);
		}
		catch (SQLException ex) {
			return Optional.empty();
		}
		if (holder.isEmpty()) {
			return otherProgram;
		}
		return Optional.of(RunLockRefusal.message(table.isBlank() ? holder.get() : table, holder.get(), this.dialect.id(), waited));
	}

}
