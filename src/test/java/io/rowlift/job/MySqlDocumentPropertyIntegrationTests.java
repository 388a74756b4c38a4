package io.rowlift.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.TestTarget;
import net.jqwik.api.lifecycle.AfterContainer;

/** The folder-of-documents differential property test on a real MySQL-compatible server: LOAD DATA LOCAL and INSERT batches. */
class MySqlDocumentPropertyIntegrationTests extends DocumentPropertyScenarios {

	private static final Path WORK = folder();

	private static final MySqlTestTarget TARGET = new MySqlTestTarget("documents_property");

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
	List<String> writeMethods() {
		return List.of("load-data", "insert");
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
			return Files.createTempDirectory("rowlift-documents-property");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
