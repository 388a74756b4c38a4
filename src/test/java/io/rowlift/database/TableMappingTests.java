package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Types;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;
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
					+ "(its columns: id, Name, city); fix the header, map it with rowlift.target.columns.<column>.from=a\"; DROP TABLE x; --, "
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

}
