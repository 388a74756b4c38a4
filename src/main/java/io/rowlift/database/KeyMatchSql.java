package io.rowlift.database;

import io.rowlift.database.mapping.TableMapping;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * How a database matches the file's rows with the table's in the modes {@code upsert} and {@code ignore}
 * ({@link KeyMatching}): the table's unique keys, the clause of a matched row, the count of matched rows.
 * One of a {@link TargetDialect}'s roles ({@link TargetDialect#keys()}); stateless and thread-safe.
 */
public interface KeyMatchSql {

	/**
	 * The keys of {@code table} that no two rows share: its primary key first (when it has one, also
	 * SQLite's {@code INTEGER PRIMARY KEY}), then its unique indexes and constraints. Partial and
	 * expression indexes are left out: a load cannot match rows on them.
	 */
	List<UniqueKey> uniqueKeys(Connection connection, TableInfo table) throws SQLException;

	/**
	 * What follows an INSERT's {@code VALUES} so that a row whose {@code key} exists updates that row
	 * ({@link LoadMode#UPSERT}: every loaded column but the key's takes the file's value) or is skipped
	 * ({@link LoadMode#IGNORE}), and so that {@link #matchCounter} counts it. Other errors (NOT NULL, CHECK,
	 * a value the column cannot hold, a conflict on another unique key where the database tells keys
	 * apart) stay errors: the row is rejected as in {@code append}.
	 * @param mapping the loaded columns
	 * @param key the key rows are matched on, every column loaded from the file
	 * @param mode {@code upsert} or {@code ignore}
	 */
	String onKeyMatch(TableMapping mapping, UniqueKey key, LoadMode mode);

	/** How rows matched by the statements of {@link #onKeyMatch} for {@code table} in {@code mode} are counted. */
	MatchCounter matchCounter(String table, LoadMode mode);

	/**
	 * Whether an INSERT with {@link #onKeyMatch} matches a row on any unique key of the table rather than
	 * on the one named (MySQL's {@code ON DUPLICATE KEY UPDATE}); then a load matching keys is refused when
	 * another unique key's columns all come from the file.
	 */
	default boolean matchesAnyUniqueKey() {
		return false;
	}

}
