package io.rowlift.architecture.bad.infer;

import javax.sql.DataSource;

/** Breaks: inferring a table knows no database connection (it reads the file and writes migration files). */
public class BadInference {

	public boolean tableExists(DataSource dataSource) throws java.sql.SQLException {
		return dataSource.getConnection().isValid(1);
	}

}
