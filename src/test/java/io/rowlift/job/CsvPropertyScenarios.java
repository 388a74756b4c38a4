package io.rowlift.job;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

import io.rowlift.testsupport.GeneratedCsv;
import io.rowlift.testsupport.GeneratedCsv.ReferenceText;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;
import io.rowlift.testsupport.TriesFromSystemProperty;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.BeforeProperty;

/**
 * The differential property test (issue #20): whole generated CSV files ({@link GeneratedCsv}) loaded by
 * the whole command, in this JVM like the other scenarios, on a real database, with each write method
 * and both pipelines; every stored value must equal {@link io.rowlift.testsupport.ReferenceCsv}'s parse
 * of the file under the contract's empty-field rules. A failure shrinks (fully) to a small file, which
 * the failure message and jqwik's "shrunk sample" print, escaped, with the settings of the run.
 *
 * <p>Each try is one file of up to 12 generated records (some repeated up to 1,500 times), so a few
 * hundred records per property; {@value #TRIES} tries per property in {@code mvn -B verify}, more with
 * {@code -Drowlift.test.tries=N} (docs/development.md). One database per property; the table is
 * emptied before each try and each try loads a file of its own, so no try sees another's load.
 */
abstract class CsvPropertyScenarios {

	/** Tries per property in the default build: 8 properties (4 per database) of about a second each. */
	static final int TRIES = 40;

	private final AtomicInteger files = new AtomicInteger();

	abstract TestTarget target();

	/** A folder for the generated files. */
	abstract Path work();

	/** The write method each database uses by default (MySQL: {@code load-data}; SQLite: {@code insert}). */
	abstract String defaultWriteMethod();

	/** Its other write method (MySQL: {@code insert}; SQLite: {@code insert-direct}). */
	abstract String otherWriteMethod();

	/** Skips or fails when the database is not there. */
	void requireDatabase() {
	}

	@BeforeProperty
	void freshDatabase() throws Exception {
		requireDatabase();
		target().reset();
	}

	@Provide
	Arbitrary<GeneratedCsv> files() {
		return GeneratedCsv.files();
	}

	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void fastPipelineWithTheDefaultWriteMethodStoresTheReferenceValues(@ForAll("files") GeneratedCsv file) throws Exception {
		check(file, "--rowlift.job.pipeline=fast", "--rowlift.target.write-method=" + defaultWriteMethod());
	}

	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void fastPipelineWithTheOtherWriteMethodStoresTheReferenceValues(@ForAll("files") GeneratedCsv file) throws Exception {
		check(file, "--rowlift.job.pipeline=fast", "--rowlift.target.write-method=" + otherWriteMethod());
	}

	/** The spring pipeline writes with INSERT batches whatever the write method. */
	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void springPipelineStoresTheReferenceValues(@ForAll("files") GeneratedCsv file) throws Exception {
		check(file, "--rowlift.job.pipeline=spring");
	}

	/**
	 * Issue #21 item 2: the file gzip- or zstd-compressed, loaded by the fast pipeline (the one that reads it),
	 * must store what the plain file's reference parse says.
	 */
	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void aCompressedFileStoresTheReferenceValuesOfThePlainFile(@ForAll("files") GeneratedCsv file,
			@ForAll("compressions") String compression) throws Exception {
		checkCompressed(file, compression, "--rowlift.job.pipeline=fast", "--rowlift.target.write-method=" + defaultWriteMethod());
	}

	@Provide
	Arbitrary<String> compressions() {
		return net.jqwik.api.Arbitraries.of("gzip", "zstd");
	}

	/** Loads {@code file} with the settings {@code how} and checks every stored value; returns the run (its summary). */
	RowliftRun check(GeneratedCsv file, String... how) throws Exception {
		return checkCompressed(file, "none", how);
	}

	/** {@link #check(GeneratedCsv, String...)} of the file compressed with {@code compression} ({@code none}, {@code gzip}, {@code zstd}). */
	RowliftRun checkCompressed(GeneratedCsv file, String compression, String... how) throws Exception {
		String text = file.text();
		Path plain = work().resolve("try-" + this.files.incrementAndGet() + ".csv");
		Files.writeString(plain, text, StandardCharsets.UTF_8);
		Path csv = compression.equals("none") ? plain : CompressedCsvScenarios.compress(plain, compression);
		try {
			emptyTheTable();
			List<String> args = new ArrayList<>();
			for (String option : target().options()) {
				args.add(option.startsWith("--spring.flyway.locations=") ? "--spring.flyway.locations=classpath:db/property/{vendor}"
						: option);
			}
			args.addAll(List.of("--rowlift.source.path=" + csv, "--rowlift.target.table=cells", "--rowlift.report.progress=none"));
			args.addAll(List.of(how));
			args.addAll(file.settings());

			RowliftRun run = RowliftRun.of(args);

			String options = String.join(" ", how) + " " + String.join(" ", file.settings()) + " (" + compression + ")";
			if (run.exitCode() != 0) {
				throw new AssertionError("the load (" + target().id() + ", " + options + ") ended with exit " + run.exitCode() + ": "
						+ run.problems() + "\n" + file);
			}
			List<List<String>> expected = GeneratedCsv.expectedRows(text);
			List<List<String>> stored = storedRows();
			String mismatch = firstMismatch(expected, stored);
			if (mismatch != null) {
				throw new AssertionError(target().id() + ", " + options + ": " + mismatch + "\n" + file);
			}
			return run;
		}
		finally {
			Files.deleteIfExists(plain);
			Files.deleteIfExists(csv);
			Files.deleteIfExists(Path.of(csv + ".rejects.csv"));
			Files.deleteIfExists(Path.of(csv + ".rejects.csv.reasons.csv"));
		}
	}

	private static String firstMismatch(List<List<String>> expected, List<List<String>> stored) {
		String[] columns = { "id", "a", "b", "c" };
		for (int r = 0; r < Math.min(expected.size(), stored.size()); r++) {
			for (int c = 0; c < columns.length; c++) {
				String want = c < expected.get(r).size() ? expected.get(r).get(c) : "<missing field>";
				String got = stored.get(r).get(c);
				if (!Objects.equals(want, got)) {
					return "row " + (r + 1) + ", column " + columns[c] + ": expected " + ReferenceText.shortened(want, 200)
							+ " but the table holds " + ReferenceText.shortened(got, 200);
				}
			}
		}
		if (expected.size() != stored.size()) {
			return "expected " + expected.size() + " rows but the table holds " + stored.size();
		}
		return null;
	}

	private void emptyTheTable() throws SQLException {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute("DELETE FROM cells");
		}
		catch (SQLException ex) {
			// before the first load the table does not exist yet: the load's migration makes it
		}
	}

	/** The table's rows in id order, NULL as null. */
	private List<List<String>> storedRows() throws SQLException {
		List<List<String>> rows = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id, a, b, c FROM cells ORDER BY id")) {
			while (rs.next()) {
				rows.add(java.util.Arrays.asList(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
			}
		}
		return rows;
	}

}
