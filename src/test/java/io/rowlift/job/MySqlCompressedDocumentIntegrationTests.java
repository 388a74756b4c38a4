package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Compact storage of documents on a real MySQL-compatible server. */
class MySqlCompressedDocumentIntegrationTests extends CompressedDocumentScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("compressed_docs");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	@Override
	String recipe(int id) throws Exception {
		return documented("zstd-recipe-mysql").replace(" rowlift -e", " " + this.target.database() + " -e")
			.replace("id = 42", "id = " + id).replace("FROM docs WHERE", "FROM zdocs WHERE");
	}

	@Override
	String client() {
		return "mysql";
	}

	@Override
	String titleType() {
		return "VARCHAR";
	}

	@Override
	String idType() {
		return "BIGINT";
	}

	@Override
	String textType() {
		return "LONGTEXT";
	}

	@Override
	String blobType() {
		return "LONGBLOB";
	}

}
