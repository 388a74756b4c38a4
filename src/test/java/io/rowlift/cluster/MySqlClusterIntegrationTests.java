package io.rowlift.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RabbitBroker;
import io.rowlift.testsupport.RowliftJar;

/**
 * A manager and worker processes on this machine (the real jar each), RabbitMQ between them, MariaDB as
 * the target and the shared job repository: the file's rows land exactly once, whichever worker loads
 * which partition, when a worker is killed mid-run, when the manager is killed mid-run and its command
 * run again (it waits for the partitions its workers still run), and a worker that sees another file fails
 * its partition with a message naming its host, the path and what differs.
 */
class MySqlClusterIntegrationTests {

	static final Path MIGRATIONS = Path.of("src/test/resources/db/migration").toAbsolutePath();

	static final Duration WAIT = Duration.ofMinutes(4);

	private final MySqlTestTarget target = new MySqlTestTarget("cluster");

	private final RabbitBroker broker = new RabbitBroker();

	private final List<RowliftJar> jars = new ArrayList<>();

	@TempDir
	Path dir;

	@BeforeEach
	void servers() throws Exception {
		this.target.requireServer();
		this.broker.require();
		this.target.reset();
	}

	@AfterEach
	void cleanUp() throws Exception {
		this.jars.forEach(RowliftJar::killAll);
		this.target.dispose();
	}

	@Test
	void twoWorkersLoadTheManagersFileExactlyAndBothTakePartitions() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 60_000, 7);
		String queue = RabbitBroker.queue("two-workers");
		RowliftJar.Attempt w1 = jar("worker-1").start("worker 1", worker(queue));
		RowliftJar.Attempt w2 = jar("worker-2").start("worker 2", worker(queue));
		RowliftJar manager = jar("manager");
		awaitServing(w1, w2);

		List<String> args = manager(queue, file, "8", "60s");
		args.addAll(List.of("--rowlift.report.progress=lines", "--rowlift.report.progress-interval=200ms"));
		RowliftJar.Attempt run = manager.run("manager", args, WAIT);

		assertThat(run.exitCode()).as(logs()).isZero();
		assertExact(file, 60_000);
		String output = run.output();
		assertThat(output).as("the manager's progress reads the workers' partitions from the job repository\n" + logs())
			.containsPattern("rowlift: progress load [0-9.]+% [0-9.]+ of [0-9.]+ MiB, [1-9][0-9,]* rows");
		assertThat(output).as("the report names the worker of each partition")
			.containsPattern("  partition0 +COMPLETED .* worker " + java.util.regex.Pattern.quote(WorkerIdentity.host()) + ":[0-9]+");
		assertThat(w1.output()).as("worker 1 took partitions\n" + logs()).contains("loading loadWorker:partition");
		assertThat(w2.output()).as("worker 2 took partitions\n" + logs()).contains("loading loadWorker:partition");
	}

	@Test
	void aWorkerKilledMidRunThenTheManagersCommandAgainLoadsExactly() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 300_000, 11);
		String queue = RabbitBroker.queue("killed-worker");
		RowliftJar jar1 = jar("worker-1");
		RowliftJar.Attempt w1 = jar1.start("worker 1, killed mid-run", worker(queue));
		RowliftJar.Attempt w2 = jar("worker-2").start("worker 2", worker(queue));
		awaitServing(w1, w2);
		RowliftJar manager = jar("manager");
		RowliftJar.Attempt first = manager.start("manager", manager(queue, file, "6"));
		jar1.awaitOutput(w1, "loading loadWorker:partition", WAIT);
		Thread.sleep(1_500); // some chunks committed, the partition not done
		w1.kill();
		assertThat(first.waitFor(WAIT.toMillis())).as("the manager ends\n" + logs()).isTrue();
		int exit = first.exitCode();
		if (exit != 0) { // its partition's lease ran out before another worker took it over: the same command resumes it
			assertThat(exit).as(logs()).isEqualTo(1);
			RowliftJar.Attempt again = manager.run("manager, the same command again", manager(queue, file, "6"), WAIT);
			assertThat(again.exitCode()).as(logs()).isZero();
			assertThat(again.output()).contains("resumed");
		}
		assertExact(file, 300_000);
	}

	/**
	 * Issue 23, item 4, and Spring Batch #4011 and #5158: the manager is killed (SIGKILL) while a worker is inside
	 * partition 0 ({@code rowlift.test.pause-at=load} holds it in its second chunk until a file appears), and
	 * the same command is run again while the workers keep running. The restarted manager must find the
	 * partition running on its worker and wait for it, not start it again (one step execution per partition
	 * that was running, COMPLETED); the run must end COMPLETED, no execution left STARTED (#4011); and its
	 * aggregation, summary and report must count the partition the worker finished (#5158).
	 */
	@Test
	void aManagerKilledAndRestartedWaitsForThePartitionsItsWorkersStillRun() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 200_000, 17);
		String queue = RabbitBroker.queue("manager-restart");
		Path go = this.dir.resolve("go");
		List<String> pausing = worker(queue);
		pausing.addAll(List.of("--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + go));
		RowliftJar.Attempt w1 = jar("worker-1").start("worker 1", pausing);
		RowliftJar.Attempt w2 = jar("worker-2").start("worker 2", pausing);
		awaitServing(w1, w2);
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "4", "60s");
		RowliftJar.Attempt first = manager.start("manager, killed mid-run", command);
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!(w1.output().contains("rowlift-test: paused at load") || w2.output().contains("rowlift-test: paused at load"))) {
			assertThat(first.waitFor(100)).as("the manager runs until a worker holds partition 0\n" + logs()).isFalse();
			assertThat(System.nanoTime()).as("a worker in partition 0 within " + WAIT + "\n" + logs()).isLessThan(deadline);
		}
		List<String> running = strings("SELECT STEP_NAME FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%'"
				+ " AND STATUS = 'STARTED' ORDER BY STEP_NAME");
		assertThat(running).as("partition 0 runs on a worker, one chunk committed\n" + logs()).contains("loadWorker:partition0");
		first.kill();

		RowliftJar.Attempt again = manager.start("manager, the same command again", command);
		manager.awaitOutput(again, "still running on workers", WAIT);
		Files.createFile(go); // partition 0 goes on, on the worker that ran it all along
		assertThat(again.waitFor(WAIT.toMillis())).as("the restarted manager ends\n" + logs()).isTrue();

		assertThat(again.exitCode()).as(logs()).isZero();
		assertExact(file, 200_000);
		String host = java.util.regex.Pattern.quote(WorkerIdentity.host());
		String output = again.output();
		assertThat(output).as("it names the partitions it waits for and their workers\n" + logs())
			.containsPattern("rowlift: manager " + host + ":[0-9]+ found [1-4] partitions? of run [0-9]+ still running on workers \\("
					+ "(.*, )?partition0 on " + host + ":[0-9]+(, .*)?\\) and is waiting for (it|them) instead of starting (it|them) again");
		for (String partition : running) {
			assertThat(strings("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = '" + partition + "'"))
				.as(partition + " was running at the kill: its one execution completed, none started again\n" + logs())
				.containsExactly("COMPLETED");
		}
		assertThat(count("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%' AND STATUS = 'COMPLETED'"))
			.as("each of the 4 partitions completed once").isEqualTo(4);
		assertThat(count("SELECT COUNT(DISTINCT STEP_NAME) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%' AND STATUS = 'COMPLETED'"))
			.isEqualTo(4);
		// Spring Batch #4011: the killed manager's execution is not left STARTED; the restarted one completes the run
		assertThat(strings("SELECT STATUS FROM BATCH_JOB_EXECUTION ORDER BY JOB_EXECUTION_ID")).as(logs())
			.containsExactly("FAILED", "COMPLETED");
		// Spring Batch #5158: the restarted manager's load step aggregates the partition the worker finished
		long adoptedRead = count("SELECT SUM(READ_COUNT) FROM BATCH_STEP_EXECUTION s WHERE s.STEP_NAME = 'loadWorker:partition0'");
		assertThat(adoptedRead).isPositive();
		assertThat(count("SELECT READ_COUNT FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'load' AND JOB_EXECUTION_ID ="
				+ " (SELECT MAX(JOB_EXECUTION_ID) FROM BATCH_JOB_EXECUTION)"))
			.as("the restarted manager's load step counts the adopted partitions' records").isGreaterThanOrEqualTo(adoptedRead);
		assertThat(output).as("its summary and report count them\n" + logs())
			.contains("rows in all runs")
			.contains("read 200,000 = written 200,000")
			.containsPattern("  partition0 +COMPLETED .* worker " + host + ":[0-9]+");
	}

	@Test
	void aWorkerThatSeesAnotherFileFailsItsPartitionSayingWhatDiffers() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 5_000, 3);
		String queue = RabbitBroker.queue("other-file");
		RowliftJar manager = jar("manager");
		RowliftJar.Attempt run = manager.start("manager, its requests waiting for a worker", manager(queue, file, "2", "60s"));
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (partitionsCreated() < 2) {
			assertThat(run.waitFor(200)).as("the manager sends its requests\n" + logs()).isFalse();
			assertThat(System.nanoTime()).as("the partitions within " + WAIT + "\n" + logs()).isLessThan(deadline);
		}
		Files.writeString(file, "1,2\n", StandardOpenOption.APPEND); // the workers now see another file at that path
		RowliftJar.Attempt w1 = jar("worker").start("worker", worker(queue));
		assertThat(run.waitFor(WAIT.toMillis())).as("the manager ends\n" + logs()).isTrue();

		assertThat(run.exitCode()).as(logs()).isEqualTo(1);
		String output = run.output();
		assertThat(output).as(logs()).contains("worker " + WorkerIdentity.host() + ":")
			.contains(file.toRealPath() + " is not the file the manager loads: size")
			.contains("every worker must read the file the manager loads at the same path");
		assertThat(w1.output()).contains("ended FAILED");
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();
	}

	private List<String> common() {
		List<String> args = new ArrayList<>();
		for (String option : this.target.options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}" : option);
		}
		args.addAll(this.broker.options());
		return args;
	}

	private List<String> worker(String queue) {
		List<String> args = common();
		args.addAll(List.of("--rowlift.cluster.role=worker", "--rowlift.cluster.queue=" + queue, "--rowlift.job.threads=1",
				"--management.server.port=-1"));
		return args;
	}

	private List<String> manager(String queue, Path file, String partitions) {
		return manager(queue, file, partitions, "5s");
	}

	private List<String> manager(String queue, Path file, String partitions, String leaseTimeout) {
		List<String> args = common();
		args.addAll(List.of("--rowlift.cluster.role=manager", "--rowlift.cluster.queue=" + queue,
				"--rowlift.cluster.poll-interval=200ms", "--rowlift.cluster.lease-timeout=" + leaseTimeout, "--rowlift.source.path=" + file,
				"--rowlift.target.table=ints", "--rowlift.job.partitions=" + partitions, "--rowlift.job.chunk-size=1000"));
		return args;
	}

	private void awaitServing(RowliftJar.Attempt... workers) throws Exception {
		for (int i = 0; i < workers.length; i++) {
			this.jars.get(i).awaitOutput(workers[i], "serving partitions from queue", WAIT);
		}
	}

	/** The table holds every record of {@code file} once: the count, the distinct pairs and a sum of each column. */
	private void assertExact(Path file, long rows) throws Exception {
		long count = 0;
		long sum1 = 0;
		long sum2 = 0;
		try (BufferedReader in = Files.newBufferedReader(file)) {
			in.readLine();
			for (String line = in.readLine(); line != null; line = in.readLine()) {
				int comma = line.indexOf(',');
				sum1 += Long.parseLong(line.substring(0, comma)) % 1_000_003;
				sum2 += Long.parseLong(line.substring(comma + 1)) % 1_000_003;
				count++;
			}
		}
		assertThat(count).isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM ints")).as(logs()).isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(rows);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(sum1);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(sum2);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("every index rebuilt").isZero();
	}

	private RowliftJar jar(String name) throws Exception {
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work-" + name)), this.dir.resolve(name + ".log"));
		this.jars.add(jar);
		return jar;
	}

	private String logs() {
		StringBuilder all = new StringBuilder();
		for (RowliftJar jar : this.jars) {
			all.append("\n--- ").append(jar.log().getFileName()).append('\n').append(jar.tail(8_000));
		}
		return all.toString();
	}

	/** The partitions the manager has created so far (0 before it created Spring Batch's tables). */
	private long partitionsCreated() throws Exception {
		try {
			return count("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%'");
		}
		catch (java.sql.SQLSyntaxErrorException ex) {
			return 0;
		}
	}

	private List<String> strings(String sql) throws Exception {
		List<String> values = new ArrayList<>();
		try (Connection c = this.target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			while (rs.next()) {
				values.add(rs.getString(1));
			}
		}
		return values;
	}

	private long count(String sql) throws Exception {
		try (Connection c = this.target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
