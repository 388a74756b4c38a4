package io.rowlift.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.core.scope.context.ChunkContext;
import org.springframework.batch.core.scope.context.StepContext;
import org.springframework.batch.test.MetaDataInstanceFactory;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.IndexDefinition;
import io.rowlift.database.sqlite.SqliteDialect;
import io.rowlift.model.Checkpoints;

/** The index drop before a load, on a real SQLite file. */
class IndexDropTaskletTests {

	@TempDir
	Path dir;

	/**
	 * An index whose definition the rebuild would refuse (issue 34 item 1: a ledger row must be one
	 * Rowlift wrote) stays in force: dropped, it could not come back.
	 */
	@Test
	void anIndexWhoseDefinitionTheRebuildWouldRefuseIsKeptNotDropped() throws Exception {
		SqliteDialect sqlite = new SqliteDialect();
		SingleConnectionDataSource data = new SingleConnectionDataSource("jdbc:sqlite:" + this.dir.resolve("t.db"), true);
		try {
			RowliftSchema.ensure(data, sqlite);
			try (Connection c = data.getConnection(); Statement st = c.createStatement()) {
				st.execute("CREATE TABLE t (a INT, b INT)");
				st.execute("CREATE INDEX plain_b ON t (b)");
				st.execute("CREATE INDEX noted ON t (a /* why */)");
			}
			try (Connection c = data.getConnection()) {
				assertThat(sqlite.indexes().secondaryIndexes(c, "t")).extracting(IndexDefinition::definition)
					.as("SQLite keeps the comment").contains("CREATE INDEX noted ON t (a /* why */)");
			}
			new IndexDropTasklet(data, sqlite, "t", true, Checkpoints.NONE).execute(null,
					new ChunkContext(new StepContext(MetaDataInstanceFactory.createStepExecution())));
			try (Connection c = data.getConnection()) {
				assertThat(sqlite.indexes().indexNames(c, "t")).containsExactly("noted");
			}
			assertThat(new IndexLedger(new JdbcTemplate(data)).checked("t", sqlite)).extracting(IndexDefinition::name)
				.containsExactly("plain_b");
			new IndexRebuildTasklet(data, sqlite, "t", Checkpoints.NONE).rebuild();
			try (Connection c = data.getConnection()) {
				assertThat(sqlite.indexes().indexNames(c, "t")).containsExactlyInAnyOrder("noted", "plain_b");
			}
		}
		finally {
			data.destroy();
		}
	}

}
