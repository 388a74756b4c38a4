package io.rowlift.job;

import io.rowlift.database.mapping.ColumnChoices;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Types;
import java.time.ZoneId;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

import io.rowlift.testsupport.SourceSettings;
import io.rowlift.database.LoadMode;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.TargetMode;
import io.rowlift.database.mapping.ValueFormats;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.csv.CsvInput;
import io.rowlift.source.csv.CsvInputFormat;
import io.rowlift.source.LineEnding;
import io.rowlift.source.SourceProperties;

class StoredPlanTests {

	static final TableInfo TABLE = new TableInfo("people",
			List.of(new TableColumn("id", Types.INTEGER, "INTEGER", 0, 0, false, false),
					new TableColumn("name", Types.VARCHAR, "VARCHAR", 40, 0, true, false),
					new TableColumn("born", Types.DATE, "DATE", 0, 0, true, false)),
			List.of("id"));

	static SourceProperties source(String delimiter, String nullValue, String dateFormat) {
		List<String> settings = new java.util.ArrayList<>(List.of("delimiter", delimiter));
		if (nullValue != null) {
			settings.addAll(List.of("null-value", nullValue));
		}
		if (dateFormat != null) {
			settings.addAll(List.of("date-format", dateFormat));
		}
		return SourceSettings.of("people.csv", settings.toArray(String[]::new));
	}

	static RunPlan runPlan(List<String> header, int[] fields) {
		CsvFormat format = new CsvFormat((byte) ';', (byte) '"', -1, '#', true, LineEnding.CRLF, StandardCharsets.UTF_8,
				"\\N".getBytes(StandardCharsets.UTF_8));
		List<TableColumn> columns = java.util.Arrays.stream(fields).mapToObj(i -> TABLE.columns().get(i)).toList();
		LoadPlan load = new LoadPlan(Path.of("/data/people.csv"), "people.csv", CsvInput.of(Path.of("/data/people.csv"), "people.csv",
				new CsvHeader(header, 17, 2, header.size(), format, "id;name;born\r\n".getBytes(StandardCharsets.UTF_8))),
				new TableMapping(TABLE, columns, new int[] { 0, 1, 2 }, 3),
				ValueFormats.of(StandardCharsets.UTF_8, "dd/MM/uuuu", null, null, ZoneId.of("UTC")));
		return planned(load, new Sizing(6, "six cores", 4, 500, "set by rowlift.job.chunk-size"),
				new WriteChoice(WriteMethod.valueOf("load-data"), "the fastest"), Path.of("/tmp/rowlift-sort-1"),
				new PipelineChoice(Pipeline.SPRING, "set by rowlift.job.pipeline"), source(";", "\\N", "dd/MM/uuuu"),
				ColumnChoices.NONE, LoadSql.NONE);
	}

	/** A plan of {@code load} with this class's load key, fingerprint, start, key order and mode. */
	static RunPlan planned(LoadPlan load, Sizing sizing, WriteChoice write, Path sortDir, PipelineChoice pipeline,
			SourceProperties source, ColumnChoices choices, LoadSql sql) {
		return RunPlan.planned("people <- /data/people.csv", "f1", "2026-01-31T13:45:07Z", load, sizing, write,
				new KeyOrderChoice(KeyOrder.SORT, "a large file"), sortDir, pipeline, new TargetMode(LoadMode.UPSERT, "people_email"),
				source, choices, sql);
	}

	/** {@code run} as a command with {@code source}, {@code choices} and {@code sql} would plan it. */
	static RunPlan of(RunPlan run, SourceProperties source, ColumnChoices choices, LoadSql sql) {
		return run.commanded(run.load(), run.write(), source, choices, sql);
	}

	static RunPlan of(RunPlan run, SourceProperties source, LoadSql sql) {
		return of(run, source, ColumnChoices.NONE, sql);
	}

	static final RunPlan PLAN = of(runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 }),
			source(";", "\\N", "dd/MM/uuuu"), new LoadSql(List.of("DELETE FROM audit WHERE x = 'a;b'"), List.of("ANALYZE")));

	@Test
	void theJsonReadsBackToTheSamePlanAndTheSameRun() {
		String json = PLAN.toJson();

		RunPlan read = RunPlan.fromJson(json);

		assertThat(read).isEqualTo(PLAN);
		assertThat(read.version()).isEqualTo(1);
		assertThat(json).contains("\"version\":1").contains("\"rowlift.source.delimiter\":\";\"")
			.contains("\"before\":[\"DELETE FROM audit WHERE x = 'a;b'\"]");
		RunPlan run = read;
		RunPlan original = runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 });
		assertThat(run.loadKey()).isEqualTo(original.loadKey());
		assertThat(run.sizing()).isEqualTo(original.sizing());
		assertThat(run.write()).isEqualTo(original.write());
		assertThat(run.keyOrder()).isEqualTo(original.keyOrder());
		assertThat(run.sortDir()).isEqualTo(original.sortDir());
		assertThat(run.pipeline()).isEqualTo(original.pipeline());
		assertThat(run.target()).isEqualTo(original.target());
		CsvInput csv = CsvInputFormat.of(run.input());
		assertThat(csv.csvFormat().delimiter()).isEqualTo((byte) ';');
		assertThat(csv.csvFormat().comment()).isEqualTo('#');
		assertThat(csv.csvFormat().lineEnding()).isEqualTo(LineEnding.CRLF);
		assertThat(csv.csvFormat().nullValue()).isEqualTo("\\N".getBytes(StandardCharsets.UTF_8));
		assertThat(csv.header().names()).containsExactly("id", "name", "born");
		assertThat(csv.header().dataStart()).isEqualTo(17);
		assertThat(csv.header().dataStartLine()).isEqualTo(2);
		assertThat(csv.header().headerBytes()).isEqualTo("id;name;born\r\n".getBytes(StandardCharsets.UTF_8));
		assertThat(run.load().mapping().columns()).isEqualTo(original.load().mapping().columns());
		assertThat(run.load().mapping().fields()).containsExactly(0, 1, 2);
		assertThat(run.load().mapping().table()).isEqualTo(TABLE);
		assertThat(run.load().values().datePattern()).isEqualTo("dd/MM/uuuu");
		assertThat(run.load().values().date().parse("31/01/2024")).isNotNull();
	}

	@Test
	void aRunOfItsOwnWriteMethodKeepsTheRestAsStored() {
		WriteChoice insert = new WriteChoice(WriteMethod.INSERT, "set by rowlift.target.write-method");

		RunPlan read = RunPlan.fromJson(PLAN.toJson());

		assertThat(read.withWrite(insert).write()).isEqualTo(insert);
		assertThat(read.withWrite(insert).toJson()).isEqualTo(PLAN.toJson().replace("\"method\":\"LOAD_DATA\",\"reason\":\"the fastest\"",
				"\"method\":\"INSERT\",\"reason\":\"set by rowlift.target.write-method\""));
		assertThat(read.withWrite(insert).load().mapping().table()).isEqualTo(read.load().mapping().table());
	}

	@Test
	void aPlanWrittenWithoutLaterFieldsReadsWithThemAbsent() {
		String json = PLAN.toJson().replaceFirst(",\"sql\":\\{[^}]*\\}", "");

		RunPlan read = RunPlan.fromJson(json);

		assertThat(read.sql()).isNull();
		assertThat(read.differences(PLAN.withSql(LoadSql.NONE))).isEmpty();
	}

	@Test
	void theSamePlanHasNoDifferencesAndTheHowSettingsAreNotCompared() {
		RunPlan other = runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 });
		RunPlan command = planned(other.load(), new Sizing(2, "two", 1, 10, "x"), new WriteChoice(WriteMethod.INSERT, "y"), null,
				new PipelineChoice(Pipeline.FAST, "z"), source(";", "\\N", "dd/MM/uuuu"), ColumnChoices.NONE,
				new LoadSql(List.of("DELETE FROM audit WHERE x = 'a;b'"), List.of("SELECT 2")));

		assertThat(PLAN.differences(command)).isEmpty();
	}

	@Test
	void everyDifferenceIsNamedWithItsKeyTheOldValueAndTheNew() {
		RunPlan command = of(runPlan(List.of("id", "born", "name"), new int[] { 0, 2, 1 }),
				source(",", null, "dd/MM/uuuu"), new LoadSql(List.of(), List.of()));

		assertThat(PLAN.differences(command)).containsExactly("rowlift.source.delimiter: ';' -> ','",
				"rowlift.source.null-value: '\\N' -> (not set)",
				"the mapping of the file onto people (the table's columns or the header): id INTEGER <- field 1, "
						+ "name VARCHAR <- field 2, born DATE <- field 3 -> id INTEGER <- field 1, born DATE <- field 2, "
						+ "name VARCHAR <- field 3",
				"rowlift.job.before-sql: 'DELETE FROM audit WHERE x = 'a;b'' -> (not set)");
	}

	@Test
	void aChangedColumnChoiceIsADifferenceAndAnOldPlanWithoutChoicesResumesWithoutThem() {
		RunPlan run = runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 });
		RunPlan renamed = of(run, source(";", "\\N", "dd/MM/uuuu"),
				new io.rowlift.database.mapping.ColumnChoices(java.util.Map.of("Name", "full_name"), List.of("x", "y")), PLAN.sql());

		assertThat(PLAN.differences(renamed)).containsExactly("rowlift.source.ignore-columns: (not set) -> 'x,y'",
				"rowlift.target.columns.name.from: (not set) -> 'full_name'");
		assertThat(RunPlan.fromJson(renamed.toJson()).differences(renamed)).isEmpty();
		// a version-1 plan stored before the choices existed has no such keys: the same command without them resumes it
		assertThat(PLAN.settings()).doesNotContainKeys("rowlift.source.ignore-columns");
		assertThat(PLAN.differences(of(run, source(";", "\\N", "dd/MM/uuuu"),
				io.rowlift.database.mapping.ColumnChoices.NONE, PLAN.sql()))).isEmpty();
	}

	@Test
	void theFilterIsStoredWithTheMappingReadBackByAResumeAndAChangeOfItIsADifference() {
		RunPlan run = runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 });
		TableMapping filtered = TableMapping.of(TABLE, List.of("id", "name", "born"), 3, true, "people.csv",
				new io.rowlift.database.mapping.ColumnChoices(java.util.Map.of(), List.of(), java.util.Map.of(), "id in (1, 2)"));
		RunPlan withFilter = run.withMapping(filtered);
		RunPlan stored = of(withFilter, source(";", "\\N", "dd/MM/uuuu"), new io.rowlift.database.mapping.ColumnChoices(
				java.util.Map.of(), List.of(), java.util.Map.of(), "id in (1, 2)"), PLAN.sql());

		RunPlan read = RunPlan.fromJson(stored.toJson());

		assertThat(read.storedMapping().filter()).isEqualTo("id in (1, 2)");
		assertThat(read.load().mapping().filter()).as("a resume filters as the first run").isEqualTo("id in (1, 2)");
		assertThat(read.load().mapping().withConstants(java.util.Map.of("file_name", "f", "run_id", "1",
				"started", "s")).compiledFilter()).isNotNull();
		assertThat(read.differences(stored)).isEmpty();
		assertThat(read.differences(of(withFilter, source(";", "\\N", "dd/MM/uuuu"),
				new io.rowlift.database.mapping.ColumnChoices(java.util.Map.of(), List.of(), java.util.Map.of(), "id in (1, 3)"), PLAN.sql())))
			.containsExactly("rowlift.source.filter: 'id in (1, 2)' -> 'id in (1, 3)'");
		// a plan stored before filters (none in it) compares equal to a command without one
		assertThat(PLAN.storedMapping().filter()).isNull();
		assertThat(PLAN.settings()).doesNotContainKeys("rowlift.source.filter");
	}

	@Test
	void theRefusalNamesEachDifferenceAndStartOver() {
		RunDecision.LastRun last = new RunDecision.LastRun(4, org.springframework.batch.core.BatchStatus.FAILED, "f1", null,
				TargetMode.APPEND, 0);

		String message = LoadLauncher.settingsChanged(last, List.of("rowlift.source.delimiter: ';' -> ','"), TargetMode.APPEND,
				"people");

		assertThat(message).isEqualTo("settings changed since run 4, which did not finish (FAILED): resuming it would load "
				+ "the rest of the file differently from the rows it loaded so far: rowlift.source.delimiter: ';' -> ','; run the "
				+ "command with run 4's settings to resume it, or, to abandon it and load with these, set "
				+ "rowlift.job.start-over=true (run 4 committed no rows to people)");
	}

	/**
	 * Spring Batch keeps a job context over 2,500 characters in a TEXT column, 65,535 bytes on MySQL: the
	 * plan of a table of 1,017 columns (InnoDB's most) with long names, as the context stores it
	 * (Java-serialized, Base64), fits.
	 */
	@Test
	void thePlanOfTheWidestInnoDbTableFitsSpringBatchsContextColumnOnMySql() throws Exception {
		List<TableColumn> columns = new java.util.ArrayList<>();
		List<String> names = new java.util.ArrayList<>();
		int[] fields = new int[1017];
		for (int i = 0; i < 1017; i++) {
			String name = "a_rather_long_column_name_" + i;
			columns.add(new TableColumn(name, Types.VARCHAR, "VARCHAR", 255, 0, true, false));
			names.add(name);
			fields[i] = i;
		}
		TableInfo wide = new TableInfo("wide", columns, List.of());
		RunPlan base = runPlan(List.of("id", "name", "born"), new int[] { 0, 1, 2 });
		CsvFormat format = CsvInputFormat.of(base.input()).csvFormat();
		LoadPlan load = new LoadPlan(base.file(), base.displayName(), CsvInput.of(base.file(), base.displayName(),
				new CsvHeader(names, 9000, 2, 1017, format, String.join(",", names).getBytes(StandardCharsets.UTF_8))),
				new TableMapping(wide, columns, fields, 1017), base.load().values());
		RunPlan plan = planned(load, base.sizing(), base.write(), base.sortDir(), base.pipeline(), source(",", null, null),
				ColumnChoices.NONE, LoadSql.NONE);
		org.springframework.batch.infrastructure.item.ExecutionContext context = new org.springframework.batch.infrastructure.item.ExecutionContext();
		plan.storeIn(context);
		java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
		new org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer().serialize(context.toMap(), out);

		assertThat(out.size()).as("plain JSON: %s bytes", plan.toJson().length()).isLessThan(65_535);
		assertThat(RunPlan.in(context)).contains(plan);
	}

}
