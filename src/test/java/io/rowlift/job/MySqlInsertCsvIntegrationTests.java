package io.rowlift.job;

import java.util.List;

import org.junit.jupiter.api.BeforeAll;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;

/**
 * The CSV correctness scenarios on MySQL with {@code rowlift.target.write-method=insert}: the INSERT
 * path (what a server without {@code local_infile} gets) keeps every promise the default LOAD DATA
 * path keeps in {@link MySqlCsvIntegrationTests}.
 */
class MySqlInsertCsvIntegrationTests extends CsvCorrectnessScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("csv_insert", List.of("--rowlift.target.write-method=insert"));

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

}
