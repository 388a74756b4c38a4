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
 * Three services, each the real jar in a process of its own, on one MariaDB database and one inbox: the
 * first is killed in the middle of a load while the two others wait for the run lock; they race for
 * the files, one of them resumes the killed run, and no file is loaded twice.
 */
class MySqlInboxServiceJarIntegrationTests {

	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	private final MySqlTestTarget target = new MySqlTestTarget("inbox_services");

	@TempDir
	Path dir;

	private final List<RowliftJar> jars = new ArrayList<>();

	@BeforeEach
	void database() throws Exception {
		this.target.requireServer();
		this.target.reset();
	}

	@AfterEach
	void cleanUp() throws Exception {
		this.jars.forEach(RowliftJar::killAll);
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
		List<String> args = new ArrayList<>();
		for (String option : this.target.options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}" : option);
		}
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=ints",
				"--rowlift.job.partitions=3", "--rowlift.job.chunk-size=2000", "--rowlift.schedule.fixed-delay=300ms", "--management.server.port=-1",
				"--rowlift.schedule.settle=0s"));

		// one jar (and one log) per service: an attempt's output is its part of its log
		RowliftJar jar1 = jar("1");
		RowliftJar jar2 = jar("2");
		RowliftJar jar3 = jar("3");
		List<String> paused = new ArrayList<>(args);
		paused.add("--rowlift.test.pause-at=load");
		RowliftJar.Attempt first = jar1.start("service 1, held inside the load of ints-a.csv", paused);
		await(jar1, "service 1 inside the load", () -> first.output().contains("rowlift-test: paused at load"), first);
		RowliftJar.Attempt second = jar2.start("service 2", args);
		RowliftJar.Attempt third = jar3.start("service 3", args);
		await(jar2, "service 2 finding the run lock held",
				() -> second.output().contains("another run holds the run lock of ints; the file waits"), second);
		await(jar3, "service 3 finding the run lock held",
				() -> third.output().contains("another run holds the run lock of ints; the file waits"), third);
		first.kill(); // services 2 and 3 race for the files, and one resumes the killed run
		await(jar2, "all six files in loaded/", () -> names(inbox.resolve("loaded")).equals(files), second, third);
		assertThat(signal(jar2, second, "TERM")).as(jar2.tail(20_000)).isZero();
		assertThat(signal(jar3, third, "TERM")).as(jar3.tail(20_000)).isZero();
		String logs = jar1.tail(20_000) + "\n" + jar2.tail(20_000) + "\n" + jar3.tail(20_000);

		assertThat(count("SELECT COUNT(*) FROM ints")).as(logs).isEqualTo(12_000 + 5 * 300);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(12_000 + 5 * 300);
		assertThat(names(inbox.resolve("loaded"))).as("each file archived once").isEqualTo(files);
		assertThat(names(inbox)).containsExactly("loaded");
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_INSTANCE")).as("one run per file").isEqualTo(6);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INBOX WHERE STATE = 'LOADED'")).isEqualTo(6);
		assertThat(count("SELECT ATTEMPTS FROM ROWLIFT_INBOX WHERE FILE_PATH LIKE '%ints-a.csv'"))
			.as("the killed attempt counts").isEqualTo(2);
		String resumedBy = second.output() + third.output();
		assertThat(resumedBy.split("run 1 resumed and completed", -1)).as("run 1 resumed once, by one of them\n" + logs).hasSize(2);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	private RowliftJar jar(String service) throws Exception {
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work-" + service)),
				this.dir.resolve("service-" + service + ".log"));
		this.jars.add(jar);
		return jar;
	}

	private long count(String sql) throws Exception {
		try (Connection c = this.target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
