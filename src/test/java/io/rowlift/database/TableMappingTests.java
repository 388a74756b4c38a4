package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Types;
import java.util.List;

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
					+ "(its columns: id, Name, city); fix the header, or add the column with a migration")
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
					+ "add it to the file, or give the column a default");
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

}
