package io.rowlift.job;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Folders of documents loaded into a real SQLite file. */
class SqliteDocumentIntegrationTests extends DocumentScenarios {

	@TempDir
	Path databases;

	private SqliteTestTarget target;

	@Override
	TestTarget target() {
		if (this.target == null) {
			this.target = new SqliteTestTarget(this.databases);
		}
		return this.target;
	}

	/** document_order's key is no rowid alias: rowid numbers the rows as they were inserted. */
	@Override
	String insertionOrder() {
		return "SELECT id FROM document_order ORDER BY rowid";
	}

}
