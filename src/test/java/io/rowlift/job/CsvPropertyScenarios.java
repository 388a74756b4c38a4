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
import io.rowlift.testsupport.LoadSessions;
import io.rowlift.testsupport.ReferenceCsv;
import io.rowlift.testsupport.ReferenceMapping;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;
import io.rowlift.testsupport.TriesFromSystemProperty;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
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

	/** One application per property and set of context settings, not per try (issue #35 item 5). */
	private final LoadSessions sessions = new LoadSessions();

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

	@AfterProperty
	void closeSessions() {
		this.sessions.close();
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
	 * Issue #22: computed columns and a row filter ({@link ReferenceMapping#SETTINGS}) on the fast pipeline store
	 * what the hand-written reference evaluation says, and the summary counts the records the filter dropped.
	 */
	@Property(tries = TRIES / 2, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void fastPipelineComputesAndFiltersAsTheReference(@ForAll("files") GeneratedCsv file) throws Exception {
		checkMapped(file, "--rowlift.job.pipeline=fast", "--rowlift.target.write-method=" + defaultWriteMethod());
	}

	/** The same on the spring pipeline, whose mapper computes with the same binder and whose processor filters. */
	@Property(tries = TRIES / 2, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void springPipelineComputesAndFiltersAsTheReference(@ForAll("files") GeneratedCsv file) throws Exception {
		checkMapped(file, "--rowlift.job.pipeline=spring");
	}

	private void checkMapped(GeneratedCsv file, String... how) throws Exception {
		List<String> settings = new ArrayList<>(List.of(how));
		settings.addAll(ReferenceMapping.SETTINGS);
		RowliftRun run = check(file, () -> {
		}, (expected, stored) -> ReferenceMapping.rows(file.text()), settings.toArray(String[]::new));
		long filtered = ReferenceMapping.filtered(file.text());
		long rows = file.rowCount();
		String counts = String.format(java.util.Locale.ROOT, "read %,d = written %,d + rejected 0", rows, rows - filtered)
				+ (filtered > 0 ? String.format(java.util.Locale.ROOT, " + filtered %,d", filtered) : "");
		if (!run.out().contains(counts + "\n") && !run.out().contains(counts + System.lineSeparator())) {
			throw new AssertionError("expected '" + counts + "' at the end of the summary:\n" + run.out() + "\n" + file);
		}
	}

	/**
	 * The write method of the modes that match keys' bulk path (MySQL: {@code load-data}, each chunk staged
	 * and applied with one INSERT ... SELECT; SQLite: {@code insert-select}, one INSERT ... SELECT ... ON
	 * CONFLICT per chunk).
	 */
	abstract String keyModeWriteMethod();

	/** What the summary's write method says for {@link #keyModeWriteMethod} in a mode that matches keys. */
	abstract String keyModePath();

	/**
	 * Mode upsert on the bulk path (issue #24): the table holds every third key of the file and two keys
	 * past it, all with the values "old"; afterwards every key of the file holds the file's values (the
	 * reference parse), the two others stay, and the summary counts the matched keys as updated.
	 */
	@Property(tries = TRIES / 2, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void upsertOnTheBulkPathStoresTheReferenceValues(@ForAll("files") GeneratedCsv file) throws Exception {
		checkKeyMode(file, "upsert");
	}

	/** Mode ignore on the bulk path: as {@link #upsertOnTheBulkPathStoresTheReferenceValues}, the matched keys keep "old". */
	@Property(tries = TRIES / 2, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void ignoreOnTheBulkPathKeepsTheTablesRows(@ForAll("files") GeneratedCsv file) throws Exception {
		checkKeyMode(file, "ignore");
	}

	private void checkKeyMode(GeneratedCsv file, String mode) throws Exception {
		long rows = file.rowCount();
		List<Long> old = new ArrayList<>();
		for (long id = 3; id <= rows; id += 3) {
			old.add(id);
		}
		old.add(rows + 1);
		old.add(rows + 2);
		if (!tableExists()) {
			check(file, "--rowlift.job.pipeline=fast"); // the load's migration makes the table
		}
		RowliftRun run = check(file, () -> insertOld(old), (expected, stored) -> {
			List<List<String>> want = new ArrayList<>();
			for (List<String> row : expected) {
				long id = Long.parseLong(row.get(0));
				want.add(mode.equals("ignore") && id % 3 == 0 ? List.of(row.get(0), "old", "old", "old") : row);
			}
			want.add(List.of(String.valueOf(rows + 1), "old", "old", "old"));
			want.add(List.of(String.valueOf(rows + 2), "old", "old", "old"));
			return want;
		}, "--rowlift.job.pipeline=fast", "--rowlift.target.write-method=" + keyModeWriteMethod(), "--rowlift.target.mode=" + mode);
		long matched = old.size() - 2;
		// the summary names a mode's term only when it counted something (a file of one or two rows matches no key)
		String term = matched == 0 ? ""
				: " + " + (mode.equals("ignore") ? "ignored " : "updated ") + String.format(java.util.Locale.ROOT, "%,d", matched);
		String counts = "read " + String.format(java.util.Locale.ROOT, "%,d", rows) + " = written "
				+ String.format(java.util.Locale.ROOT, "%,d", rows - matched) + term + " + rejected 0";
		if (!run.out().contains(counts)) {
			throw new AssertionError("expected '" + counts + "' in the summary:\n" + run.out() + "\n" + file);
		}
		String path = keyModePath();
		if (!run.out().contains(path)) {
			throw new AssertionError("expected the write method '" + path + "' in the summary:\n" + run.out());
		}
	}

	private void insertOld(List<Long> ids) throws SQLException {
		try (Connection c = target().connect();
				java.sql.PreparedStatement ps = c.prepareStatement("INSERT INTO cells (id, a, b, c) VALUES (?, 'old', 'old', 'old')")) {
			for (long id : ids) {
				ps.setLong(1, id);
				ps.addBatch();
			}
			ps.executeBatch();
		}
	}

	@FunctionalInterface
	interface Preparation {

		void run() throws Exception;

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

	/**
	 * Issue #21 item 5: the file in UTF-16 or UTF-32 (either byte order, with a byte order mark or named by
	 * {@code rowlift.source.encoding}), loaded by the fast pipeline, must store what its UTF-8 form's reference
	 * parse says, at the generated partition counts.
	 */
	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void aUtf16OrUtf32FileStoresTheReferenceValuesOfItsUtf8Form(@ForAll("files") GeneratedCsv file,
			@ForAll("wideEncodings") String encoding) throws Exception {
		boolean mark = encoding.endsWith("+mark");
		String charset = encoding.replace("+mark", "");
		List<String> how = new ArrayList<>(List.of("--rowlift.job.pipeline=fast", "--rowlift.target.write-method=" + defaultWriteMethod()));
		if (!mark) {
			how.add("--rowlift.source.encoding=" + charset);
		}
		check(file, encoding, () -> {
		}, (expected, stored) -> expected, how.toArray(String[]::new));
	}

	@Provide
	Arbitrary<String> wideEncodings() {
		return net.jqwik.api.Arbitraries.of("UTF-16LE+mark", "UTF-16LE", "UTF-16BE+mark", "UTF-16BE", "UTF-32LE+mark", "UTF-32BE");
	}

	@Provide
	Arbitrary<String> compressions() {
		return net.jqwik.api.Arbitraries.of("gzip", "zstd");
	}

	/** Loads {@code file} with the settings {@code how} and checks every stored value; returns the run (its summary). */
	RowliftRun check(GeneratedCsv file, String... how) throws Exception {
		return check(file, "none", () -> {
		}, (expected, stored) -> expected, how);
	}

	/** {@link #check(GeneratedCsv, String...)} of the file compressed with {@code compression} ({@code none}, {@code gzip}, {@code zstd}). */
	RowliftRun checkCompressed(GeneratedCsv file, String compression, String... how) throws Exception {
		return check(file, compression, () -> {
		}, (expected, stored) -> expected, how);
	}

	/** {@link #check(GeneratedCsv, String, Preparation, java.util.function.BiFunction, String...)} of the plain file. */
	RowliftRun check(GeneratedCsv file, Preparation before,
			java.util.function.BiFunction<List<List<String>>, List<List<String>>, List<List<String>>> expect, String... how)
			throws Exception {
		return check(file, "none", before, expect, how);
	}

	/**
	 * Empties the table, runs {@code before}, loads {@code file} compressed with {@code compression} ({@code none},
	 * {@code gzip}, {@code zstd}) with the settings {@code how} and checks every stored value against {@code expect}
	 * applied to the reference parse; returns the run (its summary).
	 */
	RowliftRun check(GeneratedCsv file, String compression, Preparation before,
			java.util.function.BiFunction<List<List<String>>, List<List<String>>, List<List<String>>> expect, String... how)
			throws Exception {
		String text = file.text();
		Path plain = work().resolve("try-" + this.files.incrementAndGet() + ".csv");
		Path csv;
		if (compression.startsWith("UTF-")) { // a wide encoding, with its byte order mark or without
			java.nio.charset.Charset wide = java.nio.charset.Charset.forName(compression.replace("+mark", ""));
			Files.write(plain, ((compression.endsWith("+mark") ? "\uFEFF" : "") + text).getBytes(wide));
			csv = plain;
		}
		else {
			Files.writeString(plain, text, StandardCharsets.UTF_8);
			csv = compression.equals("none") ? plain : CompressedCsvScenarios.compress(plain, compression);
		}
		try {
			emptyTheTable();
			before.run();
			List<String> args = new ArrayList<>();
			for (String option : target().options()) {
				args.add(option.startsWith("--spring.flyway.locations=") ? "--spring.flyway.locations=classpath:db/property/{vendor}"
						: option);
			}
			args.addAll(List.of("--rowlift.source.path=" + csv, "--rowlift.target.table=cells", "--rowlift.report.progress=none"));
			args.addAll(List.of(how));
			args.addAll(file.settings());

			RowliftRun run = this.sessions.run(args);

			String options = String.join(" ", how) + " " + String.join(" ", file.settings()) + " (" + compression + ")";
			if (run.exitCode() != 0) {
				throw new AssertionError("the load (" + target().id() + ", " + options + ") ended with exit " + run.exitCode() + ": "
						+ run.problems() + "\n" + file);
			}
			List<List<String>> stored = storedRows();
			List<List<String>> expected = expect.apply(GeneratedCsv.expectedRows(text), stored);
			String mismatch = firstMismatch(expected, stored);
			if (mismatch != null) {
				throw new AssertionError(target().id() + ", " + options + ": " + mismatch + "\n" + file);
			}
			// issue #34 item 6: blank lines are no records, skipped and counted, as the reference counts them
			long blank = ReferenceCsv.blankLines(text);
			String said = String.format(java.util.Locale.ROOT, "; %,d blank line%s skipped (no records; rowlift.source.blank-lines)",
					blank, blank == 1 ? "" : "s");
			if (blank > 0 ? !run.out().contains(said) : run.out().contains("blank line")) {
				throw new AssertionError(target().id() + ", " + options + ": expected " + (blank > 0 ? "'" + said + "'" : "no blank lines")
						+ " in the summary:\n" + run.out() + "\n" + file);
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

	private boolean tableExists() {
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT 1 FROM cells")) {
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
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
