package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.ReferenceCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * {@code rowlift infer} end to end on one database: the four benchmark shapes and the tricky file,
 * each compared with the expected migration ({@code src/test/resources/infer/<case>/<vendor>.sql};
 * {@code -Drowlift.test.write-expected=true} rewrites them), then loaded through Flyway with exactly
 * those migrations and the settings infer printed: zero rejects, and every value in the table equal to
 * the file's under the contract's empty-field rules.
 */
abstract class InferScenarios {

	@TempDir
	Path work;

	abstract TestTarget target();

	@BeforeEach
	void fresh() throws Exception {
		target().reset();
	}

	@Test
	void ints() throws Exception {
		shape("ints", 3000);
	}

	@Test
	void wide() throws Exception {
		shape("wide", 500);
	}

	@Test
	void docs() throws Exception {
		shape("docs", 300);
	}

	@Test
	void keys() throws Exception {
		shape("keys", 500);
	}

	private void shape(String shape, int rows) throws Exception {
		Path file = GenCsv.write(this.work.resolve(shape + ".csv"), shape, rows);
		inferAndLoad(shape, file, shape, this.work.resolve("migrations"), 1);
	}

	/** The tricky file, beside a migration that is there already: the new one is V2 and both apply. */
	@Test
	void trickyFileAfterAnExistingMigration() throws Exception {
		Path file = this.work.resolve("tricky.csv");
		Files.copy(Path.of("src/test/resources/infer/tricky/tricky.csv"), file);
		Path migrations = this.work.resolve("migrations");
		for (String vendor : MigrationFiles.VENDORS) {
			Files.createDirectories(migrations.resolve(vendor));
			Files.writeString(migrations.resolve(vendor).resolve("V1__other.sql"), "CREATE TABLE other (x INTEGER);\n");
		}
		RowliftRun infer = inferAndLoad("tricky", file, "tricky", migrations, 2);
		assertThat(infer.out()).contains("--rowlift.source.date-format=dd/MM/uuuu");
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM other")) {
			assertThat(rs.next()).isTrue();
		}
	}

	/**
	 * {@code rowlift.schema.create=infer}: the first load of a missing table writes its migration into the
	 * migrations folder (it stays) and loads; a later load of a file whose column holds other values is
	 * exit 2 naming that column, and neither the table nor the folder changes.
	 */
	@Test
	void createOnFirstLoadThenAnotherShapeIsRefused() throws Exception {
		Path file = GenCsv.write(this.work.resolve("wide.csv"), "wide", 200);
		Path migrations = this.work.resolve("migrations");
		List<String> common = new ArrayList<>(List.of("--rowlift.target.table=wide", "--rowlift.schema.create=infer",
				"--spring.flyway.locations=filesystem:" + migrations + "/{vendor}", "--rowlift.report.progress=none"));
		target().options().stream().filter(o -> !o.startsWith("--spring.flyway.locations=")).forEach(common::add);
		List<String> first = new ArrayList<>(List.of("load", "--rowlift.source.path=" + file));
		first.addAll(common);
		RowliftRun created = RowliftRun.of(first);
		assertThat(created.exitCode()).as(created.toString()).isZero();
		assertThat(created.out()).contains("rejects: none");
		Path written = migrations.resolve(target().id()).resolve("V1__create_wide.sql");
		assertThat(written).exists();
		assertThat(Files.readString(written)).contains("Written by rowlift infer from wide.csv: 200 records").contains("PRIMARY KEY");
		assertSameContent(file, "wide", List.of());

		List<String> lines = new ArrayList<>(Files.readAllLines(file));
		lines.set(7, lines.get(7).replaceFirst("^(\\d+),\\d+,", "$1,n/a,"));
		Path other = Files.write(this.work.resolve("wide-2.csv"), lines);
		List<String> second = new ArrayList<>(List.of("load", "--rowlift.source.path=" + other));
		second.addAll(common);
		RowliftRun refused = RowliftRun.of(second);
		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
		assertThat(refused.problems()).contains("column 'number' differs from table wide's").contains("'n/a'")
			.contains("never alters a table");
		try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
			assertThat(files.toList()).containsExactly(written);
		}
		assertSameContent(file, "wide", List.of());
	}

	/**
	 * {@code rowlift.schema.create=infer} killed (SIGKILL) in the load, after its migration was written and
	 * applied and some chunks committed: the same command again resumes the run exactly, writes no second
	 * migration and checks the existing table against the file instead.
	 */
	@Test
	void createOnFirstLoadKilledInTheLoadResumesExactlyWithOneMigration() throws Exception {
		Path file = GenCsv.write(this.work.resolve("wide.csv"), "wide", 30_000);
		Path migrations = this.work.resolve("migrations");
		List<String> command = new ArrayList<>(List.of("load", "--rowlift.source.path=" + file, "--rowlift.target.table=wide",
				"--rowlift.schema.create=infer", "--spring.flyway.locations=filesystem:" + migrations + "/{vendor}",
				"--rowlift.report.progress=none", "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=1000"));
		target().options().stream().filter(o -> !o.startsWith("--spring.flyway.locations=")).forEach(command::add);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.work.resolve("jar")), this.work.resolve("rowlift-infer.log"));
		try {
			List<String> paused = new ArrayList<>(command);
			paused.add("--rowlift.test.pause-at=load");
			RowliftJar.Attempt killed = jar.start("paused in the load", paused);
			jar.awaitOutput(killed, "rowlift-test: paused at load", Duration.ofMinutes(3));
			killed.kill();
			assertThat(killed.output()).contains("table wide does not exist (rowlift.schema.create=infer): wrote");
			Path written = migrations.resolve(target().id()).resolve("V1__create_wide.sql");
			assertThat(written).exists();
			long committed = count("SELECT COUNT(*) FROM wide");
			assertThat(committed).isPositive().isLessThan(30_000);

			RowliftJar.Attempt again = jar.runHere("the same command", command, Duration.ofMinutes(3));

			assertThat(again.exitCode()).as(jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed").doesNotContain("does not exist");
			try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
				assertThat(files.toList()).containsExactly(written);
			}
			assertSameContent(file, "wide", List.of());
		}
		finally {
			jar.killAll();
		}
	}

	/**
	 * {@code rowlift.schema.create=infer} into a database that already holds a table no migration made (issue
	 * 34, item 4), with Flyway as it comes and with {@code spring.flyway.baseline-on-migrate=true}, the setting
	 * Rowlift used to advise: the load completes, the folder holds one migration of the table (never a second
	 * that repeats it), the existing database has the table with the file's rows beside its other table, and
	 * the same command on a fresh database builds the table from that folder and loads it.
	 */
	@org.junit.jupiter.params.ParameterizedTest(name = "{0}")
	@org.junit.jupiter.params.provider.ValueSource(strings = { "flyway as it comes", "--spring.flyway.baseline-on-migrate=true" })
	void createBesideATableNoMigrationMadeLeavesAFolderThatBuildsAFreshDatabaseToo(String flyway) throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE other (x INTEGER)");
			st.execute("INSERT INTO other VALUES (7)");
		}
		Path file = Files.writeString(this.work.resolve("newt.csv"), "id,name\n1,a\n2,b\n3,c\n");
		Path migrations = this.work.resolve("migrations");
		List<String> settings = new ArrayList<>(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=newt",
				"--rowlift.schema.create=infer", "--spring.flyway.locations=filesystem:" + migrations + "/{vendor}",
				"--rowlift.report.progress=none"));
		if (flyway.startsWith("--")) {
			settings.add(flyway);
		}

		RowliftRun beside = RowliftRun.of(load(settings));

		assertThat(beside.exitCode()).as(beside.toString()).isZero();
		Path written = migrations.resolve(target().id()).resolve("V1__create_newt.sql");
		try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
			assertThat(files.toList()).containsExactly(written);
		}
		assertThat(count("SELECT COUNT(*) FROM newt")).isEqualTo(3);
		assertThat(count("SELECT x FROM other")).isEqualTo(7);

		target().reset();
		RowliftRun fresh = RowliftRun.of(load(settings));

		assertThat(fresh.exitCode()).as(fresh.toString()).isZero();
		try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
			assertThat(files.toList()).containsExactly(written);
		}
		assertSameContent(file, "newt", List.of());
	}

	/**
	 * A migration of the table in the folder (here: {@code infer}'s V1) beside a database with another table and no
	 * Flyway history: the load is exit 2 on Flyway's refusal, advising {@code spring.flyway.baseline-on-migrate=true}
	 * only (Flyway turned off would never create the table); with it, Flyway baselines at version 1 and takes V1 for
	 * applied while the table is not there: no second migration repeating it is written (exit 2, the folder
	 * unchanged), and that advice, followed literally (delete the files it names, run the same command), loads the
	 * table through one migration that a fresh database takes too.
	 */
	@Test
	void aMigrationOfTheTableThatFlywaySkippedIsNeverRepeatedAndTheAdviceFollowedWorks() throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE other (x INTEGER)");
		}
		Path file = Files.writeString(this.work.resolve("newt.csv"), "id,name\n1,a\n2,b\n3,c\n");
		Path migrations = this.work.resolve("migrations");
		String locations = "--spring.flyway.locations=filesystem:" + migrations + "/{vendor}";
		RowliftRun infer = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + file, "--rowlift.target.table=newt", locations));
		assertThat(infer.exitCode()).as(infer.toString()).isZero();
		List<String> settings = new ArrayList<>(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=newt",
				"--rowlift.schema.create=infer", locations, "--rowlift.report.progress=none"));
		RowliftRun notBaselined = RowliftRun.of(load(settings));
		assertThat(notBaselined.exitCode()).as(notBaselined.toString()).isEqualTo(2);
		String advised = "spring.flyway.baseline-on-migrate=true";
		assertThat(notBaselined.problems()).contains("Found non-empty schema")
			.endsWith("If the tables were made without Flyway, set " + advised + " (not spring.flyway.enabled=false:"
					+ " rowlift.schema.create=infer applies its migration with Flyway)");
		settings.add("--" + advised);

		RowliftRun refused = RowliftRun.of(load(settings));

		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
		Path v1 = migrations.resolve(target().id()).resolve("V1__create_newt.sql");
		assertThat(refused.problems()).startsWith("rowlift: table newt does not exist, but ")
			.contains(v1.toString())
			.contains("Flyway did not apply them, since this database's migrations are at version 1 already")
			.contains("Rowlift writes no second migration of the same table");
		try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
			assertThat(files.toList()).containsExactly(v1);
		}
		String advice = refused.problems().substring(refused.problems().indexOf("; delete ") + "; delete ".length());
		for (String named : advice.substring(0, advice.indexOf(" and run the same command again")).split(" and ")) {
			Files.delete(Path.of(named));
		}

		RowliftRun again = RowliftRun.of(load(settings));

		assertThat(again.exitCode()).as(again.toString()).isZero();
		Path v2 = migrations.resolve(target().id()).resolve("V2__create_newt.sql");
		try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
			assertThat(files.toList()).containsExactly(v2);
		}
		assertSameContent(file, "newt", List.of());
		target().reset();
		RowliftRun fresh = RowliftRun.of(load(settings));
		assertThat(fresh.exitCode()).as(fresh.toString()).isZero();
		try (Stream<Path> files = Files.list(migrations.resolve(target().id()))) {
			assertThat(files.toList()).containsExactly(v2);
		}
		assertSameContent(file, "newt", List.of());
	}

	/**
	 * {@code rowlift.schema.create=infer} with Flyway turned off: exit 2 before the file is read, nothing written;
	 * the advice followed (the setting left out) creates the table and loads.
	 */
	@Test
	void createWithFlywayOffIsRefusedBeforeAnythingIsWrittenAndWithoutTheSettingLoads() throws Exception {
		Path file = Files.writeString(this.work.resolve("newt.csv"), "id,name\n1,a\n");
		Path migrations = this.work.resolve("migrations");
		List<String> settings = new ArrayList<>(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=newt",
				"--rowlift.schema.create=infer", "--spring.flyway.locations=filesystem:" + migrations + "/{vendor}",
				"--spring.flyway.enabled=false", "--rowlift.report.progress=none"));

		RowliftRun refused = RowliftRun.of(load(settings));

		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
		assertThat(refused.problems()).isEqualTo("rowlift: rowlift.schema.create=infer writes the migration of a missing table and"
				+ " applies it with Flyway, which spring.flyway.enabled=false turns off: leave that setting out, or create table newt"
				+ " yourself and leave rowlift.schema.create=infer out");
		assertThat(migrations).doesNotExist();

		settings.remove("--spring.flyway.enabled=false");
		RowliftRun created = RowliftRun.of(load(settings));
		assertThat(created.exitCode()).as(created.toString()).isZero();
		assertSameContent(file, "newt", List.of());
	}

	/** {@code load} with {@code settings}, into the target's database as it is now (a reset may make another). */
	private List<String> load(List<String> settings) {
		List<String> command = new ArrayList<>(List.of("load"));
		command.addAll(settings);
		target().options().stream().filter(o -> !o.startsWith("--spring.flyway.locations=")).forEach(command::add);
		return command;
	}

	private long count(String sql) throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			assertThat(rs.next()).isTrue();
			return rs.getLong(1);
		}
	}

	/**
	 * Infers {@code file} into {@code table} with migrations in {@code migrations} (also the output folder),
	 * checks the SQL against the expected files of {@code name}, loads and compares.
	 */
	RowliftRun inferAndLoad(String name, Path file, String table, Path migrations, int version) throws Exception {
		String locations = "--spring.flyway.locations=filesystem:" + migrations + "/{vendor}";
		RowliftRun infer = RowliftRun.of(List.of("infer", "--rowlift.source.path=" + file, "--rowlift.target.table=" + table,
				locations, "--rowlift.report.progress=lines"));
		assertThat(infer.exitCode()).as(infer.toString()).isZero();
		assertThat(infer.err()).contains("rowlift: progress infer 100.0%");
		String vendor = target().id();
		Path written = migrations.resolve(vendor).resolve("V" + version + "__create_" + table + ".sql");
		assertThat(written).exists();
		assertThat(migrations.resolve(vendor.equals("sqlite") ? "mysql" : "sqlite").resolve(written.getFileName())).exists();
		String sql = Files.readString(written);
		assertThat(infer.out()).contains("-- " + written).contains(sql);
		Path expected = Path.of("src/test/resources/infer", name, vendor + ".sql");
		if (Boolean.getBoolean("rowlift.test.write-expected")) {
			Files.createDirectories(expected.getParent());
			Files.writeString(expected, sql);
		}
		assertThat(sql).as("the migration written for %s, against %s", vendor, expected).isEqualTo(Files.readString(expected));

		List<String> settings = settingsIn(infer.out());
		List<String> load = new ArrayList<>(List.of("load", "--rowlift.source.path=" + file, "--rowlift.target.table=" + table,
				locations, "--rowlift.report.progress=none"));
		load.addAll(settings);
		target().options().stream().filter(o -> !o.startsWith("--spring.flyway.locations=")).forEach(load::add);
		RowliftRun loaded = RowliftRun.of(load);
		assertThat(loaded.exitCode()).as(loaded.toString()).isZero();
		assertThat(loaded.out()).contains("rejects: none").contains("rejected 0");
		assertSameContent(file, table, settings);
		return infer;
	}

	/** The format settings on infer's "load with:" line. */
	static List<String> settingsIn(String out) {
		String line = out.lines().filter(l -> l.startsWith("rowlift: wrote ")).findFirst().orElseThrow();
		return Stream.of(line.split(" ")).filter(s -> s.startsWith("--rowlift.source.") && s.contains("-format=")).toList();
	}

	/** Every row of the table equals a record of the file (as multisets), values compared by the column's type. */
	void assertSameContent(Path file, String table, List<String> settings) throws Exception {
		String datePattern = null;
		String timestampPattern = null;
		for (String s : settings) {
			if (s.startsWith("--rowlift.source.date-format=")) {
				datePattern = s.substring(s.indexOf('=') + 1);
			}
			if (s.startsWith("--rowlift.source.timestamp-format=")) {
				timestampPattern = s.substring(s.indexOf('=') + 1);
			}
		}
		ValueFormats formats = ValueFormats.of(StandardCharsets.UTF_8, datePattern, null, timestampPattern, ZoneOffset.UTC);
		List<List<String>> records = ReferenceCsv.parseMarked(Files.readString(file));
		List<String> header = records.remove(0);
		List<String> expected = new ArrayList<>();
		List<String> actual = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT * FROM " + quote(table))) {
			ResultSetMetaData meta = rs.getMetaData();
			assertThat(meta.getColumnCount()).isEqualTo(header.size());
			String[] types = new String[header.size()];
			for (int i = 0; i < types.length; i++) {
				types[i] = meta.getColumnTypeName(i + 1).toUpperCase(Locale.ROOT);
			}
			while (rs.next()) {
				StringBuilder row = new StringBuilder();
				for (int i = 0; i < types.length; i++) {
					String v = rs.getString(i + 1);
					row.append(v == null ? "<null>" : normal(types[i], v, null)).append('|');
				}
				actual.add(row.toString());
			}
			for (List<String> record : records) {
				StringBuilder row = new StringBuilder();
				for (int i = 0; i < types.length; i++) {
					String f = record.get(i);
					boolean quoted = f.startsWith("\"");
					String v = quoted ? f.substring(1) : f;
					boolean text = types[i].contains("CHAR") || types[i].contains("TEXT");
					row.append(v.isEmpty() && !(quoted && text) ? "<null>" : normal(types[i], v, formats)).append('|');
				}
				expected.add(row.toString());
			}
		}
		assertThat(actual).as("rows of %s against the records of %s", table, file.getFileName())
			.containsExactlyInAnyOrderElementsOf(expected);
	}

	private String quote(String table) {
		return target().id().equals("mysql") ? "`" + table + "`" : "\"" + table + "\"";
	}

	/** A value as its type compares it; {@code formats} null for a value read from the database. */
	static String normal(String type, String v, ValueFormats formats) {
		if (type.contains("BOOL") || type.equals("BIT") || type.startsWith("TINYINT")) {
			String b = v.toLowerCase(Locale.ROOT);
			if (List.of("true", "t", "yes", "y", "1").contains(b)) {
				return "1";
			}
			if (List.of("false", "f", "no", "n", "0").contains(b)) {
				return "0";
			}
		}
		if (type.contains("DATETIME") || type.contains("TIMESTAMP")) {
			if (formats == null) {
				return LocalDateTime.parse(v.replace(' ', 'T')).toString();
			}
			TemporalAccessor a = formats.timestamp().parse(v);
			return (a.isSupported(ChronoField.OFFSET_SECONDS) ? OffsetDateTime.from(a).withOffsetSameInstant(ZoneOffset.UTC)
				.toLocalDateTime() : LocalDateTime.from(a)).toString();
		}
		if (type.startsWith("DATE")) {
			return formats == null ? LocalDate.parse(v).toString() : LocalDate.from(formats.date().parse(v)).toString();
		}
		if (type.startsWith("TIME")) {
			return LocalTime.parse(v).toString();
		}
		if (type.contains("INT")) {
			return new BigInteger(v).toString();
		}
		if (type.contains("REAL") || type.contains("DOUBLE") || type.contains("FLOAT")) {
			return Double.toString(Double.parseDouble(v));
		}
		if (type.contains("DEC") || type.contains("NUMERIC")) {
			return new BigDecimal(v).stripTrailingZeros().toPlainString();
		}
		return v;
	}

	static String read(Path file) throws IOException {
		return Files.readString(file);
	}

}
