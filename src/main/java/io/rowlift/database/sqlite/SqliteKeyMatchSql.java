package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.rowlift.database.KeyMatchSql;
import io.rowlift.database.LoadMode;
import io.rowlift.database.MatchCounter;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.UniqueKey;

/** SQLite's unique keys and its {@code ON CONFLICT} clauses for the modes that match keys. */
final class SqliteKeyMatchSql implements KeyMatchSql {

	private final SqliteDialect dialect;

	SqliteKeyMatchSql(SqliteDialect dialect) {
		this.dialect = dialect;
	}

	/**
	 * The primary key (named {@value UniqueKey#PRIMARY_KEY}, also a rowid alias) from the table's metadata;
	 * the unique indexes from {@code PRAGMA index_list}, those of UNIQUE constraints included, partial
	 * and expression indexes left out; the indexes by name.
	 */
	@Override
	public List<UniqueKey> uniqueKeys(Connection connection, TableInfo table) throws SQLException {
		List<UniqueKey> keys = new ArrayList<>();
		if (!table.primaryKey().isEmpty()) {
			keys.add(new UniqueKey(UniqueKey.PRIMARY_KEY, table.primaryKey(), true));
		}
		List<String> names = new ArrayList<>();
		try (Statement st = connection.createStatement();
				ResultSet rs = st.executeQuery("PRAGMA index_list(" + this.dialect.quote(table.name()) + ")")) {
			while (rs.next()) {
				if (rs.getInt("unique") == 1 && rs.getInt("partial") == 0 && !"pk".equals(rs.getString("origin"))) {
					names.add(rs.getString("name"));
				}
			}
		}
		names.sort(null); // by name: messages list them in a stable order
		for (String name : names) {
			List<String> columns = new ArrayList<>();
			try (Statement st = connection.createStatement();
					ResultSet rs = st.executeQuery("PRAGMA index_info(" + this.dialect.quote(name) + ")")) {
				while (rs.next()) {
					columns.add(rs.getString("name"));
				}
			}
			if (!columns.isEmpty() && !columns.contains(null)) {
				keys.add(new UniqueKey(name, columns, false));
			}
		}
		return keys;
	}

	/**
	 * {@code ON CONFLICT (key) DO UPDATE SET c = excluded.c, ...} (every loaded column but the key's; the
	 * key's own when there is no other) or {@code ON CONFLICT (key) DO NOTHING}. Not {@code INSERT OR
	 * IGNORE} or {@code OR REPLACE}: those also swallow NOT NULL and CHECK errors, or resolve conflicts on
	 * every unique key; this clause acts on the named key only, and a conflict on another key stays an error
	 * (the row is rejected).
	 */
	@Override
	public String onKeyMatch(TableMapping mapping, UniqueKey key, LoadMode mode) {
		StringBuilder sql = new StringBuilder(" ON CONFLICT (");
		for (int i = 0; i < key.columns().size(); i++) {
			sql.append(i == 0 ? "" : ", ").append(this.dialect.quote(key.columns().get(i)));
		}
		sql.append(')');
		if (mode == LoadMode.IGNORE) {
			return sql.append(" DO NOTHING").toString();
		}
		List<String> set = new ArrayList<>();
		for (TableColumn column : mapping.columns()) {
			if (key.columns().stream().noneMatch(column.name()::equalsIgnoreCase)) {
				set.add(this.dialect.quote(column.name()) + " = excluded." + this.dialect.quote(column.name()));
			}
		}
		if (set.isEmpty()) {
			set.add(this.dialect.quote(key.columns().get(0)) + " = excluded." + this.dialect.quote(key.columns().get(0)));
		}
		return sql.append(" DO UPDATE SET ").append(String.join(", ", set)).toString();
	}

	/** Counts the rows inserted ({@link SqliteInsertCounter}); the others of a statement matched a key. */
	@Override
	public MatchCounter matchCounter(String table, LoadMode mode) {
		return new SqliteInsertCounter(this.dialect.quote(table));
	}

}
