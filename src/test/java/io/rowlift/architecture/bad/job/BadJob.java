package io.rowlift.architecture.bad.job;

import java.sql.Connection;
import java.sql.SQLException;

import io.rowlift.architecture.bad.database.sqlite.BadSqliteDialect;

/** Breaks: vendor classes only under their dialect, and dialects only through the strategy. */
public class BadJob {

	public String run(Connection connection) throws SQLException {
		if (connection.isWrapperFor(com.mysql.cj.jdbc.JdbcConnection.class)) {
			return "mysql";
		}
		if (connection.isWrapperFor(org.sqlite.SQLiteConnection.class)) {
			return new BadSqliteDialect().name();
		}
		return "?";
	}

}
