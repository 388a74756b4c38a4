package io.rowlift.job;

import java.util.List;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * {@link RefusalsPropertyScenarios} on SQLite: {@code insert-select} (a refused chunk halved through the rows buffer),
 * foreign keys checked; the same table in SQLite's terms (its unique index named after the table, index names being
 * the file's), each reason equal to the strict INSERTs' (SQLite's own words, not MariaDB's).
 */
class SqliteRefusalsPropertyIntegrationTests extends RefusalsPropertyScenarios {

	@Override
	TestTarget newTarget() {
		return SqliteTestTarget.withForeignKeys(this.dir, List.of());
	}

	@Override
	String bulkMethod() {
		return "insert-select";
	}

	@Override
	boolean reasonsByKind() {
		return false;
	}

	@Override
	void createTable(String name) throws Exception {
		execute("CREATE TABLE " + name + "_parents (id INTEGER PRIMARY KEY)");
		execute("INSERT INTO " + name + "_parents VALUES (1), (2), (3)");
		execute("CREATE TABLE " + name + " (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES " + name + "_parents (id),"
				+ " code TEXT CHECK (code <> 'col'), u INTEGER, name TEXT NOT NULL,"
				+ " CONSTRAINT " + name + "_code CHECK (code IS NULL OR code <> 'bad'))");
		execute("CREATE UNIQUE INDEX " + name + "_u ON " + name + " (u)");
		execute("INSERT INTO " + name + " VALUES (1000000, 1, 'old', -1, 'old')");
		execute("CREATE TRIGGER " + name + "_refuses BEFORE INSERT ON " + name + " WHEN NEW.name = 'trigger' BEGIN"
				+ " SELECT RAISE(ABORT, '" + TRIGGER_MESSAGE + "'); END");
	}

}
