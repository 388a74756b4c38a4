package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

import io.rowlift.database.RejectBudget;

/**
 * One budget per job execution, shared by its partitions, forgotten when the execution ends: an execution id
 * handed out again (a database made again under a running application) starts from the rejects committed
 * then, not from the old execution's count.
 */
class LocalRejectBudgetsTests {

	@TempDir
	Path dir;

	@Test
	void anExecutionsPartitionsShareOneBudgetUntilItIsReleased() {
		SingleConnectionDataSource data = new SingleConnectionDataSource("jdbc:sqlite:" + this.dir.resolve("r.db"), true);
		try {
			JdbcTemplate jdbc = new JdbcTemplate(data);
			jdbc.execute("CREATE TABLE ROWLIFT_REJECT (RUN_ID INTEGER, REASON TEXT)");
			jdbc.update("INSERT INTO ROWLIFT_REJECT VALUES (7, 'bad'), (7, 'bad')");
			LocalRejectBudgets budgets = new LocalRejectBudgets(jdbc);

			RejectBudget first = budgets.of(1, 7, 10);
			assertThat(budgets.of(1, 7, 10)).as("the execution's other partitions get the same budget").isSameAs(first);
			assertThat(first.take()).as("counted from the two committed rejects").isEqualTo(3);
			assertThat(first.take()).isEqualTo(4);

			budgets.release(1);
			jdbc.update("DELETE FROM ROWLIFT_REJECT");
			RejectBudget again = budgets.of(1, 7, 10);
			assertThat(again).as("a new budget for the id handed out again").isNotSameAs(first);
			assertThat(again.take()).as("from the rejects committed now, not the old count").isEqualTo(1);
		}
		finally {
			data.destroy();
		}
	}

}
