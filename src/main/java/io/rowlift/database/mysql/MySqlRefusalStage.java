package io.rowlift.database.mysql;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import io.rowlift.database.RefusalStage;
import io.rowlift.database.StagingNames;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableMapping;

/**
 * {@link RefusalStage} on MySQL / MariaDB: a {@code TEMPORARY} InnoDB table of the session, {@code seq} its primary
 * key (so a row is found alone at once) and the mapped columns with the table's column types, character sets and
 * collations (so the staged values are the values the table would get, compared as the table compares them), all
 * nullable and without the table's constraints; rows sent with {@code LOAD DATA LOCAL} as the direct path sends them.
 * The predictions are {@link MySqlRefusalPredictions}' queries, run as one {@code UNION} (one round trip); should
 * that fail, each alone, those that fail left out.
 *
 * <p>The staging table is dropped and made again by each {@link #stage} (neither commits the transaction; a
 * {@code TRUNCATE} would): about a millisecond each, once per refused chunk. A pooled connection may keep it after
 * its chunk committed; it is never read before the next {@link #stage} empties it.
 *
 * <p>Thread-safe: the table's column types and constraints are read once, on first use, by whichever partition
 * gets there first; the rest is statement text.
 */
final class MySqlRefusalStage implements RefusalStage {

	/** Suffix of the session's staging table. */
	static final String SUFFIX = "__rowlift_refused";

	static final String SEQ = "rowlift_seq";

	private final MySqlDialect dialect;

	private final TableMapping mapping;

	private final String stage;

	private final String insert;

	private final String drop;

	private final LoadDataLoader load;

	/** Read on first use: the staging table's DDL and the predictions. */
	private volatile Plan plan;

	private record Plan(String create, MySqlRefusalPredictions predictions, String union) {
	}

	MySqlRefusalStage(MySqlDialect dialect, TableMapping mapping) {
		this.dialect = dialect;
		this.mapping = mapping;
		String table = mapping.table().name();
		this.stage = dialect.quote(StagingNames.of(table, SUFFIX, 64));
		StringBuilder columns = new StringBuilder();
		for (TableColumn column : mapping.columns()) {
			columns.append(columns.isEmpty() ? "" : ", ").append(dialect.quote(column.name()));
		}
		this.insert = dialect.statementTag(table) + "INSERT INTO " + dialect.quote(table) + " (" + columns + ") SELECT " + columns
				+ " FROM " + this.stage + " WHERE " + SEQ + " BETWEEN ";
		this.drop = "DROP TEMPORARY TABLE IF EXISTS " + this.stage;
		this.load = LoadDataLoader.of(dialect, mapping, this.stage, "", List.of(SEQ));
	}

	@Override
	public long stage(Connection connection, InputStream rows) throws SQLException {
		Plan plan = plan(connection);
		try (Statement st = connection.createStatement()) {
			st.execute(this.drop);
			st.execute(plan.create);
		}
		return this.load.load(connection, rows);
	}

	@Override
	public int[] predict(Connection connection) throws SQLException {
		Plan plan = plan(connection);
		TreeSet<Integer> seqs = new TreeSet<>();
		if (plan.union == null) {
			return new int[0];
		}
		try {
			select(connection, plan.union, seqs);
		}
		catch (SQLException ex) {
			rethrowUnlessQueryError(ex);
			for (String query : plan.predictions.queries()) {
				try {
					select(connection, query, seqs);
				}
				catch (SQLException one) {
					rethrowUnlessQueryError(one); // this constraint is left out: the bulk statement finds its rows
				}
			}
		}
		return seqs.stream().mapToInt(Integer::intValue).toArray();
	}

	@Override
	public SQLException insert(Connection connection, int from, int to, int[] excluded) throws SQLException {
		StringBuilder sql = new StringBuilder(this.insert).append(from).append(" AND ").append(to);
		String not = " AND " + SEQ + " NOT IN (";
		for (int seq : excluded) {
			if (seq >= from && seq <= to) {
				sql.append(not).append(seq);
				not = ", ";
			}
		}
		sql.append(not.equals(", ") ? ")" : "").append(" ORDER BY ").append(SEQ);
		try (Statement st = connection.createStatement()) {
			st.executeLargeUpdate(sql.toString());
			return null;
		}
		catch (SQLException ex) {
			if (!this.dialect.isRowError(ex)) {
				throw ex;
			}
			return ex;
		}
	}

	private static void select(Connection connection, String sql, TreeSet<Integer> seqs) throws SQLException {
		try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			while (rs.next()) {
				seqs.add(rs.getInt(1));
			}
		}
	}

	/** A prediction that cannot run is left out; a lost connection, a deadlock or a lock wait fails the chunk. */
	private static void rethrowUnlessQueryError(SQLException ex) throws SQLException {
		String state = ex.getSQLState() == null ? "" : ex.getSQLState();
		if (state.startsWith("08") || state.startsWith("40") || ex.getErrorCode() == MySqlFailures.ER_LOCK_WAIT_TIMEOUT
				|| ex.getErrorCode() == MySqlFailures.ER_LOCK_DEADLOCK) {
			throw ex;
		}
	}

	private Plan plan(Connection connection) throws SQLException {
		Plan plan = this.plan;
		if (plan == null) {
			MySqlRefusalPredictions predictions = MySqlRefusalPredictions.read(connection, this.dialect, this.mapping, this.stage, SEQ);
			List<String> queries = predictions.queries();
			plan = new Plan(createSql(connection), predictions, queries.isEmpty() ? null
					: "(" + String.join(") UNION (", queries) + ")");
			this.plan = plan;
		}
		return plan;
	}

	/** The mapped columns as the table declares them ({@code COLUMN_TYPE}, character set, collation), all nullable. */
	private String createSql(Connection connection) throws SQLException {
		Map<String, String> declared = new LinkedHashMap<>();
		try (PreparedStatement ps = connection.prepareStatement("SELECT COLUMN_NAME, COLUMN_TYPE, CHARACTER_SET_NAME, COLLATION_NAME"
				+ " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?")) {
			ps.setString(1, this.mapping.table().name());
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					String type = rs.getString(2);
					if (rs.getString(3) != null && rs.getString(4) != null) {
						type += " CHARACTER SET " + rs.getString(3) + " COLLATE " + rs.getString(4);
					}
					declared.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), type);
				}
			}
		}
		List<String> columns = new ArrayList<>();
		columns.add(SEQ + " INT NOT NULL PRIMARY KEY");
		for (TableColumn column : this.mapping.columns()) {
			String type = declared.get(column.name().toLowerCase(java.util.Locale.ROOT));
			if (type == null) {
				throw new SQLException("table " + this.mapping.table().name() + " has no column " + column.name()
						+ " in information_schema.COLUMNS: the staging table for refused rows cannot be made; check the table, or set"
						+ " rowlift.target.write-method=insert");
			}
			columns.add(this.dialect.quote(column.name()) + " " + type + " NULL");
		}
		return "CREATE TEMPORARY TABLE " + this.stage + " (" + String.join(", ", columns) + ") ENGINE = InnoDB";
	}

}
