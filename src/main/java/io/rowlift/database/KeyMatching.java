package io.rowlift.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

import javax.sql.DataSource;

import io.rowlift.RowliftException;
import io.rowlift.database.mapping.TableMapping;

/**
 * How a load in mode {@code upsert} or {@code ignore} matches the file's rows with the table's: the
 * {@link UniqueKey} it matches on ({@code rowlift.target.upsert-key}, else the primary key), the
 * statement's clause for a matched row ({@link KeyMatchSql#onKeyMatch}) and how matched rows are
 * counted ({@link KeyMatchSql#matchCounter}).
 *
 * <p>{@link #resolve} checks the key before anything is written: it must exist, be unique, and have
 * every column loaded from the file; otherwise exit 2, naming the table's unique keys. Immutable and
 * thread-safe.
 */
public final class KeyMatching {

	private final LoadMode mode;

	private final UniqueKey key;

	private final String clause;

	private final MatchCounter counter;

	private KeyMatching(LoadMode mode, UniqueKey key, String clause, MatchCounter counter) {
		this.mode = mode;
		this.key = key;
		this.clause = clause;
		this.counter = counter;
	}

	/** {@link #resolve(Connection, TargetDialect, TableMapping, TargetMode)} on a connection of its own. */
	public static KeyMatching resolve(DataSource dataSource, TargetDialect dialect, TableMapping mapping, TargetMode target) {
		return resolve(dataSource, dialect, mapping, target, false);
	}

	/**
	 * {@link #resolve(Connection, TargetDialect, TableMapping, TargetMode, boolean)} on a connection of its own.
	 * @param dropsIndexes whether the load drops the table's secondary indexes but the matched one
	 *     ({@code rowlift.schema.drop-indexes}, as it is before the load)
	 */
	public static KeyMatching resolve(DataSource dataSource, TargetDialect dialect, TableMapping mapping, TargetMode target,
			boolean dropsIndexes) {
		if (!target.mode().matchesKeys()) {
			return null;
		}
		try (Connection connection = dataSource.getConnection()) {
			return resolve(connection, dialect, mapping, target, dropsIndexes);
		}
		catch (SQLException ex) {
			throw new RowliftException(1, "cannot read the keys of table '" + mapping.table().name() + "': " + ex.getMessage(), ex);
		}
	}

	/**
	 * The key matching of {@code target}'s mode, or null when the mode matches no keys ({@code append},
	 * {@code truncate}, {@code replace}).
	 * @throws RowliftException (exit 2) when the key does not exist, is not unique, is not filled by the file,
	 *     or (where the database matches on any unique key) another unique key could match instead
	 */
	public static KeyMatching resolve(Connection connection, TargetDialect dialect, TableMapping mapping, TargetMode target)
			throws SQLException {
		return resolve(connection, dialect, mapping, target, false);
	}

	/**
	 * As {@link #resolve(Connection, TargetDialect, TableMapping, TargetMode)}, for a table whose
	 * secondary indexes but the matched key the load drops ({@code dropsIndexes}) or keeps. Where the
	 * database matches on any unique key, only the keys in force during the load can match instead: the
	 * primary key (never dropped) and, when indexes are kept, every unique index. A unique index that is
	 * dropped cannot match; a row that repeats its value is found when it is built again after the load.
	 */
	public static KeyMatching resolve(Connection connection, TargetDialect dialect, TableMapping mapping, TargetMode target,
			boolean dropsIndexes) throws SQLException {
		if (!target.mode().matchesKeys()) {
			return null;
		}
		TableInfo table = mapping.table();
		List<UniqueKey> keys = dialect.keys().uniqueKeys(connection, table);
		String setting = "rowlift.target.mode=" + target.mode().setting();
		UniqueKey key;
		if (target.upsertKey() == null) {
			key = keys.stream().filter(UniqueKey::primary).findFirst().orElseThrow(() -> RowliftException.badInput(setting
					+ " matches rows on the primary key, but table " + table.name() + " has none; "
					+ (keys.isEmpty() ? "it has no unique key either: add one with a migration, or load with rowlift.target.mode=append"
							: "set rowlift.target.upsert-key to one of its unique keys: " + describe(keys))));
		}
		else {
			String named = target.upsertKey();
			key = keys.stream().filter(k -> k.named(named)).findFirst().orElseThrow(() -> {
				Set<String> indexes = namesOf(connection, dialect, table.name());
				boolean exists = indexes.stream().anyMatch(named::equalsIgnoreCase);
				return RowliftException.badInput("rowlift.target.upsert-key=" + named + ": "
						+ (exists ? "index " + named + " of table " + table.name() + " is not unique, so rows cannot be matched on it"
								: "table " + table.name() + " has no unique key of that name")
						+ "; " + (keys.isEmpty() ? "the table has no unique key at all: add one with a migration"
								: "its unique keys are " + describe(keys) + ": name one of them, or leave the setting out to match on "
										+ "the primary key"));
			});
		}
		if (!key.filledBy(mapping.columns())) {
			throw RowliftException.badInput(setting + " matches rows on " + key.describe() + " of table " + table.name()
					+ ", but the file does not fill all of its columns; add them to the file, or choose another key with "
					+ "rowlift.target.upsert-key (the table's unique keys: " + describe(keys) + ")");
		}
		if (dialect.keys().matchesAnyUniqueKey()) {
			// in force during the load: the primary key always, the unique indexes when the load keeps them
			List<UniqueKey> others = keys.stream()
				.filter(k -> !k.equals(key) && k.filledBy(mapping.columns()) && (k.primary() || !dropsIndexes))
				.toList();
			if (!others.isEmpty()) {
				UniqueKey primary = others.stream().filter(UniqueKey::primary).findFirst().orElse(null);
				String fix = primary != null && dropsIndexes
						? "match on the primary key instead: leave rowlift.target.upsert-key out (the load drops the table's other"
								+ " unique indexes until it ends, so rows match on the primary key alone)"
						: primary != null ? "match on the primary key instead (leave rowlift.target.upsert-key out) with"
								+ " rowlift.schema.drop-indexes=true (the default: the load drops the table's other unique indexes until"
								+ " it ends, so rows match on the primary key alone)"
								: "set rowlift.schema.drop-indexes=true (the default: the load drops the other unique indexes until it"
										+ " ends, so rows match on " + key.describe() + " alone)";
				throw RowliftException.badInput(setting + " on " + dialect.id() + " matches a row on any unique key (ON DUPLICATE KEY "
						+ "UPDATE), and table " + table.name() + " has another unique key whose columns all come from the file: "
						+ describe(others) + "; a row could match on it instead of on " + key.describe() + ": " + fix
						+ ", or leave one of its columns out of the file");
			}
		}
		return new KeyMatching(target.mode(), key, dialect.keys().onKeyMatch(mapping, key, target.mode()),
				dialect.keys().matchCounter(table.name(), target.mode()));
	}

	private static Set<String> namesOf(Connection connection, TargetDialect dialect, String table) {
		try {
			return dialect.indexes().indexNames(connection, table);
		}
		catch (SQLException ex) {
			return Set.of();
		}
	}

	private static String describe(List<UniqueKey> keys) {
		return String.join(", ", keys.stream().map(UniqueKey::describe).toList());
	}

	/** {@code upsert} or {@code ignore}. */
	public LoadMode mode() {
		return this.mode;
	}

	/** The key rows are matched on. */
	public UniqueKey key() {
		return this.key;
	}

	/** How matched rows are counted. */
	public MatchCounter counter() {
		return this.counter;
	}

	/** The clause for a matched row that follows the INSERT ({@link KeyMatchSql#onKeyMatch}). */
	public String clause() {
		return this.clause;
	}

	/** {@code mapping}'s INSERT of {@code rows} rows with the clause for a matched row. */
	public String insertSql(TargetDialect dialect, TableMapping mapping, int rows) {
		return mapping.insertSql(dialect, rows) + this.clause;
	}

}
