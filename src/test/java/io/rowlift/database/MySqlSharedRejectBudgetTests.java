package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import com.zaxxer.hikari.HikariDataSource;

import io.rowlift.database.mysql.MySqlDialect;
import io.rowlift.testsupport.MySqlTestTarget;

/**
 * {@link SharedRejectBudget} on MariaDB: two budgets over one execution's counter row stand for two cluster
 * workers of one run, each counting in its chunk's own transaction.
 */
class MySqlSharedRejectBudgetTests {

	private static final long EXECUTION = 11;

	private static final long RUN = 7;

	private final MySqlTestTarget target = new MySqlTestTarget("shared_budget");

	private HikariDataSource dataSource;

	private TransactionTemplate chunks;

	@BeforeEach
	void database() throws Exception {
		this.target.requireServer();
		this.target.reset();
		try (Connection c = this.target.connect(); Statement st = c.createStatement()) {
			st.execute(RejectTable.ddl(new MySqlDialect()));
			st.execute(SharedRejectBudget.ddl());
			// two rejects an earlier run of the load committed, and one of another load
			st.execute("INSERT INTO " + RejectTable.NAME + " VALUES (" + RUN + ", 10, 2, 0, 10, 'bad', 'x'), (" + RUN
					+ ", 20, 3, 0, 20, 'bad', 'y'), (99, 10, 2, 0, 10, 'bad', 'z')");
		}
		this.dataSource = new HikariDataSource();
		this.dataSource.setJdbcUrl(this.target.url());
		this.dataSource.setUsername(this.target.user());
		this.dataSource.setPassword(this.target.password());
		this.dataSource.setMaximumPoolSize(4);
		this.chunks = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
	}

	@AfterEach
	void close() throws Exception {
		if (this.dataSource != null) {
			this.dataSource.close();
			this.target.dispose();
		}
	}

	/** One chunk that takes {@code n} bad records and commits; the last number. */
	private long chunk(RejectBudget budget, int n) {
		return this.chunks.execute(status -> {
			long last = 0;
			for (int i = 0; i < n; i++) {
				last = budget.take();
			}
			return last;
		});
	}

	@Test
	void twoWorkersCountOneBudgetStartedFromTheLoadsCommittedRejects() {
		RejectBudget first = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		RejectBudget second = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		assertThat(chunk(first, 1)).isEqualTo(3);
		assertThat(chunk(second, 2)).isEqualTo(5);
		assertThat(chunk(first, 1)).isEqualTo(6);
		assertThat(new JdbcTemplate(this.dataSource).queryForObject("SELECT USED FROM " + SharedRejectBudget.NAME
				+ " WHERE EXECUTION_ID = ?", Long.class, EXECUTION)).isEqualTo(6);
	}

	@Test
	void aChunkThatRollsBackGivesItsRejectsBack() {
		RejectBudget first = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		RejectBudget second = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		this.chunks.executeWithoutResult(status -> {
			assertThat(first.take()).isEqualTo(3);
			assertThat(first.take()).isEqualTo(4);
			first.giveBack(2); // as RejectHandling does: nothing, the rollback does it
			status.setRollbackOnly();
		});
		assertThat(chunk(second, 1)).isEqualTo(3);
	}

	@Test
	void theLimitAllowsExactlyItsNumberOfRejectsOverBothWorkers() {
		RejectBudget first = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 5);
		RejectBudget second = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 5);
		long a = chunk(first, 2); // 3, 4
		long b = chunk(second, 1); // 5: the last the limit allows
		assertThat(first.allows(a)).isTrue();
		assertThat(second.allows(b)).isTrue();
		assertThat(b).isEqualTo(5);
		long c = this.chunks.execute(status -> {
			long number = second.take();
			status.setRollbackOnly(); // the partition fails: its chunk rolls back
			return number;
		});
		assertThat(c).isEqualTo(6);
		assertThat(first.allows(c)).isFalse();
		assertThat(first.limit()).isEqualTo(5);
	}

	@Test
	void aChunkWithRejectsWaitsForAnotherWorkersOpenChunkAndCountsItsRejects() throws Exception {
		RejectBudget first = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		RejectBudget second = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		CountDownLatch taken = new CountDownLatch(1);
		CountDownLatch commit = new CountDownLatch(1);
		CompletableFuture<Long> open = CompletableFuture.supplyAsync(() -> this.chunks.execute(status -> {
			long number = first.take();
			taken.countDown();
			try {
				commit.await(30, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return number;
		}));
		assertThat(taken.await(30, TimeUnit.SECONDS)).isTrue();
		CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(() -> chunk(second, 1));
		Thread.sleep(500);
		assertThat(waiting).isNotDone(); // the row is the open chunk's until it commits
		commit.countDown();
		assertThat(open.get(30, TimeUnit.SECONDS)).isEqualTo(3);
		assertThat(waiting.get(30, TimeUnit.SECONDS)).isEqualTo(4);
	}

	@Test
	void eachExecutionHasItsOwnRowAndAResumeStartsFromTheCommittedRejects() {
		chunk(SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10), 1); // committed with a reject row below
		new JdbcTemplate(this.dataSource).update("INSERT INTO " + RejectTable.NAME + " VALUES (" + RUN + ", 30, 4, 0, 30, 'bad', 'w')");
		RejectBudget resumed = SharedRejectBudget.open(this.dataSource, EXECUTION + 1, RUN, 10);
		assertThat(chunk(resumed, 1)).isEqualTo(4);
	}

	@Test
	void countingOutsideAChunksTransactionIsRefusedSinceItCouldNeverBeGivenBack() {
		RejectBudget budget = SharedRejectBudget.open(this.dataSource, EXECUTION, RUN, 10);
		assertThatThrownBy(budget::take).isInstanceOf(IllegalStateException.class).hasMessageContaining("outside a chunk's transaction");
	}

}
