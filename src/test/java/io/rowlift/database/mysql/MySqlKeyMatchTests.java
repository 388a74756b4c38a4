package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Types;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.UniqueKey;

/** The clause MySQL's INSERTs carry in modes upsert and ignore ({@link MySqlDialect#onKeyMatch}). */
class MySqlKeyMatchTests {

	private final MySqlDialect mysql = new MySqlDialect();

	private final TableMapping accounts = mapping("id", "name", "score");

	private static TableMapping mapping(String... names) {
		List<TableColumn> columns = java.util.Arrays.stream(names)
			.map(n -> new TableColumn(n, Types.VARCHAR, "VARCHAR", 40, 0, true, false))
			.toList();
		return new TableMapping(new TableInfo("accounts", columns, List.of("id")), columns, new int[] { 0, 1, 2 }, names.length);
	}

	@Test
	void upsertSetsEveryLoadedColumnButTheKeysFromTheRowAndCountsTheMatchInTheFirst() {
		assertThat(this.mysql.keys().onKeyMatch(this.accounts, new UniqueKey("PRIMARY", List.of("id"), true), LoadMode.UPSERT))
			.isEqualTo(" ON DUPLICATE KEY UPDATE `name` = IF((@rowlift_matched := @rowlift_matched + 1) > 0, VALUES(`name`), "
					+ "VALUES(`name`)), `score` = VALUES(`score`)");
	}

	@Test
	void ignoreSetsTheKeyToItselfSoOnlyADuplicateKeyIsSkippedAndCounted() {
		assertThat(this.mysql.keys().onKeyMatch(this.accounts, new UniqueKey("PRIMARY", List.of("id"), true), LoadMode.IGNORE))
			.isEqualTo(" ON DUPLICATE KEY UPDATE `id` = IF((@rowlift_matched := @rowlift_matched + 1) > 0, `id`, `id`)")
			.doesNotContain("IGNORE");
	}

	@Test
	void anUpsertWhoseColumnsAreAllTheKeysLeavesTheRowAsItIs() {
		TableMapping keysOnly = mapping("id", "name", "score");
		UniqueKey all = new UniqueKey("everything", List.of("ID", "Name", "score"), false);
		assertThat(this.mysql.keys().onKeyMatch(keysOnly, all, LoadMode.UPSERT))
			.isEqualTo(" ON DUPLICATE KEY UPDATE `ID` = IF((@rowlift_matched := @rowlift_matched + 1) > 0, `ID`, `ID`)");
	}

	@Test
	void theWholeStatementIsTheTaggedMultiRowInsertWithTheClause() {
		String sql = this.accounts.insertSql(this.mysql, 2)
				+ this.mysql.keys().onKeyMatch(this.accounts, new UniqueKey("PRIMARY", List.of("id"), true), LoadMode.IGNORE);
		assertThat(sql).startsWith("/* rowlift:")
			.contains("INSERT INTO `accounts` (`id`, `name`, `score`) VALUES (?, ?, ?), (?, ?, ?) ON DUPLICATE KEY UPDATE `id` = ");
	}

	@Test
	void matchesOnAnyUniqueKey() {
		assertThat(this.mysql.keys().matchesAnyUniqueKey()).isTrue();
	}

}
