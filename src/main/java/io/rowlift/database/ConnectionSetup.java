package io.rowlift.database;

import java.sql.SQLException;
import java.util.Optional;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

/**
 * How Rowlift opens, prepares and hands back a database: the pool's driver settings, the database's creation,
 * what runs beside a load and after it. One of a {@link TargetDialect}'s roles ({@link TargetDialect#connections()});
 * stateless and thread-safe.
 */
public interface ConnectionSetup {

	/**
	 * Adds what the load needs to the pool: forced driver properties in the URL, connection
	 * initialisation, folders. Called once, before the pool opens its first connection.
	 * @param target the configured {@code rowlift.target.*} (the write method's driver options, SQLite's page size)
	 */
	void configure(HikariDataSource dataSource, TargetProperties target);

	/**
	 * As {@link #configure(HikariDataSource, TargetProperties)}, and the pool's connections wait for a database
	 * another run of Rowlift holds locked at most {@code lockWait} ({@code rowlift.job.lock-wait}), as a load
	 * waits for the run lock, where the database can lock a reader out (SQLite). By default the same as the
	 * other.
	 */
	default void configure(HikariDataSource dataSource, TargetProperties target, java.time.Duration lockWait) {
		configure(dataSource, target);
	}

	/**
	 * Creates the database when Rowlift makes it itself and it does not exist yet, sized for the input
	 * (SQLite: the file, with a page size for the records' length); nothing where the server holds the
	 * database. Called once, right after {@link #configure}, before the pool opens its first connection
	 * (something of Spring Batch's opens one as soon as the job repository is made), because some
	 * settings (SQLite's page size) hold only from a database's first page on. A database that exists is
	 * left as it is, and {@code input} is not asked.
	 * @param jdbcUrl the pool's URL, as {@link #configure} left it
	 * @param target the configured {@code rowlift.target.*}
	 * @param input the input's record length, sampled on the source side when asked
	 */
	default void createDatabase(String jdbcUrl, TargetProperties target, InputRecordLength input) {
	}

	/**
	 * Whether the database {@code jdbcUrl} names exists already, checked without creating it or
	 * opening a connection where that would create it (a SQLite file): {@code status} reports "no loads"
	 * for a database that does not exist instead of making it. True where the server holds the database.
	 */
	default boolean databaseExists(String jdbcUrl) {
		return true;
	}

	/**
	 * Starts what this database does beside the load's writers while the load step runs (SQLite folds its
	 * write-ahead log into the file on a thread of its own); the load step closes it when it ends. By
	 * default nothing.
	 */
	default LoadCompanion besideLoad(DataSource dataSource) {
		return LoadCompanion.NONE;
	}

	/** After a load, outside any transaction: hands the database back in its normal state. */
	default void afterLoad(DataSource dataSource) throws SQLException {
	}

	/**
	 * What the loaded data takes on disk after a load, for the summary of a folder of documents: {@code the
	 * database file takes 232.1 MB}; empty where it cannot be told.
	 * @param jdbcUrl the database's URL, or null
	 * @param table the loaded table
	 */
	default Optional<String> sizeOnDisk(DataSource dataSource, String jdbcUrl, String table) {
		return Optional.empty();
	}

	/**
	 * Why partitions of a load into this database cannot run on other machines (rowlift.cluster.role), or
	 * empty when they can: a server that several machines reach, which also holds the shared job repository.
	 */
	default java.util.Optional<String> whyNoRemotePartitions() {
		return java.util.Optional.empty();
	}

}
