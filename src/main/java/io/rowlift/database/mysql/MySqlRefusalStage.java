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
import io.rowlift.database.mapping.TableMapping;

/**
 * {@link RefusalStage} on MySQL / MariaDB: a {@code TEMPORARY} InnoDB table of the session, {@code seq} its primary
 * key and the mapped columns the constraints read ({@link MySqlRefusalPredictions#columns}) with the table's column
 * types, character sets and collations (so the staged values are the values the table would get, compared as the
 * table compares them), all nullable and without the table's constraints; rows sent with {@code LOAD DATA LOCAL} as
 * the direct path sends them. Only those columns: staging the whole rows cost about what loading them costs (1M
 * {@code wide} rows with 1 % refused, whole rows staged and copied with {@code INSERT ... SELECT}: 1.67 times a clean
 * load), the key alone next to nothing.
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

	private final String drop;

	/** Read on first use: the staged columns, the staging table's DDL and load, and the predictions. */
	private volatile Plan plan;

	private record Plan(int[] columns, String create, LoadDataLoader load, MySqlRefusalPredictions predictions, String union) {
	}

	MySqlRefusalStage(MySqlDialect dialect, TableMapping mapping) {
		this.dialect = dialect;
		this.mapping = mapping;
		this.stage = dialect.quote(StagingNames.of(mapping.table().name(), SUFFIX, 64));
		this.drop = "DROP TEMPORARY TABLE IF EXISTS " + this.stage;
	}

	@Override
	public int[] columns(Connection connection) throws SQLException {
		return plan(connection).columns.clone();
	}

	/**
	 * {@inheritDoc}
	 * <p>True when the table has no constraint to predict from (only a trigger or the server itself can refuse its
	 * rows: a stage would predict nothing, and the whole chunk would be sent again only to be refused again), or when
	 * the staging table cannot be declared (a staged column missing from {@code information_schema.COLUMNS}; see
	 * {@link #createSql(String, List, Map, MySqlDialect)}).
	 */
	@Override
	public boolean declines(Connection connection) throws SQLException {
		Plan plan = plan(connection);
		return plan.create == null || plan.union == null;
	}

	/** {@inheritDoc} <p>Returns -1 without sending anything where this stage {@link #declines}. */
	@Override
	public long stage(Connection connection, InputStream rows) throws SQLException {
		if (declines(connection)) {
			return -1;
		}
		Plan plan = plan(connection);
		try (Statement st = connection.createStatement()) {
			st.execute(this.drop);
			st.execute(plan.create);
		}
		return plan.load.load(connection, rows);
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
					rethrowUnlessQueryError(one); // this constraint is left out: the stream of the other rows is refused and halved
				}
			}
		}
		return seqs.stream().mapToInt(Integer::intValue).toArray();
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
			List<TableColumn> staged = new ArrayList<>();
			List<Integer> indexes = new ArrayList<>();
			for (int i = 0; i < this.mapping.columns().size(); i++) {
				TableColumn column = this.mapping.columns().get(i);
				if (predictions.columns().contains(column.name())) {
					staged.add(column);
					indexes.add(i);
				}
			}
			plan = new Plan(indexes.stream().mapToInt(Integer::intValue).toArray(),
					createSql(this.stage, staged, declaredTypes(connection), this.dialect),
					LoadDataLoader.of(this.dialect, this.mapping.table().name(), staged, this.stage, "", List.of(SEQ)), predictions,
					queries.isEmpty() ? null : "(" + String.join(") UNION (", queries) + ")");
			this.plan = plan;
		}
		return plan;
	}

	/** The table's columns as {@code information_schema.COLUMNS} declares them, by lower-case name. */
	private Map<String, String> declaredTypes(Connection connection) throws SQLException {
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
		return declared;
	}

	/**
	 * The staging table's DDL: {@code seq}, then {@code staged} as the table declares them ({@code COLUMN_TYPE},
	 * character set, collation), all nullable. Null when a staged column has no declaration: the constraints read
	 * it, so the table has it, and {@code information_schema} leaving it out (a privilege that hides it, a change of
	 * the table during the run) only means this path cannot name the refused rows; the chunk is then written the
	 * way it was before the stage existed (halved), which names them all the same.
	 */
	static String createSql(String stage, List<TableColumn> staged, Map<String, String> declared, MySqlDialect dialect) {
		List<String> columns = new ArrayList<>();
		columns.add(SEQ + " INT NOT NULL PRIMARY KEY");
		for (TableColumn column : staged) {
			String type = declared.get(column.name().toLowerCase(java.util.Locale.ROOT));
			if (type == null) {
				return null;
			}
			columns.add(dialect.quote(column.name()) + " " + type + " NULL");
		}
		return "CREATE TEMPORARY TABLE " + stage + " (" + String.join(", ", columns) + ") ENGINE = InnoDB";
	}

}
