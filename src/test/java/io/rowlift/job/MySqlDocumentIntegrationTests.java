package io.rowlift.job;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** Folders of documents loaded into a real MySQL-compatible server. */
class MySqlDocumentIntegrationTests extends DocumentScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("documents");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	/** document_order's clustered key is an auto-increment column: it numbers the rows as they were inserted. */
	@Override
	String insertionOrder() {
		return "SELECT id FROM document_order ORDER BY seq";
	}

}
