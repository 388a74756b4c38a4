package io.rowlift.database.mysql;

/** Lets tests take the same server lock a running load takes. */
public final class MySqlDialectAccess {

	private MySqlDialectAccess() {
	}

	public static String lockName(String database, String table) {
		return MySqlRunLocking.lockName(database, table);
	}

}
