package io.rowlift.schedule;

import static io.rowlift.schedule.InboxServiceJarSupport.await;
import static io.rowlift.schedule.InboxServiceJarSupport.names;
import static io.rowlift.schedule.InboxServiceJarSupport.signal;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftJar;

/**
 * Two services, each the real jar in a process of its own, on one MariaDB database and one inbox: the
 * first is killed in the middle of a load (while the second waits for the run lock), the second resumes
 * that run, a third start races the second for the rest, and no file is loaded twice.
 */
class MySqlInboxServiceJarIntegrationTests {

	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	private final MySqlTestTarget target = new MySqlTestTarget("inbox_services");

	@TempDir
	Path dir;

	private RowliftJar jar;

	@BeforeEach
	void database() throws Exception {
		this.target.requireServer();
		this.target.reset();
	}

	@AfterEach
	void cleanUp() throws Exception {
		if (this.jar != null) {
			this.jar.killAll();
		}
		this.target.dispose();
	}

	@Test
	void twoServicesOnOneDatabaseAndInboxLoadEveryFileOnceAndResumeEachOthersRuns() throws Exception {
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		GenCsv.write(inbox.resolve("ints-a.csv"), "ints", 12_000, 1);
		List<String> files = new ArrayList<>(List.of("ints-a.csv"));
		for (char c = 'b'; c <= 'f'; c++) {
			GenCsv.write(inbox.resolve("ints-" + c + ".csv"), "ints", 300, c);
			files.add("ints-" + c + ".csv");
		}
		this.jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("services.log"));
		List<String> args = new ArrayList<>();
		for (String option : this.target.options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}" : option);
		}
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=ints",
				"--rowlift.job.partitions=3", "--rowlift.job.chunk-size=2000", "--rowlift.schedule.fixed-delay=300ms",
				"--rowlift.schedule.settle=0s"));

		List<String> paused = new ArrayList<>(args);
		paused.add("--rowlift.test.pause-at=load");
		RowliftJar.Attempt first = this.jar.start("service 1, held inside the load of ints-a.csv", paused);
		await(this.jar, "service 1 inside the load", () -> first.output().contains("rowlift-test: paused at load"), first);
		RowliftJar.Attempt second = this.jar.start("service 2", args);
		await(this.jar, "service 2 finding the run lock held",
				() -> second.output().contains("another run holds the run lock of ints; the file waits"), second);
		first.kill();
		RowliftJar.Attempt third = this.jar.start("service 1 again, racing service 2", args);
		await(this.jar, "all six files in loaded/", () -> names(inbox.resolve("loaded")).equals(files), second, third);
		assertThat(signal(this.jar, second, "TERM")).as(this.jar.tail(20_000)).isZero();
		assertThat(signal(this.jar, third, "TERM")).as(this.jar.tail(20_000)).isZero();

		assertThat(count("SELECT COUNT(*) FROM ints")).as(this.jar.tail(20_000)).isEqualTo(12_000 + 5 * 300);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(12_000 + 5 * 300);
		assertThat(names(inbox.resolve("loaded"))).as("each file archived once").isEqualTo(files);
		assertThat(names(inbox)).containsExactly("loaded");
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_INSTANCE")).as("one run per file").isEqualTo(6);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INBOX WHERE STATE = 'LOADED'")).isEqualTo(6);
		assertThat(count("SELECT ATTEMPTS FROM ROWLIFT_INBOX WHERE FILE_PATH LIKE '%ints-a.csv'"))
			.as("the killed attempt counts").isEqualTo(2);
		String resumedBy = second.output() + third.output();
		assertThat(resumedBy.split("run 1 resumed and completed", -1)).as("run 1 resumed once, by one of them").hasSize(2);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	private long count(String sql) throws Exception {
		try (Connection c = this.target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
