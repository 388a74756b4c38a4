package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.rowlift.database.TableColumn;

/** The staging table's declaration ({@link MySqlRefusalStage#createSql}). */
class MySqlRefusalStageTests {

	private final MySqlDialect mysql = new MySqlDialect();

	private static TableColumn column(String name) {
		return new TableColumn(name, Types.VARCHAR, "VARCHAR", 40, 0, false, false);
	}

	@Test
	void theStagedColumnsAreDeclaredAsTheTableDeclaresThemAndNullableAfterTheSequence() {
		Map<String, String> declared = Map.of("id", "int(11)", "code", "varchar(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
		assertThat(MySqlRefusalStage.createSql("`t__rowlift_refused`", List.of(column("ID"), column("Code")), declared, this.mysql))
			.isEqualTo("CREATE TEMPORARY TABLE `t__rowlift_refused` (rowlift_seq INT NOT NULL PRIMARY KEY, `ID` int(11) NULL,"
					+ " `Code` varchar(8) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL) ENGINE = InnoDB");
	}

	@Test
	void aStagedColumnTheSchemaDoesNotDeclareLeavesNoStagingTableSoTheChunkIsHalvedInstead() {
		assertThat(MySqlRefusalStage.createSql("`t__rowlift_refused`", List.of(column("id"), column("hidden")), Map.of("id", "int(11)"),
				this.mysql)).isNull();
	}

}
