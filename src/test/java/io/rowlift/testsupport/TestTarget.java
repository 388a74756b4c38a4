package io.rowlift.testsupport;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;

/** A real database the integration tests load into: a SQLite file or a database on the MySQL/MariaDB server. */
public interface TestTarget {

	/** {@code sqlite} or {@code mysql}. */
	String id();

	/** Makes a fresh, empty database. */
	void reset() throws Exception;

	/** The options that point Rowlift at this database and at the test migrations. */
	List<String> options();

	Connection connect() throws SQLException;

	/** The names of the indexes of {@code table}, primary key and automatic ones excluded. */
	Set<String> indexes(String table) throws SQLException;

	/** Takes this database's run lock for {@code table} as another Rowlift process would. */
	AutoCloseable holdRunLock(String table) throws Exception;

	/** Drops the database. */
	void dispose() throws Exception;

}
