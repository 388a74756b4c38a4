package io.rowlift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.InboxEventRecorder;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * Issue #20, item 4, in service mode: a file whose load fails after the index drop, at every attempt,
 * moves to {@code failed/}; the service then puts the indexes of its table back, so the {@code indexes}
 * health component (which reads the index ledger) does not stay OUT_OF_SERVICE for good, and says so in
 * its log. Each vendor's {@code *IntegrationTests} runs this on its database (the service in this JVM).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class GivenUpLoadScenarios {

	static final Duration WAIT = Duration.ofSeconds(90);

	@TempDir
	Path dir;

	private CompletableFuture<RowliftRun> service;

	abstract TestTarget target();

	@AfterEach
	void stopService() throws Exception {
		if (this.service != null && !this.service.isDone()) {
			InboxEventRecorder.stopService();
			this.service.get(60, TimeUnit.SECONDS);
		}
	}

	@AfterAll
	void dropDatabase() throws Exception {
		target().dispose();
	}

	@Test
	void aLoadMovedToFailedGetsItsIndexesBack() throws Exception {
		target().reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		Path file = GenCsv.write(inbox.resolve("ints.csv"), "ints", 3_000, 7);
		Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(60)));
		InboxEventRecorder.reset(event -> {
		});
		List<String> args = new ArrayList<>(target().options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=ints",
				"--rowlift.schedule.fixed-delay=300ms", "--management.server.port=-1", "--rowlift.schedule.settle=1s",
				"--rowlift.schedule.max-attempts=1", "--rowlift.test.record-inbox-events=true", "--rowlift.job.chunk-size=1000",
				"--rowlift.test.fail-at-record=1500"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));

		long deadline = System.nanoTime() + WAIT.toNanos();
		while (InboxEventRecorder.events().stream().noneMatch(e -> e instanceof InboxEvent.FileFailed f && f.movedToFailed())) {
			assertThat(System.nanoTime()).as("ints.csv moved to failed/ within " + WAIT + ": " + InboxEventRecorder.events())
				.isLessThan(deadline);
			assertThat(this.service.isDone()).as("the service ended early").isFalse();
			Thread.sleep(50);
		}
		// the event comes after the rebuild: the table is whole, with the rows the given-up run committed
		assertThat(target().indexes("ints")).isEqualTo(Set.of("ints_value_1", "ints_value_1_value_2", "ints_value_2"));
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("what the indexes health component reads").isZero();
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(1_000);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out() + run.err()).contains("ints.csv: the given-up load had dropped 3 index(es) of ints; rebuilt them: "
				+ "ints_value_1, ints_value_1_value_2, ints_value_2 (moving the file back into the inbox resumes its run, with the "
				+ "indexes in place)");
		assertThat(Files.exists(inbox.resolve("failed/ints.csv"))).isTrue();
	}

	private long count(String sql) throws Exception {
		try (Connection c = target().connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
