package io.rowlift.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import io.rowlift.testsupport.GeneratedCsv;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteExtension;
import io.rowlift.testsupport.SqliteTestTarget;
import io.rowlift.testsupport.TestTarget;
import io.rowlift.testsupport.TriesFromSystemProperty;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The differential property test on real SQLite files: INSERT batches, {@code insert-direct}, {@code insert-select}
 * (the rowlift_rows extension), the spring pipeline.
 */
class SqliteCsvPropertyIntegrationTests extends CsvPropertyScenarios {

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
	String defaultWriteMethod() {
		return "insert";
	}

	@Override
	String keyModeWriteMethod() {
		return "insert-select";
	}

	/** Without the extension (a build with {@code -Dnative.skip=true}) the key modes fall back to INSERT batches. */
	@Override
	String keyModePath() {
		return SqliteExtension.available() ? "applies each chunk with one INSERT ... SELECT ... ON CONFLICT"
				: "matches keys with INSERT batches";
	}

	@Override
	String otherWriteMethod() {
		return "insert-direct";
	}

	/**
	 * Write method {@code insert-select}: each chunk as one buffer through Rowlift's SQLite extension
	 * ({@code rowlift_rows}), checked to have been used (the summary's write method); in a build without it
	 * ({@code -Dnative.skip=true}), the fallback to INSERT batches, checked the same way.
	 */
	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void fastPipelineWithInsertSelectStoresTheReferenceValues(@ForAll("files") GeneratedCsv file) throws Exception {
		RowliftRun run = check(file, "--rowlift.job.pipeline=fast", "--rowlift.target.write-method=insert-select");
		if (!run.out().contains(SqliteExtension.insertSelectSummary())) {
			throw new AssertionError("expected '" + SqliteExtension.insertSelectSummary() + "' in the summary:\n" + run.out());
		}
	}

	@AfterContainer
	static void removeFolder() throws IOException {
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
