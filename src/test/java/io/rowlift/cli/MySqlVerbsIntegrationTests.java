package io.rowlift.cli;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/** The verbs on a real MySQL-compatible server. */
class MySqlVerbsIntegrationTests extends VerbScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("verbs");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	@Override
	String schema() {
		return this.target.url().substring(this.target.url().lastIndexOf('/') + 1);
	}

	@Override
	String[] harmfulDefinition() {
		// ALTER TABLE ints runs the clause: it would add a column to ints
		return new String[] { "ADD INDEX `evil` (`value_1`), ADD COLUMN pwned INT", "the clause goes on after its columns: ," };
	}

	@Override
	String[] secondStatement(String index) {
		return new String[] { "ADD INDEX `" + index + "` (`value_1`); DROP TABLE canary",
				"it holds a ';' (a second statement) after ADD INDEX `" + index + "` (`value_1`)" };
	}

}
