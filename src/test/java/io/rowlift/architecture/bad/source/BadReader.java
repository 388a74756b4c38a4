package io.rowlift.architecture.bad.source;

import java.sql.Connection;
import java.sql.SQLException;

import io.rowlift.architecture.bad.database.BadWriter;

/** Breaks: reading knows no database (JDBC, and the database package, which also makes a cycle). */
public class BadReader {

	public void read(Connection connection, BadWriter writer) throws SQLException {
		connection.commit();
		writer.write(this);
	}

}
