package io.rowlift.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.ExplainedFailure;
import io.rowlift.database.IndexDefinition;
import io.rowlift.database.TargetDialect;
import io.rowlift.model.Checkpoints;
import io.rowlift.testsupport.StatementLog;
import io.rowlift.testsupport.TestTarget;

/**
 * {@link IndexRebuildTasklet} on a real database (issue #34 item 10): the indexes of the ledger are built
 * first, and the table is searched for repeated keys (a {@code GROUP BY} over the whole table) only when a
 * unique index fails on them, so a clean load pays nothing for the search; over repeated keys the message
 * and the ledger are as they were.
 */
abstract class IndexRebuildScenarios {

	abstract TestTarget target();

	abstract TargetDialect dialect();

	/** The pool of the database, as the tasklet gets it. */
	abstract HikariDataSource pool() throws Exception;

	private HikariDataSource pool;

	private StatementLog log;

	@BeforeEach
	void table() throws Exception {
		target().reset();
		try (Connection c = target().connect(); Statement st = c.createStatement()) {
			st.execute("CREATE TABLE people (id INTEGER PRIMARY KEY, email VARCHAR(100) NOT NULL, city VARCHAR(100))");
			st.execute("CREATE UNIQUE INDEX people_email ON people (email)");
			st.execute("CREATE INDEX people_city ON people (city)");
		}
		this.pool = pool();
		this.log = new StatementLog(this.pool);
		RowliftSchema.ensure(this.pool, dialect());
		// as a load leaves the table before its rebuild step: the indexes in the ledger, then dropped
		try (Connection c = this.pool.getConnection()) {
			List<IndexDefinition> indexes = dialect().indexes().secondaryIndexes(c, "people");
			IndexLedger ledger = new IndexLedger(new JdbcTemplate(this.pool));
			indexes.forEach(index -> ledger.record("people", index));
			dialect().indexes().dropIndexes(c, "people", indexes);
		}
	}

	@AfterEach
	void close() throws Exception {
		if (this.pool != null) {
			this.pool.close();
		}
		target().dispose();
	}

	private void rows(String values) throws Exception {
		try (Connection c = this.pool.getConnection(); Statement st = c.createStatement()) {
			st.execute("INSERT INTO people (id, email, city) VALUES " + values);
		}
	}

	private IndexRebuildTasklet tasklet() {
		return new IndexRebuildTasklet(this.log, dialect(), "people", Checkpoints.NONE);
	}

	@Test
	void aCleanTableGetsItsIndexesBackWithoutASearchForRepeatedKeys() throws Exception {
		rows("(1, 'a@x', 'Oslo'), (2, 'b@x', 'Oslo'), (3, 'c@x', NULL)");
		this.log.clear();

		List<IndexDefinition> built = tasklet().rebuild();

		assertThat(built).extracting(IndexDefinition::name).containsExactlyInAnyOrder("people_email", "people_city");
		assertThat(target().indexes("people")).contains("people_email", "people_city");
		assertThat(new IndexLedger(new JdbcTemplate(this.pool)).pending("people")).isEmpty();
		assertThat(this.log.statements()).as("statements the rebuild ran").noneMatch(sql -> sql.contains("GROUP BY"));
	}

	@Test
	void aRepeatedKeyIsFoundOnlyOnceTheUniqueBuildFailedAndNamedAsBefore() throws Exception {
		rows("(1, 'a@x', 'Oslo'), (2, 'b@x', 'Oslo'), (3, 'a@x', NULL)");

		assertThatThrownBy(() -> tasklet().rebuild()).isInstanceOf(ExplainedFailure.class)
			.hasMessage("unique index people_email of people cannot be rebuilt: the table holds duplicates, for example (email) "
					+ "= (a@x) in 2 rows; remove the duplicates (SELECT email, COUNT(*) FROM people GROUP BY email HAVING "
					+ "COUNT(*) > 1 lists them), then run the same command again: the index definition stays in "
					+ "ROWLIFT_INDEX_LEDGER and is rebuilt then\n"
					+ "The other index(es) of people were rebuilt: people_city\n"
					+ "The definition of people_email stays in ROWLIFT_INDEX_LEDGER until it is built");
		assertThat(target().indexes("people")).contains("people_city").doesNotContain("people_email");
		assertThat(new IndexLedger(new JdbcTemplate(this.pool)).pending("people")).extracting(IndexDefinition::name)
			.containsExactly("people_email");

		// the duplicate removed, the same rebuild builds it
		try (Connection c = this.pool.getConnection(); Statement st = c.createStatement()) {
			st.execute("DELETE FROM people WHERE id = 3");
		}
		assertThat(tasklet().rebuild()).extracting(IndexDefinition::name).containsExactly("people_email");
		assertThat(target().indexes("people")).contains("people_email", "people_city");
	}

}
