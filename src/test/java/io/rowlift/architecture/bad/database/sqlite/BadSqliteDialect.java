package io.rowlift.architecture.bad.database.sqlite;

/** A dialect class that the bad job names directly. */
public class BadSqliteDialect {

	public String name() {
		return "sqlite";
	}

}
