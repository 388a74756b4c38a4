package io.rowlift.job;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Compact storage of documents on a real SQLite file. */
class SqliteCompressedDocumentIntegrationTests extends CompressedDocumentScenarios {

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

	@Override
	String recipe(int id) throws Exception {
		return documented("zstd-recipe-sqlite").replace("data/docs.db", ((SqliteTestTarget) target()).file().toString())
			.replace("id = 42", "id = " + id).replace("FROM docs WHERE", "FROM zdocs WHERE");
	}

	@Override
	String client() {
		return "sqlite3";
	}

	@Override
	String titleType() {
		return "TEXT";
	}

	@Override
	String idType() {
		return "INTEGER";
	}

	@Override
	String textType() {
		return "TEXT";
	}

	@Override
	String blobType() {
		return "BLOB";
	}

}
