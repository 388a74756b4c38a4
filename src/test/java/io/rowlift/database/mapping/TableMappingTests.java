package io.rowlift.database.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Types;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;
import io.rowlift.database.Rejection;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.database.sqlite.SqliteDialect;

/** Tests for {@link TableMapping}: the contract's mapping rules and their exit-2 messages. */
class TableMappingTests {

	private static final TableInfo PEOPLE = new TableInfo("people",
			List.of(new TableColumn("id", Types.INTEGER, "INTEGER", 0, 0, true, true),
					new TableColumn("Name", Types.VARCHAR, "TEXT", 0, 0, false, false),
					new TableColumn("city", Types.VARCHAR, "TEXT", 0, 0, true, false)));

	@Test
	void matchesHeaderNamesCaseInsensitivelyInFileOrder() {
		TableMapping mapping = TableMapping.of(PEOPLE, List.of("CITY", "name"), 2, true, "p.csv");
		assertThat(mapping.columns()).extracting(TableColumn::name).containsExactly("city", "Name");
		assertThat(mapping.fields()).containsExactly(0, 1);
		assertThat(mapping.insertSql(new SqliteDialect())).isEqualTo("INSERT INTO \"people\" (\"city\", \"Name\") VALUES (?, ?)");
		assertThat(mapping.insertSql(new MySqlDialect())).matches("/\\* rowlift:[0-9a-f]+ \\*/ INSERT INTO `people` \\(`city`, `Name`\\) VALUES \\(\\?, \\?\\)");
	}

	@Test
	void refusesAHeaderNamingAColumnTheTableLacks() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name", "a\"; DROP TABLE x; --"), 2, true, "p.csv"))
			.isInstanceOf(RowliftException.class)
			.hasMessage("p.csv:1:2: the header names column 'a\"; DROP TABLE x; --', which table people does not have "
					+ "(its columns: id, Name, city); fix the header, map it to column city with rowlift.target.columns.city.from=a\"; DROP TABLE x; -- "
					+ "(or another column the header leaves unfilled: id), "
					+ "leave it out with rowlift.source.ignore-columns=a\"; DROP TABLE x; --, or add the column with a migration")
			.extracting(e -> ((RowliftException) e).exitCode())
			.isEqualTo(2);
	}

	@Test
	void refusesADuplicatedHeaderName() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name", "city", "NAME"), 3, true, "p.csv"))
			.hasMessage("p.csv:1:3: the header names column 'NAME' twice (also field 1); rename or remove one of them");
	}

	@Test
	void refusesAFileWithoutARequiredColumn() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "city"), 2, true, "p.csv"))
			.hasMessage("p.csv:1: the header has no column 'Name', which table people requires (NOT NULL without a default); "
					+ "add it to the file, map a field to it with rowlift.target.columns.Name.from, or give the column a default");
	}

	@Test
	void mapsByPositionWithoutHeaderAndNeedsTheSameCount() {
		TableMapping mapping = TableMapping.of(PEOPLE, List.of(), 3, false, "p.csv");
		assertThat(mapping.fields()).containsExactly(0, 1, 2);
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of(), 2, false, "p.csv"))
			.hasMessageStartingWith("p.csv:1: the first record has 2 fields but table people has 3 columns");
	}

	@Test
	void refusesAnEmptyFile() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of(), 0, true, "p.csv"))
			.hasMessage("p.csv is empty: it has no header; nothing to load into people");
	}

	private static ColumnChoices choices(Map<String, String> from, String... ignore) {
		return new ColumnChoices(from, List.of(ignore));
	}

	@Test
	void aRenamedColumnIsFilledFromTheFieldItsFromNamesAndIgnoredFieldsFillNothing() {
		TableMapping mapping = TableMapping.of(PEOPLE, List.of("full_name", "note", "CITY", "id"), 4, true, "p.csv",
				choices(Map.of("name", "FULL_NAME"), "Note"));

		assertThat(mapping.columns()).extracting(TableColumn::name).containsExactly("Name", "city", "id");
		assertThat(mapping.fields()).containsExactly(0, 2, 3);
		assertThat(mapping.fieldCount()).isEqualTo(4);
	}

	@Test
	void aFieldNamedByAFromFillsOnlyTheColumnsThatNameItSoOneFieldFillsTwoWhenBothDo() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name"), 1, true, "p.csv", choices(Map.of("city", "name"))))
			.hasMessageStartingWith("p.csv:1: the header has no column 'Name'");

		TableMapping mapping = TableMapping.of(PEOPLE, List.of("name"), 1, true, "p.csv",
				choices(Map.of("city", "name", "name", "name")));

		assertThat(mapping.columns()).extracting(TableColumn::name).containsExactly("Name", "city");
		assertThat(mapping.fields()).containsExactly(0, 0);
	}

	@Test
	void aFieldWhoseColumnIsRenamedMustBeLeftOutOrMapped() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name", "alias"), 2, true, "p.csv",
				choices(Map.of("Name", "alias"))))
			.isInstanceOf(RowliftException.class)
			.hasMessage("p.csv:1:1: field 'name' would fill column Name, which rowlift.target.columns.Name.from fills from 'alias'; "
					+ "leave the field out with rowlift.source.ignore-columns=name, or map it to another column");
		assertThat(TableMapping.of(PEOPLE, List.of("name", "alias"), 2, true, "p.csv", choices(Map.of("Name", "alias"), "name"))
			.fields()).containsExactly(1);
	}

	@Test
	void choicesNamingWhatIsNotThereAreRefusedWithTheirKey() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name"), 1, true, "p.csv", choices(Map.of("town", "name"))))
			.hasMessage("rowlift.target.columns.town.from: table people has no column 'town' (its columns: id, Name, city); "
					+ "fix the column's name in the key")
			.extracting(e -> ((RowliftException) e).exitCode()).isEqualTo(2);
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name"), 1, true, "p.csv", choices(Map.of("city", "town"))))
			.hasMessage("rowlift.target.columns.city.from is 'town', but the header of p.csv has no such name (its names: name); fix the name");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name"), 1, true, "p.csv", choices(Map.of(), "nme")))
			.hasMessage("rowlift.source.ignore-columns names 'nme', but the header of p.csv has no such name (its names: name); fix or remove it");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name", "c"), 2, true, "p.csv", choices(Map.of("city", "c"), "c")))
			.hasMessage("rowlift.target.columns.city.from is 'c', which rowlift.source.ignore-columns leaves out; remove it from one of the two");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of(), 3, false, "p.csv", choices(Map.of(), "x")))
			.hasMessage("rowlift.source.ignore-columns name fields by the header, but p.csv has none (rowlift.source.header=false); "
					+ "remove them, or load a file with a header");
	}

	@Test
	void aRenamedNotNullColumnCountsAsGivenAndIgnoringItsFieldMakesItMissing() {
		assertThat(TableMapping.of(PEOPLE, List.of("who"), 1, true, "p.csv", choices(Map.of("name", "who"))).columns())
			.extracting(TableColumn::name).containsExactly("Name");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("name", "city"), 2, true, "p.csv", choices(Map.of(), "name")))
			.hasMessageStartingWith("p.csv:1: the header has no column 'Name', which table people requires");
	}

	@Test
	void theChoicesAreSettingsByKey() {
		assertThat(choices(Map.of("Name", "who"), "a", " b ").settings()).containsExactly(
				Map.entry("rowlift.source.ignore-columns", "a,b"), Map.entry("rowlift.target.columns.name.from", "who"));
		assertThat(ColumnChoices.NONE.settings()).isEmpty();
	}


	// ---- computed columns (rowlift.target.columns.<column>.expression)

	private static final Map<String, String> CONSTANTS = Map.of(TableMapping.FILE_NAME, "p.csv", TableMapping.RUN_ID, "7",
			TableMapping.STARTED, "2026-12-02T17:00:00Z");

	/** A locator that places field f of a record at line 10 + its record's line, byte 100 * (f + 1). */
	private static final io.rowlift.model.RecordLocator LOCATOR = new io.rowlift.model.RecordLocator() {

		@Override
		public io.rowlift.model.Location where(io.rowlift.model.RawRecord record, int field) {
			return new io.rowlift.model.Location("p.csv", 10 + record.line(), 10 + record.line(), field + 1,
					field < 0 ? record.offset() : 100L * (field + 1));
		}

		@Override
		public io.rowlift.model.Location where(io.rowlift.model.RawRecord record, io.rowlift.model.RecordProblem problem) {
			throw new UnsupportedOperationException();
		}

		@Override
		public long line(io.rowlift.model.RawRecord record) {
			return 10 + record.line();
		}

		@Override
		public byte[] raw(io.rowlift.model.RawRecord record) {
			throw new UnsupportedOperationException();
		}

	};

	private static io.rowlift.model.RawRecord record(String... fields) {
		StringBuilder data = new StringBuilder();
		int[] ends = new int[fields.length];
		for (int i = 0; i < fields.length; i++) {
			data.append(fields[i] == null ? "" : fields[i]);
			ends[i] = fields[i] == null ? data.length() : io.rowlift.model.RawRecord.quotedEnd(data.length());
		}
		return new io.rowlift.model.RawRecord(data.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8), ends, 0, 2,
				0, 1, null);
	}

	private static RecordBinder binder(TableMapping mapping) {
		return new RecordBinder(new SqliteDialect(), mapping.withConstants(CONSTANTS),
				ValueFormats.of(java.nio.charset.StandardCharsets.UTF_8, null, null, null, java.time.ZoneOffset.UTC), LOCATOR);
	}

	@Test
	void computedColumnsComeAfterTheFieldsWithFieldMinusOneAndBindTheirValue() throws Exception {
		// full: no column of its own, read for the expression that names it
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of(), Map.of("name", "upper(trim(full))",
				"CITY", "file_name() || '#' || run_id() || '@' || line()"));
		TableMapping mapping = TableMapping.of(PEOPLE, List.of("id", "full"), 2, true, "p.csv", choices);

		assertThat(mapping.columns()).extracting(TableColumn::name).containsExactly("id", "Name", "city");
		assertThat(mapping.fields()).containsExactly(0, -1, -1);
		assertThat(mapping.computed()).isTrue();
		assertThatThrownBy(() -> mapping.expression(1)).isInstanceOf(IllegalStateException.class);
		CapturedRow row = new CapturedRow(3);
		assertThat(binder(mapping).bind(row, 0, record("4", "  ada lovelace "))).isNull();
		assertThat(row.values()).containsExactly(4L, "ADA LOVELACE", "p.csv#7@12");
	}

	@Test
	void aNullResultIsAnEmptyFieldAndAnEmptyTextStaysEmptyText() throws Exception {
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of(), Map.of("city", "if(id = 1, null, '')"));
		TableMapping mapping = TableMapping.of(PEOPLE, List.of("id", "name"), 2, true, "p.csv", choices);
		RecordBinder binder = binder(mapping);
		CapturedRow row = new CapturedRow(3);

		assertThat(binder.bind(row, 0, record("1", "x"))).isNull();
		assertThat(row.values()).containsExactly(1L, "x", null);
		row.clear();
		assertThat(binder.bind(row, 0, record("2", "x"))).isNull();
		assertThat(row.values()).containsExactly(2L, "x", "");
	}

	@Test
	void aValueTheExpressionCannotComputeOrTheColumnCannotHoldRejectsTheRecordAtTheFieldItNames() throws Exception {
		TableInfo table = new TableInfo("t", List.of(new TableColumn("n", Types.INTEGER, "INTEGER", 0, 0, false, false),
				new TableColumn("m", Types.INTEGER, "INTEGER", 0, 0, true, false)));
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of("a", "b"), Map.of("n", "number(b) * 2", "m", "'x' || a"));
		TableMapping mapping = TableMapping.of(table, List.of("a", "b"), 2, true, "p.csv", choices);
		RecordBinder binder = binder(mapping);

		assertThat(binder.bind(new CapturedRow(2), 0, record("1", "12,5")))
			.hasToString("Rejection[where=p.csv:12:2 (byte 200), problem=column n = number(b) * 2: '12,5' (b) is not a number, refusal=null]");
		Rejection notAnInteger = binder.bind(new CapturedRow(2), 0, record("1", "3"));
		assertThat(notAnInteger.where()).hasToString("p.csv:12:1 (byte 100)");
		assertThat(notAnInteger.problem()).startsWith("column m = 'x' || a: 'x1'");
	}

	@Test
	void theFirstProblemInColumnOrderIsReportedThoughEveryValueIsComputedFirst() throws Exception {
		TableInfo table = new TableInfo("t", List.of(new TableColumn("n", Types.INTEGER, "INTEGER", 0, 0, false, false),
				new TableColumn("m", Types.INTEGER, "INTEGER", 0, 0, true, false)));
		// n cannot be stored ('y1' is no integer), m cannot be computed ('z' is no number): n comes first
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of("a", "b"), Map.of("n", "'y' || a", "m", "number(b)"));
		RecordBinder binder = binder(TableMapping.of(table, List.of("a", "b"), 2, true, "p.csv", choices));

		Rejection rejection = binder.bind(new CapturedRow(2), 0, record("1", "z"));
		assertThat(rejection.where()).hasToString("p.csv:12:1 (byte 100)");
		assertThat(rejection.problem()).startsWith("column n = 'y' || a: 'y1'");
		// and the next record, good, binds both (no failure left over)
		CapturedRow row = new CapturedRow(2);
		choices = new ColumnChoices(Map.of(), List.of("a", "b"), Map.of("n", "number(a) + 1", "m", "number(b)"));
		binder = binder(TableMapping.of(table, List.of("a", "b"), 2, true, "p.csv", choices));
		assertThat(binder.bind(new CapturedRow(2), 0, record("1", "z"))).isNotNull();
		assertThat(binder.bind(row, 0, record("1", "5"))).isNull();
		assertThat(row.values()).containsExactly(2L, 5L);
	}

	@Test
	void aTextThatIsNotAsciiIsComputedAndEncodedInTheFilesCharset() throws Exception {
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of(), Map.of("name", "upper(trim(full))", "city", "lower(full)"));
		TableMapping mapping = TableMapping.of(PEOPLE, List.of("id", "full"), 2, true, "p.csv", choices);
		RecordBinder binder = new RecordBinder(new SqliteDialect(), mapping.withConstants(CONSTANTS),
				ValueFormats.of(java.nio.charset.StandardCharsets.ISO_8859_1, null, null, null, java.time.ZoneOffset.UTC), LOCATOR);
		byte[] latin1 = "7 éLodie\u00a0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
		io.rowlift.model.RawRecord record = new io.rowlift.model.RawRecord(latin1,
				new int[] { 1, io.rowlift.model.RawRecord.quotedEnd(latin1.length) }, 0, 2, 0, 1, null);
		CapturedRow row = new CapturedRow(3);

		assertThat(binder.bind(row, 0, record)).isNull();
		// strip() keeps U+00A0 (not whitespace to Java), as before
		assertThat(row.values()).containsExactly(7L, "ÉLODIE\u00a0", " élodie\u00a0");
	}

	@Test
	void refusesExpressionsThatDoNotFitTheTableOrTheHeader() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "name"), 2, true, "p.csv",
				new ColumnChoices(Map.of(), List.of(), Map.of("town", "'x'"))))
			.hasMessage("rowlift.target.columns.town.expression: table people has no column 'town' (its columns: id, Name, city); "
					+ "fix the column's name in the key")
			.extracting(e -> ((RowliftException) e).exitCode())
			.isEqualTo(2);
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "name", "c"), 3, true, "p.csv",
				new ColumnChoices(Map.of("city", "c"), List.of(), Map.of("city", "'x'"))))
			.hasMessage("rowlift.target.columns.city.expression and rowlift.target.columns.city.from both fill column city; "
					+ "keep one of them");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "name"), 2, true, "p.csv",
				new ColumnChoices(Map.of(), List.of(), Map.of("city", "trim(town)"))))
			.hasMessageStartingWith("rowlift.target.columns.city.expression: no field 'town' in the header (its names: id, name)")
			.hasMessageEndingWith("; fix the expression (docs/mapping.md)");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "name", "city"), 3, true, "p.csv",
				new ColumnChoices(Map.of(), List.of(), Map.of("city", "upper(city)"))))
			.hasMessage("p.csv:1:3: field 'city' would fill column city, which rowlift.target.columns.city.expression computes; "
					+ "leave the field out with rowlift.source.ignore-columns=city, or map it to another column");
	}

	@Test
	void aFilterReadsFieldsNoColumnHasKeepsWhatIsTrueAndRejectsWhatItCannotEvaluateAtTheFieldItNames() {
		// flag: no column of its own, read for the filter
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of(), Map.of(), " number(flag) > 1 and name <> 'x' ");
		TableMapping mapping = TableMapping.of(PEOPLE, List.of("id", "name", "flag"), 3, true, "p.csv", choices);

		assertThat(mapping.columns()).extracting(TableColumn::name).containsExactly("id", "Name");
		assertThat(mapping.filter()).isEqualTo("number(flag) > 1 and name <> 'x'");
		assertThat(mapping.filtered()).isTrue();
		assertThat(choices.settings()).containsExactly(Map.entry("rowlift.source.filter", "number(flag) > 1 and name <> 'x'"));
		assertThat(RecordFilter.of(mapping, java.nio.charset.StandardCharsets.UTF_8, LOCATOR)).as("not compiled yet").isNull();
		RecordFilter filter = RecordFilter.of(mapping.withConstants(CONSTANTS), java.nio.charset.StandardCharsets.UTF_8, LOCATOR);

		assertThat(filter.keeps(record("1", "ada", "2"))).isTrue();
		assertThat(filter.keeps(record("1", "x", "2"))).isFalse();
		assertThat(filter.keeps(record("1", "ada", "1"))).isFalse();
		assertThat(filter.keeps(record("1", "ada", null))).as("unknown drops").isFalse();
		assertThat(filter.keeps(record("1", "ada"))).as("the wrong field count: left to the binder").isTrue();
		io.rowlift.expr.ExpressionException failure = org.junit.jupiter.api.Assertions.assertThrows(
				io.rowlift.expr.ExpressionException.class, () -> filter.keeps(record("1", "ada", "many")));
		assertThat(filter.rejection(record("1", "ada", "many"), failure))
			.hasToString("Rejection[where=p.csv:12:3 (byte 300), problem=filter number(flag) > 1 and name <> 'x': 'many' (flag) "
					+ "is not a number, refusal=null]");
		assertThat(filter.field()).isEqualTo(2);
	}

	@Test
	void refusesAFilterThatIsNoConditionDoesNotCompileOrHasNoHeader() {
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "name"), 2, true, "p.csv",
				new ColumnChoices(Map.of(), List.of(), Map.of(), "id + 1")))
			.hasMessage("rowlift.source.filter is 'id + 1', which gives number, not a condition; write a condition such as "
					+ "amount > 0 or country = 'FR' (docs/mapping.md)")
			.extracting(e -> ((RowliftException) e).exitCode())
			.isEqualTo(2);
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of("id", "name"), 2, true, "p.csv",
				new ColumnChoices(Map.of(), List.of(), Map.of(), "town = 'x'")))
			.hasMessageStartingWith("rowlift.source.filter: no field 'town' in the header (its names: id, name)")
			.hasMessageEndingWith("; fix the filter (docs/mapping.md)");
		assertThatThrownBy(() -> TableMapping.of(PEOPLE, List.of(), 3, false, "p.csv",
				new ColumnChoices(Map.of(), List.of(), Map.of(), "id > 1")))
			.hasMessage("rowlift.source.filter name fields by the header, but p.csv has none (rowlift.source.header=false); "
					+ "remove them, or load a file with a header");
	}

	@Test
	void computedColumnsAreValueSettings() {
		ColumnChoices choices = new ColumnChoices(Map.of(), List.of(), Map.of("City", "run_id()"));
		assertThat(choices.settings()).containsExactly(Map.entry("rowlift.target.columns.city.expression", "run_id()"));
		assertThat(choices.none()).isFalse();
	}
}
