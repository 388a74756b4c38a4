package io.rowlift.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;
import net.jqwik.api.lifecycle.AfterContainer;

/** The folder-of-documents differential property test on real SQLite files, with each write method. */
class SqliteDocumentPropertyIntegrationTests extends DocumentPropertyScenarios {

	private static final Path WORK = folder();

	private static final SqliteTestTarget TARGET = new SqliteTestTarget(WORK);

	@Override
	TestTarget target() {
		return TARGET;
	}

	@Override
	Path work() {
		return WORK;
	}

	@Override
	List<String> writeMethods() {
		return List.of("insert", "insert-direct", "insert-select");
	}

	@AfterContainer
	static void removeFolder() throws IOException {
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
