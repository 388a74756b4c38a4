package io.rowlift.database.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

import io.rowlift.database.RowsBuffer;
import io.rowlift.database.KeyMatching;
import io.rowlift.database.RowsLoader;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetDialect;

/**
 * A chunk's rows into SQLite in one statement: {@code INSERT INTO t (a, b) SELECT c0, c1 FROM rowlift_rows(?)},
 * the {@link RowsBuffer} bound once as a BLOB through the driver's {@code setBytes}. The table-valued
 * function is Rowlift's extension ({@link RowsExtension}); it yields the buffer's rows in their order and
 * each value with its storage class, so the column affinities apply as to bound values. A statement SQLite
 * refuses (a constraint, with the default {@code ABORT}) is backed out whole and the transaction goes on:
 * {@link #atomic}. Thread-safe (it holds only the statement text).
 */
final class SqliteRowsLoader implements RowsLoader {

	private final String sql;

	SqliteRowsLoader(TargetDialect dialect, TableMapping mapping) {
		this(dialect, mapping, null);
	}

	/**
	 * @param matching in a load that matches keys, its clause follows the SELECT (after {@code WHERE true}:
	 *     SQLite's parser would otherwise read {@code ON CONFLICT} as a join's {@code ON}); null in append
	 */
	SqliteRowsLoader(TargetDialect dialect, TableMapping mapping, KeyMatching matching) {
		StringBuilder sql = new StringBuilder(dialect.sql().statementTag(mapping.table().name())).append("INSERT INTO ")
			.append(dialect.quote(mapping.table().name()))
			.append(" (");
		StringBuilder select = new StringBuilder(") SELECT ");
		for (int i = 0; i < mapping.columns().size(); i++) {
			sql.append(i == 0 ? "" : ", ").append(dialect.quote(mapping.columns().get(i).name()));
			select.append(i == 0 ? "" : ", ").append('c').append(i);
		}
		sql.append(select).append(" FROM rowlift_rows(?)");
		this.sql = (matching == null ? sql : sql.append(" WHERE true").append(matching.clause())).toString();
	}

	String sql() {
		return this.sql;
	}

	/** SQLite backs out a statement that breaks a constraint ({@code ABORT}, its default), keeping the transaction. */
	@Override
	public boolean atomic() {
		return true;
	}

	/** One statement for every buffer; prepared again after a refusal, so a failed step leaves no state behind. */
	@Override
	public Prepared prepare(Connection connection) {
		return new Prepared() {

			private PreparedStatement statement;

			@Override
			public void load(RowsBuffer rows) throws SQLException {
				if (this.statement == null) {
					this.statement = connection.prepareStatement(SqliteRowsLoader.this.sql);
				}
				try {
					this.statement.setBytes(1, rows.bindable());
					this.statement.executeUpdate();
				}
				catch (SQLException ex) {
					close();
					throw ex;
				}
			}

			@Override
			public void close() throws SQLException {
				PreparedStatement open = this.statement;
				this.statement = null;
				if (open != null) {
					open.close();
				}
			}

		};
	}

	@Override
	public void load(Connection connection, RowsBuffer rows) throws SQLException {
		try (PreparedStatement statement = connection.prepareStatement(this.sql)) {
			statement.setBytes(1, rows.bindable());
			statement.executeUpdate();
		}
	}

}
