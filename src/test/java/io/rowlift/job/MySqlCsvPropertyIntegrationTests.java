package io.rowlift.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.stream.Stream;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The differential property test on a real MySQL-compatible server: LOAD DATA LOCAL streams, INSERT
 * batches, the spring pipeline.
 */
class MySqlCsvPropertyIntegrationTests extends CsvPropertyScenarios {

	private static final Path WORK = folder();

	private static final MySqlTestTarget TARGET = new MySqlTestTarget("csv_property");

	@Override
	TestTarget target() {
		return TARGET;
	}

	@Override
	void requireDatabase() {
		TARGET.requireServer();
	}

	@Override
	Path work() {
		return WORK;
	}

	@Override
	String defaultWriteMethod() {
		return "load-data";
	}

	@Override
	String keyModeWriteMethod() {
		return "load-data";
	}

	@Override
	String keyModePath() {
		return "each chunk with LOAD DATA LOCAL";
	}

	@Override
	String otherWriteMethod() {
		return "insert";
	}

	@AfterContainer
	static void dropDatabase() throws IOException, SQLException {
		TARGET.dispose();
		try (Stream<Path> all = Files.walk(WORK)) {
			all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		}
	}

	private static Path folder() {
		try {
			return Files.createTempDirectory("rowlift-csv-property");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
