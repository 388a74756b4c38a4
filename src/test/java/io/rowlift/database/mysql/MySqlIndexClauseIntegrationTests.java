package io.rowlift.database.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.IndexDefinition;
import io.rowlift.model.Checkpoints;
import io.rowlift.testsupport.MySqlTestTarget;

/**
 * The ledger check passes every index the server reports as {@link MySqlDialect#secondaryIndexes} writes it
 * (prefix lengths, DESC, UNIQUE, FULLTEXT, names that need quoting), and the clauses rebuild them
 * (issue 34 item 1).
 */
class MySqlIndexClauseIntegrationTests {

	private final MySqlTestTarget target = new MySqlTestTarget("index_clauses");

	@Test
	void everyIndexTheServerReportsPassesAndIsRebuilt() throws Exception {
		this.target.requireServer();
		this.target.reset();
		MySqlDialect mysql = new MySqlDialect();
		try (Connection c = DriverManager.getConnection(this.target.url(), this.target.user(), this.target.password());
				Statement st = c.createStatement()) {
			st.execute("CREATE TABLE `odd table` (id BIGINT PRIMARY KEY, `na``me` VARCHAR(200), `wei;rd` VARCHAR(100), b TEXT,"
					+ " n INT, INDEX `prefix and desc` (`na``me`(10), n DESC), UNIQUE INDEX `u;1` (`wei;rd`, n),"
					+ " FULLTEXT INDEX ft (b), INDEX `plain` (n)) ENGINE = InnoDB");
			List<IndexDefinition> indexes = mysql.indexes().secondaryIndexes(c, "odd table");
			assertThat(indexes).extracting(IndexDefinition::name).containsExactlyInAnyOrder("prefix and desc", "u;1", "ft", "plain");
			for (IndexDefinition index : indexes) {
				assertThat(mysql.indexes().indexDefinitionProblem("odd table", index)).as(index.definition()).isEmpty();
			}
			assertThat(indexes).extracting(IndexDefinition::definition).contains("ADD INDEX `prefix and desc` (`na``me`(10), `n` DESC)");
			mysql.indexes().dropIndexes(c, "odd table", indexes);
			assertThat(mysql.indexes().indexNames(c, "odd table")).containsExactly("PRIMARY");
			mysql.indexes().rebuildIndexes(new SingleConnectionDataSource(c, true), "odd table", indexes, Checkpoints.NONE);
			assertThat(mysql.indexes().secondaryIndexes(c, "odd table")).as("rebuilt from the clauses as they were").isEqualTo(indexes);
		}
	}

}
