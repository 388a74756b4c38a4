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
import org.junit.jupiter.api.Tag;
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
 * its partition with a message naming its host, the path and what differs; when RabbitMQ restarts mid-load,
 * and when two managers load two files into two tables at once through the same workers and queue; and
 * {@code rowlift.job.skip-limit} holds over all the workers of a run, at the manager's value, failing the run
 * as a local run fails.
 * <p>
 * The two tests that stop the broker are tagged {@code serial}: failsafe runs them alone, after the other
 * classes (pom.xml), because a broker restart drops every connection to it, and no other class uses the broker.
 * The other fifteen run in the parallel forks beside other classes: their deadlines (minutes, a 20 s lease, 90 s
 * for a takeover) leave room for a busy machine, and they wait on leases, heartbeats and their processes for
 * much of their time, so run alone after the forks they left part of the machine idle for minutes.
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
		RowliftJar.Attempt run = manager.runHere("manager", args, WAIT);

		assertThat(run.exitCode()).as(logs()).isZero();
		assertExact(file, 60_000);
		String output = run.output();
		assertThat(output).as("the manager's progress reads the workers' partitions from the job repository\n" + logs())
			.containsPattern("rowlift: progress load [0-9.]+% [0-9.]+ of [0-9.]+ MiB, [1-9][0-9,]* rows");
		assertThat(output).as("the report names the worker of each partition")
			.containsPattern("  partition0 +COMPLETED .* worker " + java.util.regex.Pattern.quote(WorkerIdentity.host()) + ":[0-9]+");
		assertThat(w1.output()).as("worker 1 took partitions\n" + logs()).contains("loading loadWorker:partition");
		assertThat(w2.output()).as("worker 2 took partitions\n" + logs()).contains("loading loadWorker:partition");
		// MariaDB keeps the job tables' times in whole seconds (Connector/J drops the fraction for its 5.5.5- version):
		// the partitions' own times (StepTimes) must reach the manager's table, not 0.00s or 1.00s for every partition
		List<String> times = java.util.regex.Pattern.compile("(?m)^  partition[0-9]+ +COMPLETED +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9.]+ +([0-9.]+)s ")
			.matcher(output).results().map(m -> m.group(1)).toList();
		assertThat(times).as("a time for each of the 8 partitions\n" + output).hasSize(8);
		assertThat(times).as("partition times to the hundredth, not whole seconds\n" + output).anyMatch(t -> !t.endsWith(".00"));
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
			RowliftJar.Attempt again = manager.runHere("manager, the same command again", manager(queue, file, "6"), WAIT);
			assertThat(again.exitCode()).as(logs()).isZero();
			assertThat(again.output()).contains("resumed");
		}
		assertExact(file, 300_000);
	}

	/**
	 * Issue 34, item 3: a worker killed (SIGKILL) while it holds partition 0 is known gone by its stopped heartbeat,
	 * and the other worker, handed the partition's request again by the broker, takes it over within seconds
	 * instead of waiting half the lease (here 5 of 10 minutes): the run completes, exit 0, within 90 s of the kill,
	 * every row once, each partition's one step execution COMPLETED; the manager's progress shows the wait,
	 * naming the killed worker, and the other worker says it took the partition over from it.
	 */
	@Test
	void aKilledWorkersPartitionIsTakenOverWithinSecondsNotAfterHalfTheLease() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 120_000, 13);
		String queue = RabbitBroker.queue("taken-over");
		Path go = this.dir.resolve("go");
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "6", "10m");
		// the manager's own threads load nothing in a cluster run: the summary gives the workers' (two of one thread)
		command.addAll(List.of("--rowlift.report.progress=lines", "--rowlift.report.progress-interval=200ms", "--rowlift.job.threads=4"));
		Held held = startHeld(manager, "manager", command, queue, go);
		long killed = System.nanoTime();
		held.holder().kill();
		Files.writeString(go, "go"); // the partition goes on where the other worker takes it over
		Duration bound = Duration.ofSeconds(90);

		assertThat(held.manager().waitFor(bound.toMillis()))
			.as("the run ends within " + bound + " of the kill, well before half the lease (5 min)\n" + logs()).isTrue();
		Duration took = Duration.ofNanos(System.nanoTime() - killed);
		assertThat(held.manager().exitCode()).as(logs()).isZero();
		assertExact(file, 120_000);
		assertPartitionsOnce("ints", 6, 120_000);
		String gone = java.util.regex.Pattern.quote(WorkerIdentity.host() + ":" + held.holder().pid());
		RowliftJar.Attempt other = held.holder() == held.first() ? held.second() : held.first();
		String taker = java.util.regex.Pattern.quote(WorkerIdentity.host() + ":" + other.pid());
		String output = held.manager().output();
		org.assertj.core.api.SoftAssertions.assertSoftly(soft -> {
			soft.assertThat(output).as("the summary speaks of this command's run: every row it loaded, the dead worker's too\n" + output)
				.contains("rowlift: run 1 completed: 120,000 rows from ")
				.doesNotContain("rows in all runs");
			soft.assertThat(output).as("the summary's threads are the workers' real concurrency\n" + output).contains("), 2 threads;");
			soft.assertThat(output).as("partition 0 credited to each worker for the rows it committed\n" + output)
				.containsPattern("(?m)^  partition0 +COMPLETED .* workers " + gone + " \\([0-9,]+ rows\\), " + taker + " \\([0-9,]+ rows\\)$");
			java.util.regex.Matcher time = java.util.regex.Pattern
				.compile("(?m)^  partition0 +COMPLETED +[0-9,]+ +[0-9,]+ +[0-9,]+ +[0-9.]+ +([0-9.]+)s ").matcher(output);
			soft.assertThat(time.find() ? Double.parseDouble(time.group(1)) : 0)
				.as("partition 0's time runs from its first worker's start, through the kill and the takeover (6 s of silence at least)\n"
						+ output)
				.isGreaterThan(6.0);
			soft.assertThat(output).as("the manager's progress shows the wait (" + took + " after the kill)\n" + logs())
				.containsPattern("partition 0 waits for worker " + gone + " \\(last seen [0-9]+ s ago\\)");
			soft.assertThat(other.output()).as(logs())
				.containsPattern("takes over loadWorker:partition0 of run 1 from worker " + gone + ", whose heartbeat stopped [0-9]+ s ago");
		});
	}

	/**
	 * Issue 34, item 3: a holder that is alive but frozen (SIGSTOP, as in a long GC pause) inside a chunk of
	 * partition 0, its rows written but not committed: its heartbeat stops, the broker hands its request to the
	 * other worker once the frozen worker's connection misses its broker heartbeats (2 s here), and the other
	 * worker takes the partition over and completes it. Only then does the frozen worker go on (SIGCONT) and commit
	 * its chunk: the step execution's version has moved, so the commit fails and its rows roll back, and nothing it
	 * writes after that changes the completed partition. The run completes exactly, and the partition's saved
	 * context is the taker's.
	 */
	@Test
	void aFrozenHolderThatWakesAfterATakeoverWritesNothing() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 120_000, 17);
		String queue = RabbitBroker.queue("frozen");
		Path go = this.dir.resolve("go");
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "6", "10m");
		Held held = startHeld(manager, "manager", command, queue, go, List.of("--spring.rabbitmq.requested-heartbeat=2s"));
		RowliftJar.Attempt other = held.holder() == held.first() ? held.second() : held.first();
		signal("STOP", held.holder());
		try {
			awaitOutput(other, "takes over loadWorker:partition0", "the other worker takes partition 0 over");
			Files.writeString(go, "go"); // the taker passes the pause; the frozen worker's pause ends as soon as it runs again
			// the harshest moment to wake: the partition has completed, the frozen worker still holds a chunk of it
			awaitOutput(other, "loadWorker:partition0 of run 1 ended COMPLETED", "the taker completes partition 0");
		}
		finally {
			signal("CONT", held.holder());
		}
		awaitOutput(held.holder(), "loadWorker:partition0 of run 1 ended", "the woken worker ends its attempt at partition 0");
		assertThat(held.manager().waitFor(WAIT.toMillis())).as(logs()).isTrue();

		assertThat(held.manager().exitCode()).as(logs()).isZero();
		assertExact(file, 120_000);
		assertPartitionsOnce("ints", 6, 120_000);
		try (Connection c = this.target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
				"SELECT s.WRITE_COUNT, COALESCE(x.SERIALIZED_CONTEXT, x.SHORT_CONTEXT) FROM BATCH_STEP_EXECUTION s"
						+ " JOIN BATCH_STEP_EXECUTION_CONTEXT x ON x.STEP_EXECUTION_ID = s.STEP_EXECUTION_ID"
						+ " WHERE s.STEP_NAME = 'loadWorker:partition0'")) {
			assertThat(rs.next()).isTrue();
			java.util.Map<String, Object> context = new org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer()
				.deserialize(new java.io.ByteArrayInputStream(rs.getString(2).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
			assertThat(context.get(io.rowlift.progress.PartitionProgress.WRITTEN)).as("partition 0's saved count is the taker's, "
					+ "not the woken worker's\n" + context + "\n" + logs()).isEqualTo(rs.getLong(1));
			assertThat(context.get(WorkerIdentity.KEY)).as("the partition names its taker").isEqualTo(WorkerIdentity.host() + ":" + other.pid());
		}
	}

	private void awaitOutput(RowliftJar.Attempt process, String text, String what) throws InterruptedException {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!process.output().contains(text)) {
			assertThat(System.nanoTime()).as(what + "\n" + logs()).isLessThan(deadline);
			Thread.sleep(100);
		}
	}

	private static void signal(String name, RowliftJar.Attempt process) throws Exception {
		assertThat(new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start().waitFor()).isZero();
	}

	/**
	 * Issue 34, item 11: a second worker on one host, configured with the first one's management port (here through
	 * the environment, as a shared setup would): exit 2 and one sentence naming {@code management.server.port} with
	 * a port to paste, not Spring's "Port ... was already in use" and exit 1; the same command with the advised
	 * option pasted as printed starts and serves, its health answering on that port: UP (a worker that serves is
	 * ready; its health was OUT_OF_SERVICE for its whole life before).
	 */
	@Test
	void aSecondWorkerOnTheFirstsPortIsToldToSetManagementServerPortAndFollowingItStartsIt() throws Exception {
		String queue = RabbitBroker.queue("port");
		int port;
		try (java.net.ServerSocket probe = new java.net.ServerSocket(0)) {
			port = probe.getLocalPort();
		}
		List<String> command = new ArrayList<>(worker(queue));
		command.remove("--management.server.port=-1"); // the port comes from the environment, as in a shared setup
		RowliftJar jar1 = jar("worker-1").withEnvironment("MANAGEMENT_SERVER_PORT", String.valueOf(port));
		RowliftJar.Attempt w1 = jar1.start("worker 1", command);
		jar1.awaitOutput(w1, "serving partitions from queue", WAIT);
		RowliftJar jar2 = jar("worker-2").withEnvironment("MANAGEMENT_SERVER_PORT", String.valueOf(port));

		RowliftJar.Attempt refused = jar2.run("worker 2, on worker 1's port", command, WAIT);

		assertThat(refused.exitCode()).as(logs()).isEqualTo(2);
		java.util.regex.Matcher advice = java.util.regex.Pattern
			.compile("(?m)^rowlift: port " + port + " is in use by another process \\(another Rowlift worker or service on this host\\?\\),"
					+ " and management.server.port gives this one's health and metrics that port: start it with"
					+ " (--management.server.port=([0-9]+)) \\(free now\\)$")
			.matcher(refused.output());
		assertThat(advice.find()).as(refused.output()).isTrue();
		List<String> followed = new ArrayList<>(command);
		followed.add(advice.group(1));
		RowliftJar.Attempt w2 = jar2.start("worker 2, the advice followed", followed);
		jar2.awaitOutput(w2, "serving partitions from queue", WAIT);
		java.net.http.HttpResponse<String> health = java.net.http.HttpClient.newHttpClient()
			.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + advice.group(2) + "/actuator/health"))
				.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
		// a worker serving requests is ready: its health is UP (200), not OUT_OF_SERVICE (503) for as long as it serves
		assertThat(health.statusCode() + " " + health.body()).as("worker 2's health on the advised port\n" + logs())
			.startsWith("200 ").contains("\"status\":\"UP\"");
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
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "4", "60s");
		RowliftJar.Attempt first = startHeld(manager, "manager, killed mid-run", command, queue, go).manager();
		List<String> running = strings("SELECT STEP_NAME FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%'"
				+ " AND STATUS = 'STARTED' ORDER BY STEP_NAME");
		assertThat(running).as("partition 0 runs on a worker, one chunk committed\n" + logs()).contains("loadWorker:partition0");
		first.kill();

		RowliftJar.Attempt again = restartAdopting(manager, "manager, the same command again", command);
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

	/**
	 * Issue 23, item 4: the lease of a partition a restarted manager waits for runs out. The manager is killed
	 * while a worker holds partition 0, restarted (it adopts the partition and waits), then the worker holding
	 * it is killed (SIGKILL): no chunk commit renews its lease, so after {@code lease-timeout} the restarted
	 * manager must take that worker as gone, mark the partition failed, name it and end with exit 1, the other
	 * partitions done by the live worker; the same command then resumes partition 0 from its saved position.
	 */
	@Test
	void aLeaseThatRunsOutWhileARestartedManagerWaitsEndsThatPartitionAndTheSameCommandResumesIt() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 200_000, 23);
		String queue = RabbitBroker.queue("adopted-lease");
		Path go = this.dir.resolve("go");
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "4", "20s"); // room for a slow restart before the held partition's lease runs out
		Held held = startHeld(manager, "manager, killed mid-run", command, queue, go);
		held.manager().kill();

		RowliftJar.Attempt again = restartAdopting(manager, "manager, restarted", command);
		held.holder().kill(); // partition 0's worker is gone: its lease is no longer renewed
		assertThat(again.waitFor(WAIT.toMillis())).as("the restarted manager ends\n" + logs()).isTrue();
		assertThat(again.exitCode()).as(logs()).isEqualTo(1);
		assertThat(again.output()).as(logs())
			.containsPattern("run 1 failed: loadWorker:partition0: its worker [^ ]+ committed nothing for 20 s \\(rowlift.cluster.lease-timeout\\)"
					+ " and is taken as gone; run the same command again to resume the partition from its last commit");
		assertThat(strings("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'loadWorker:partition0'"))
			.as("the adopted partition was ended as failed, not left STARTED\n" + logs()).containsExactly("FAILED");
		long saved = count("SELECT COUNT(*) FROM ints");
		assertThat(saved).as("partition 0's committed chunk and the other partitions stay\n" + logs()).isPositive().isLessThan(200_000L);

		Files.createFile(go); // the next holder of partition 0 (the live worker) must not wait
		RowliftJar.Attempt third = manager.runHere("manager, the same command again", command, WAIT);
		assertThat(third.exitCode()).as(logs()).isZero();
		assertThat(third.output()).contains("resumed");
		assertExact(file, 200_000);
		assertThat(count("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'loadWorker:partition0'"))
			.as("partition 0: the failed execution and the resumed one").isEqualTo(2);
	}

	/**
	 * Issue 23, item 4: a manager killed, restarted, and the restarted one killed too while it waits. The third
	 * start must adopt the partition again (its worker still runs it), wait for it and end the run exactly: each
	 * partition completed once, the two killed executions FAILED, none left STARTED.
	 */
	@Test
	void aManagerRestartedTwiceStillWaitsForThePartitionsItsWorkersRun() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 200_000, 29);
		String queue = RabbitBroker.queue("manager-twice");
		Path go = this.dir.resolve("go");
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "4", "60s");
		Held held = startHeld(manager, "manager, killed mid-run", command, queue, go);
		held.manager().kill();

		restartAdopting(manager, "manager, restarted and killed again", command).kill();
		RowliftJar.Attempt third = restartAdopting(manager, "manager, restarted a second time", command);
		Files.createFile(go);
		assertThat(third.waitFor(WAIT.toMillis())).as("the third manager ends\n" + logs()).isTrue();
		assertThat(third.exitCode()).as(logs()).isZero();
		assertExact(file, 200_000);
		assertThat(strings("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'loadWorker:partition0'"))
			.as("partition 0 ran once, on the worker that held it all along\n" + logs()).containsExactly("COMPLETED");
		assertThat(count("SELECT COUNT(*) FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%' AND STATUS = 'COMPLETED'"))
			.as("each of the 4 partitions completed once").isEqualTo(4);
		assertThat(strings("SELECT STATUS FROM BATCH_JOB_EXECUTION ORDER BY JOB_EXECUTION_ID")).as(logs())
			.containsExactly("FAILED", "FAILED", "COMPLETED");
		assertThat(third.output()).contains("read 200,000 = written 200,000");
	}

	/**
	 * Issue 23, item 4, and the contract's "start over": a manager killed while a worker holds partition 0 (one
	 * chunk committed, the next one open), then a start-over, following the refusal's advice literally. The
	 * start-over alone is refused, since the run committed rows (exit 3, nothing written, the held partition
	 * left running); with {@code rowlift.target.mode=truncate} as the refusal names it, the run is abandoned, the
	 * held partition is marked failed, and once it is let go its open chunk must roll back (its commit fails on
	 * the step execution the start-over changed) instead of landing in the new load: the table holds the file
	 * once.
	 */
	@Test
	void aStartOverWhileAWorkerStillRunsAPartitionStopsItAndLoadsTheFileOnce() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 200_000, 31);
		String queue = RabbitBroker.queue("start-over");
		Path go = this.dir.resolve("go");
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "4", "60s");
		Held held = startHeld(manager, "manager, killed mid-run", command, queue, go);
		held.manager().kill();

		List<String> startOver = new ArrayList<>(command);
		startOver.add("--rowlift.job.start-over=true");
		RowliftJar.Attempt refused = manager.run("manager, start-over alone", startOver, WAIT);
		assertThat(refused.exitCode()).as(logs()).isEqualTo(3);
		assertThat(refused.output()).as(logs()).contains("start-over refused: run 1 (FAILED) committed ")
			.contains("Nothing was written. Set one of these too (with rowlift.job.start-over=true): rowlift.target.mode=truncate");
		assertThat(strings("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'loadWorker:partition0'"))
			.as("the refusal leaves the held partition running\n" + logs()).containsExactly("STARTED");

		startOver.add("--rowlift.target.mode=truncate");
		RowliftJar.Attempt again = manager.start("manager, start-over with truncate", startOver);
		manager.awaitOutput(again, "abandoning unfinished run 1 (rowlift.job.start-over=true)", WAIT);
		Files.createFile(go); // the held partition's open chunk goes on to its commit, which must fail
		assertThat(again.waitFor(WAIT.toMillis())).as("the start-over ends\n" + logs()).isTrue();

		assertThat(again.exitCode()).as(logs()).isZero();
		assertThat(again.output()).contains("read 200,000 = written 200,000");
		assertExact(file, 200_000);
		assertThat(strings("SELECT STATUS FROM BATCH_JOB_EXECUTION ORDER BY JOB_EXECUTION_ID")).as(logs())
			.containsExactly("ABANDONED", "COMPLETED");
		assertThat(strings("SELECT s.STATUS FROM BATCH_STEP_EXECUTION s JOIN BATCH_JOB_EXECUTION j"
				+ " ON s.JOB_EXECUTION_ID = j.JOB_EXECUTION_ID WHERE s.STEP_NAME = 'loadWorker:partition0' ORDER BY j.JOB_EXECUTION_ID"))
			.as("the abandoned run's partition 0 stopped as failed; the new run's completed\n" + logs())
			.containsExactly("FAILED", "COMPLETED");
	}

	/**
	 * Issue 23, item 1: a stop reaches partitions on other machines through the job repository. SIGTERM to the
	 * manager while a worker is inside partition 0 (held in its second chunk until a file appears): the manager
	 * says it stops at the next chunk boundary and ends with exit 1 once its workers have stopped (the held
	 * partition, released, stops at its next chunk boundary instead of running to its end); the same command
	 * then resumes the stopped partitions and loads the file exactly.
	 */
	@Test
	void aSignalToTheManagerStopsThePartitionsOnItsWorkersAndTheSameCommandResumesThem() throws Exception {
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 200_000, 19);
		String queue = RabbitBroker.queue("manager-stop");
		Path go = this.dir.resolve("go");
		RowliftJar manager = jar("manager");
		List<String> command = manager(queue, file, "4", "60s");
		RowliftJar.Attempt first = startHeld(manager, "manager, stopped by SIGTERM", command, queue, go).manager();
		assertThat(new ProcessBuilder("kill", "-TERM", String.valueOf(first.pid())).start().waitFor()).isZero();
		manager.awaitOutput(first, "SIGTERM received: stopping at the next chunk boundary", WAIT);
		Files.createFile(go); // partition 0 goes on to its next chunk boundary, where it sees the stop
		assertThat(first.waitFor(WAIT.toMillis())).as("the stopped manager ends\n" + logs()).isTrue();

		assertThat(first.exitCode()).as(logs()).isEqualTo(1);
		assertThat(first.output()).contains("run 1 stopped").contains("run the same command again to resume");
		assertThat(count("SELECT COUNT(*) FROM ints")).as("stopped before the end\n" + logs()).isLessThan(200_000L);
		assertThat(strings("SELECT STATUS FROM BATCH_STEP_EXECUTION WHERE STEP_NAME = 'loadWorker:partition0'"))
			.as("the held partition stopped on its worker, not run to its end\n" + logs()).containsExactly("STOPPED");

		RowliftJar.Attempt again = manager.runHere("manager, the same command again", command, WAIT);
		assertThat(again.exitCode()).as(logs()).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed");
		assertExact(file, 200_000);
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

	/**
	 * Issue 23 item 4: RabbitMQ stopped and started again while two partitions run (held in their second
	 * chunk) and six requests wait in the queue. The running partitions end while the broker is down, so
	 * their acknowledgements are lost and the broker hands their requests out again, which the workers drop
	 * as ended; the workers' consumers try to reconnect until the broker answers and then take the six
	 * requests that waited through the restart (durable queue, persistent messages the broker confirmed).
	 * No partition runs twice, the manager (which waits on the job repository, not on the broker) ends 0,
	 * and the table holds the file exactly.
	 */
	@Test
	@Tag("serial") // stops the broker: alone, after the forks (pom.xml)
	void aBrokerRestartedMidLoadLosesNoRequestAndRunsNoPartitionTwice() throws Exception {
		this.broker.requireControl();
		long rows = 200_000;
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", rows, 13);
		Path resume = this.dir.resolve("resume");
		String queue = RabbitBroker.queue("broker-restart");
		List<String> held = List.of("--rowlift.test.pause-at=load-streams", "--rowlift.test.resume-when=" + resume);
		RowliftJar.Attempt w1 = jar("worker-1").start("worker 1", worker(queue, held));
		RowliftJar.Attempt w2 = jar("worker-2").start("worker 2", worker(queue, held));
		awaitServing(w1, w2);
		RowliftJar.Attempt run = jar("manager").start("manager", manager(queue, file, "ints", "8", "60s"));
		this.jars.get(0).awaitOutput(w1, "rowlift-test: paused at load-streams in partition", WAIT);
		this.jars.get(1).awaitOutput(w2, "rowlift-test: paused at load-streams in partition", WAIT);
		assertThat(this.broker.depth(queue)).as("two requests being run, six waiting, as the broker stops\n" + logs())
			.isEqualTo(new RabbitBroker.Depth(6, 2));
		try (RabbitBroker.Outage outage = this.broker.stop()) {
			Files.createFile(resume); // the two partitions end now, their acknowledgements have no connection to go over
			for (int i = 0; i < 2; i++) {
				RowliftJar.Attempt worker = i == 0 ? w1 : w2;
				this.jars.get(i).awaitOutput(worker, "ended COMPLETED", WAIT);
				this.jars.get(i).awaitOutput(worker, "AmqpConnectException: java.net.ConnectException: Connection refused", WAIT);
			}
			assertThat(run.waitFor(0)).as("the manager waits through the outage\n" + logs()).isFalse();
		}
		assertThat(run.waitFor(WAIT.toMillis())).as("the manager ends\n" + logs()).isTrue();

		assertThat(run.exitCode()).as(logs()).isZero();
		assertExact(file, rows);
		assertPartitionsOnce("ints", 8, rows);
		assertThat(loadsByWorkers(w1, w2)).as("each partition started once, over both workers: the six after the restart\n" + logs())
			.hasSize(8)
			.allSatisfy((partition, starts) -> assertThat(starts).as(partition).isEqualTo(1));
		String workers = w1.output() + w2.output();
		assertThat(workers.split("has ended already \\(COMPLETED\\): nothing to do", -1))
			.as("the two requests handed out again after the restart were dropped\n" + logs())
			.hasSize(3);
	}

	/**
	 * A manager that sends while RabbitMQ is down says so once and tries again until the broker takes its
	 * requests (it waits up to the lease timeout); the load then ends as any other, exit 0, exact.
	 */
	@Test
	@Tag("serial") // stops the broker: alone, after the forks (pom.xml)
	void aManagerWhoseBrokerIsDownSendsWhenItIsBack() throws Exception {
		this.broker.requireControl();
		Path file = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 20_000, 23);
		String queue = RabbitBroker.queue("manager-waits");
		RowliftJar.Attempt w1 = jar("worker").start("worker", worker(queue));
		awaitServing(w1);
		RowliftJar manager = jar("manager");
		RowliftJar.Attempt run;
		try (RabbitBroker.Outage outage = this.broker.stop()) {
			run = manager.start("manager, the broker down", manager(queue, file, "ints", "2", "60s"));
			manager.awaitOutput(run, "did not take the request for loadWorker step execution", WAIT);
		}
		assertThat(run.waitFor(WAIT.toMillis())).as("the manager ends\n" + logs()).isTrue();

		assertThat(run.exitCode()).as(logs()).isZero();
		assertThat(run.output()).as(logs())
			.containsPattern("rowlift: RabbitMQ at " + java.util.regex.Pattern.quote(this.broker.address()) + " did not take the request for loadWorker step execution [0-9]+"
					+ " \\(.*Connection refused\\); trying again every 200 ms for up to 60 s \\(rowlift.cluster.lease-timeout\\)")
			.containsPattern("rowlift: RabbitMQ at " + java.util.regex.Pattern.quote(this.broker.address()) + " took the request for loadWorker step execution [0-9]+ again");
		assertExact(file, 20_000);
		assertPartitionsOnce("ints", 2, 20_000);
	}

	/**
	 * Spring Batch #4945 (with replies on a shared channel, one run's end was taken for another's): two
	 * managers at once, two files into two tables of one database, the same workers and the same queue.
	 * Each manager reads only its own job execution's partitions from the job repository, so each ends 0
	 * with its table exact, and the workers ran each partition of each load once, against its own file.
	 */
	@Test
	void twoManagersAtOnceOnOneQueueEachEndExactWithTheirOwnPartitions() throws Exception {
		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 80_000, 17);
		Path wide = GenCsv.write(this.dir.resolve("wide.csv"), "wide", 30_000, 19);
		String queue = RabbitBroker.queue("two-managers");
		RowliftJar.Attempt w1 = jar("worker-1").start("worker 1", worker(queue));
		RowliftJar.Attempt w2 = jar("worker-2").start("worker 2", worker(queue));
		awaitServing(w1, w2);
		RowliftJar.Attempt intsRun = jar("manager-ints").start("manager of ints", manager(queue, ints, "ints", "4", "60s"));
		RowliftJar.Attempt wideRun = jar("manager-wide").start("manager of wide", manager(queue, wide, "wide", "4", "60s"));
		assertThat(intsRun.waitFor(WAIT.toMillis())).as("the manager of ints ends\n" + logs()).isTrue();
		assertThat(wideRun.waitFor(WAIT.toMillis())).as("the manager of wide ends\n" + logs()).isTrue();

		assertThat(intsRun.exitCode()).as(logs()).isZero();
		assertThat(wideRun.exitCode()).as(logs()).isZero();
		assertExact(ints, 80_000);
		assertExact(wide, 30_000, "wide", "id", "number");
		assertPartitionsOnce("ints", 4, 80_000);
		assertPartitionsOnce("wide", 4, 30_000);
		java.util.Map<String, Integer> loads = loadsByWorkers(w1, w2);
		assertThat(loads).as("each partition of each load started once, over both workers\n" + logs())
			.hasSize(8)
			.allSatisfy((partition, starts) -> assertThat(starts).as(partition).isEqualTo(1));
		assertThat(loads.keySet()).filteredOn(load -> load.endsWith("ints.csv)")).as("partitions loaded with ints.csv").hasSize(4);
		assertThat(loads.keySet()).filteredOn(load -> load.endsWith("wide.csv)")).as("partitions loaded with wide.csv").hasSize(4);
		assertThat(runsOf(loads, "ints.csv")).as("the workers ran the 4 partitions of one run with ints.csv\n" + loads).hasSize(1);
		assertThat(runsOf(loads, "wide.csv")).as("the workers ran the 4 partitions of one run with wide.csv\n" + loads).hasSize(1)
			.doesNotContainAnyElementsOf(runsOf(loads, "ints.csv"));
	}

	/** The runs ({@code run R}) of the loads the workers started with the file named {@code name}. */
	/**
	 * Issue 23: one reject budget per run over all its workers. Eight bad records, one in each of eight
	 * partitions, and {@code rowlift.job.skip-limit=7}, also each worker's own setting: a budget of each
	 * worker's own (as before) would let both workers' shares through; the run's budget fails at the eighth,
	 * exactly as a local run of the same file fails (its exit code and the line naming the number and the
	 * limit). The same command with the limit 8 resumes the run and completes it, every reject recorded.
	 */
	@Test
	void theSkipLimitHoldsOverAllTheWorkersOfARunAsInALocalRun() throws Exception {
		Path file = badRecords(this.dir.resolve("bad.csv"), "value_1,value_2", 8_000, 1_000);
		MySqlTestTarget local = new MySqlTestTarget("cluster_local");
		local.reset();
		RowliftJar.Attempt alone;
		try {
			List<String> args = options(local);
			args.addAll(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=ints", "--rowlift.job.partitions=8",
					"--rowlift.job.chunk-size=1000", "--rowlift.job.threads=2", "--rowlift.job.skip-limit=7"));
			alone = jar("local").run("a local run", args, WAIT);
		}
		finally {
			local.dispose();
		}
		String limitLine = "That is bad record number 8, more than rowlift.job.skip-limit=7 allows: fix the file, or raise the limit"
				+ " and run the same command again to resume";
		assertThat(alone.exitCode()).as("the local run fails at the eighth bad record\n" + logs()).isEqualTo(1);
		assertThat(alone.output()).as(logs()).contains(limitLine);

		String queue = RabbitBroker.queue("skip-limit");
		RowliftJar jar1 = jar("worker-1");
		RowliftJar jar2 = jar("worker-2");
		RowliftJar.Attempt w1 = jar1.start("worker 1", worker(queue, List.of("--rowlift.job.skip-limit=7")));
		RowliftJar.Attempt w2 = jar2.start("worker 2", worker(queue, List.of("--rowlift.job.skip-limit=7")));
		RowliftJar manager = jar("manager");
		jar1.awaitOutput(w1, "serving partitions from queue", WAIT);
		jar2.awaitOutput(w2, "serving partitions from queue", WAIT);
		List<String> args = manager(queue, file, "8", "60s");
		args.add("--rowlift.job.skip-limit=7");
		RowliftJar.Attempt failed = manager.run("manager, skip-limit 7", args, WAIT);

		assertThat(failed.exitCode()).as("the run fails as the local run did\n" + logs()).isEqualTo(alone.exitCode());
		assertThat(failed.output()).as(logs()).contains(limitLine);
		// which bad record meets the spent budget, and the rows committed by then, depend on the partitions' timing
		assertThat(failureLines(failed.output(), file)).as("the manager's failure, as a local run's\n" + logs())
			.isEqualTo(failureLines(alone.output(), file))
			.hasSize(3);
		assertThat(w1.output()).as("worker 1 took partitions\n" + logs()).contains("loading loadWorker:partition");
		assertThat(w2.output()).as("worker 2 took partitions\n" + logs()).contains("loading loadWorker:partition");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_REJECT")).as("rejects committed within the limit").isLessThanOrEqualTo(7);

		args.set(args.size() - 1, "--rowlift.job.skip-limit=8");
		RowliftJar.Attempt again = manager.runHere("manager, skip-limit 8", args, WAIT);
		assertThat(again.exitCode()).as(logs()).isZero();
		assertThat(again.output()).contains("resumed");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_REJECT")).as("every bad record rejected once\n" + logs()).isEqualTo(8);
		assertThat(strings("SELECT LINE FROM ROWLIFT_REJECT ORDER BY LINE"))
			.containsExactly("502", "1502", "2502", "3502", "4502", "5502", "6502", "7502");
		assertThat(count("SELECT COUNT(*) FROM ints")).as(logs()).isEqualTo(8_000 - 8);
		assertThat(count("SELECT COUNT(DISTINCT value_1) FROM ints")).isEqualTo(8_000 - 8);
	}

	/**
	 * Issue 23: a worker counts against the manager's {@code rowlift.job.skip-limit}, not its own. Workers
	 * set to tolerate 100 bad records fail the run at the manager's 7; workers set to tolerate none (the
	 * default) let a run with the manager's 8 complete.
	 */
	@Test
	void aWorkerUsesTheManagersSkipLimitNotItsOwn() throws Exception {
		Path file = badRecords(this.dir.resolve("bad.csv"), "value_1,value_2", 8_000, 1_000);
		String queue = RabbitBroker.queue("run-settings");
		RowliftJar.Attempt w1 = jar("worker-1").start("worker 1, its own skip-limit 100",
				worker(queue, List.of("--rowlift.job.skip-limit=100")));
		RowliftJar.Attempt w2 = jar("worker-2").start("worker 2, its own skip-limit 100",
				worker(queue, List.of("--rowlift.job.skip-limit=100")));
		RowliftJar manager = jar("manager");
		awaitServing(w1, w2);
		List<String> args = manager(queue, file, "8", "60s");
		args.add("--rowlift.job.skip-limit=7");
		RowliftJar.Attempt failed = manager.run("manager, skip-limit 7", args, WAIT);
		assertThat(failed.exitCode()).as(logs()).isEqualTo(1);
		assertThat(failed.output()).as(logs() + failedPartitions()).contains("That is bad record number 8, more than rowlift.job.skip-limit=7 allows");
		w1.kill();
		w2.kill();

		Path other = badRecords(this.dir.resolve("plain.csv"), "a,b", 8_000, 1_000);
		String second = RabbitBroker.queue("run-settings-0");
		RowliftJar.Attempt w3 = jar("worker-3").start("worker 3, skip-limit 0", worker(second));
		RowliftJar.Attempt w4 = jar("worker-4").start("worker 4, skip-limit 0", worker(second));
		this.jars.get(this.jars.size() - 2).awaitOutput(w3, "serving partitions from queue", WAIT);
		this.jars.get(this.jars.size() - 1).awaitOutput(w4, "serving partitions from queue", WAIT);
		List<String> eight = manager(second, other, "plain", "8", "60s");
		eight.add("--rowlift.job.skip-limit=8");
		RowliftJar.Attempt done = jar("manager-2").run("manager, skip-limit 8", eight, WAIT);
		assertThat(done.exitCode()).as(logs()).isZero();
		assertThat(count("SELECT COUNT(*) FROM plain")).as(logs()).isEqualTo(8_000 - 8);
	}

	/**
	 * Issue 23, the Spring pipeline: its skip policy counts each bad record against the run's shared budget in
	 * the chunk's transaction too, so the limit holds over both workers, and the message is a local run's.
	 */
	@Test
	
	void theSpringPipelinesSkipLimitHoldsOverAllTheWorkersToo() throws Exception {
		Path file = badRecords(this.dir.resolve("bad.csv"), "value_1,value_2", 8_000, 1_000);
		String queue = RabbitBroker.queue("spring-skip-limit");
		RowliftJar jar1 = jar("worker-1");
		RowliftJar jar2 = jar("worker-2");
		// each failed partition's worker waits in afterStep, after Spring Batch saved the status FAILED and before the bad
		// record is handed over: the manager must wait for the message (seen in a full verify without the delay, and
		// here once in ten runs)
		List<String> slow = List.of("--rowlift.test.slow-failed-after-step=1000");
		RowliftJar.Attempt w1 = jar1.start("worker 1", worker(queue, slow));
		RowliftJar.Attempt w2 = jar2.start("worker 2", worker(queue, slow));
		RowliftJar manager = jar("manager");
		jar1.awaitOutput(w1, "serving partitions from queue", WAIT);
		jar2.awaitOutput(w2, "serving partitions from queue", WAIT);
		List<String> args = manager(queue, file, "8", "60s");
		args.addAll(List.of("--rowlift.job.pipeline=spring", "--rowlift.job.skip-limit=7"));
		RowliftJar.Attempt failed = manager.run("manager, spring pipeline, skip-limit 7", args, WAIT);
		assertThat(failed.exitCode()).as(logs()).isEqualTo(1);
		assertThat(failed.output()).as(logs() + failedPartitions()).contains("That is bad record number 8, more than rowlift.job.skip-limit=7 allows");

		args.set(args.size() - 1, "--rowlift.job.skip-limit=8");
		RowliftJar.Attempt again = manager.runHere("manager, spring pipeline, skip-limit 8", args, WAIT);
		assertThat(again.exitCode()).as(logs()).isZero();
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_REJECT")).as("every bad record rejected once\n" + logs()).isEqualTo(8);
		assertThat(count("SELECT COUNT(*) FROM ints")).as(logs()).isEqualTo(8_000 - 8);
	}

	/**
	 * A file of {@code rows} records under {@code header}, {@code i,7i}, each {@code every}-th one from the
	 * middle of the first block on bad ({@code x} in a BIGINT column): one per partition when the file is split
	 * into {@code rows / every} partitions.
	 */
	private static Path badRecords(Path file, String header, int rows, int every) throws Exception {
		StringBuilder csv = new StringBuilder(header).append('\n');
		for (int i = 0; i < rows; i++) {
			csv.append(i % every == every / 2 ? "x" : Integer.toString(i)).append(',').append(7L * i).append('\n');
		}
		return Files.writeString(file, csv);
	}

	/**
	 * The lines a failed run names its bad record and what to do with (the record's location and problem, the
	 * number and the limit, the advice), numbers as {@code N}.
	 */
	private static List<String> failureLines(String output, Path file) {
		List<String> lines = new ArrayList<>();
		String[] all = output.split("\n");
		for (int i = 0; i < all.length; i++) {
			if (all[i].startsWith("rowlift: run 1 failed: " + file + ":") && i + 1 < all.length) {
				lines.add(all[i]);
				lines.add(all[i + 1]);
			}
			else if (all[i].startsWith("rowlift: this is an error in " + file)) {
				lines.add(all[i]);
			}
		}
		return lines.stream().map(line -> line.replaceAll("[0-9][0-9,]*", "N")).toList();
	}

	/** {@code target}'s options with the tests' migrations. */
	private static List<String> options(MySqlTestTarget target) {
		List<String> args = new ArrayList<>();
		for (String option : target.options()) {
			args.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + MIGRATIONS + "/{vendor}" : option);
		}
		return args;
	}

	private static java.util.Set<String> runsOf(java.util.Map<String, Integer> loads, String name) {
		java.util.Set<String> runs = new java.util.TreeSet<>();
		for (String load : loads.keySet()) {
			if (load.endsWith(java.io.File.separator + name + ")")) {
				runs.add(load.replaceAll(".* (run [0-9]+) .*", "$1"));
			}
		}
		return runs;
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
		return worker(queue, List.of());
	}

	private List<String> worker(String queue, List<String> more) {
		List<String> args = common();
		args.addAll(List.of("--rowlift.cluster.role=worker", "--rowlift.cluster.queue=" + queue, "--rowlift.job.threads=1",
				"--management.server.port=-1"));
		args.addAll(more);
		return args;
	}

	private List<String> manager(String queue, Path file, String partitions) {
		return manager(queue, file, partitions, "5s");
	}

	private List<String> manager(String queue, Path file, String partitions, String leaseTimeout) {
		return manager(queue, file, "ints", partitions, leaseTimeout);
	}

	private List<String> manager(String queue, Path file, String table, String partitions, String leaseTimeout) {
		List<String> args = common();
		args.addAll(List.of("--rowlift.cluster.role=manager", "--rowlift.cluster.queue=" + queue,
				"--rowlift.cluster.poll-interval=200ms", "--rowlift.cluster.lease-timeout=" + leaseTimeout, "--rowlift.source.path=" + file,
				"--rowlift.target.table=" + table, "--rowlift.job.partitions=" + partitions, "--rowlift.job.chunk-size=1000"));
		return args;
	}

	/**
	 * Two workers that hold partition 0 in its second chunk until {@code go} exists
	 * ({@code rowlift.test.pause-at=load}), then {@code manager} started with {@code command}; returns once a
	 * worker holds the partition, the manager still running.
	 */
	private Held startHeld(RowliftJar manager, String label, List<String> command, String queue, Path go)
			throws Exception {
		return startHeld(manager, label, command, queue, go, List.of());
	}

	/** {@link #startHeld(RowliftJar, String, List, String, Path)} with {@code more} options for the workers. */
	private Held startHeld(RowliftJar manager, String label, List<String> command, String queue, Path go, List<String> more)
			throws Exception {
		List<String> pausing = worker(queue, more);
		pausing.addAll(List.of("--rowlift.test.pause-at=load", "--rowlift.test.resume-when=" + go));
		RowliftJar jar1 = jar("worker-1");
		RowliftJar jar2 = jar("worker-2");
		RowliftJar.Attempt w1 = jar1.start("worker 1", pausing);
		RowliftJar.Attempt w2 = jar2.start("worker 2", pausing);
		jar1.awaitOutput(w1, "serving partitions from queue", WAIT);
		jar2.awaitOutput(w2, "serving partitions from queue", WAIT);
		RowliftJar.Attempt run = manager.start(label, command);
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (!(w1.output().contains("rowlift-test: paused at load") || w2.output().contains("rowlift-test: paused at load"))) {
			assertThat(run.waitFor(100)).as("the manager runs until a worker holds partition 0\n" + logs()).isFalse();
			assertThat(System.nanoTime()).as("a worker in partition 0 within " + WAIT + "\n" + logs()).isLessThan(deadline);
		}
		return new Held(run, w1.output().contains("rowlift-test: paused at load") ? w1 : w2, w1, w2);
	}

	/** {@code manager} started again with {@code command}; returns once it says it waits for partitions still running on workers. */
	private RowliftJar.Attempt restartAdopting(RowliftJar manager, String label, List<String> command) throws Exception {
		RowliftJar.Attempt attempt = manager.start(label, command);
		manager.awaitOutput(attempt, "still running on workers", WAIT);
		return attempt;
	}

	/** A manager started by {@link #startHeld}, the worker that holds partition 0, and both workers. */
	private record Held(RowliftJar.Attempt manager, RowliftJar.Attempt holder, RowliftJar.Attempt first, RowliftJar.Attempt second) {
	}

	private void awaitServing(RowliftJar.Attempt... workers) throws Exception {
		for (int i = 0; i < workers.length; i++) {
			this.jars.get(i).awaitOutput(workers[i], "serving partitions from queue", WAIT);
		}
	}

	/** The table {@code ints} holds every record of {@code file} once: the count, the distinct pairs and a sum of each column. */
	private void assertExact(Path file, long rows) throws Exception {
		assertExact(file, rows, "ints", "value_1", "value_2");
	}

	/**
	 * {@code table} holds every record of {@code file} once: the count, the distinct pairs of the file's two
	 * first fields (plain numbers, in columns {@code first} and {@code second}) and a sum of each.
	 */
	private void assertExact(Path file, long rows, String table, String first, String second) throws Exception {
		long count = 0;
		long sum1 = 0;
		long sum2 = 0;
		try (BufferedReader in = Files.newBufferedReader(file)) {
			in.readLine();
			for (String line = in.readLine(); line != null; line = in.readLine()) {
				String[] fields = line.split(",", 3);
				sum1 += Long.parseLong(fields[0]) % 1_000_003;
				sum2 += Long.parseLong(fields[1]) % 1_000_003;
				count++;
			}
		}
		assertThat(count).isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM " + table)).as(table + "\n" + logs()).isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT " + first + ", " + second + " FROM " + table + ") d")).as(table).isEqualTo(rows);
		assertThat(count("SELECT SUM(" + first + " % 1000003) FROM " + table)).as(table).isEqualTo(sum1);
		assertThat(count("SELECT SUM(" + second + " % 1000003) FROM " + table)).as(table).isEqualTo(sum2);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).as("every index rebuilt").isZero();
	}

	/**
	 * The load into {@code table} ran each of its {@code partitions} once: one step execution per
	 * partition in the job repository, each COMPLETED, their writes adding up to {@code rows}.
	 */
	private void assertPartitionsOnce(String table, int partitions, long rows) throws Exception {
		List<String> ended = new ArrayList<>();
		long written = 0;
		try (Connection c = this.target.connect();
				java.sql.PreparedStatement ps = c.prepareStatement("SELECT s.STEP_NAME, s.STATUS, s.WRITE_COUNT FROM BATCH_STEP_EXECUTION s"
						+ " JOIN BATCH_JOB_EXECUTION_PARAMS p ON p.JOB_EXECUTION_ID = s.JOB_EXECUTION_ID"
						+ " WHERE s.STEP_NAME LIKE 'loadWorker:%' AND p.PARAMETER_NAME = 'load.key' AND p.PARAMETER_VALUE LIKE ?"
						+ " ORDER BY s.STEP_NAME")) {
			ps.setString(1, table + " <- %");
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					ended.add(rs.getString(1) + " " + rs.getString(2));
					written += rs.getLong(3);
				}
			}
		}
		List<String> expected = new ArrayList<>();
		for (int i = 0; i < partitions; i++) {
			expected.add("loadWorker:partition" + i + " COMPLETED");
		}
		assertThat(ended).as("the partitions of the load into " + table + ", each once\n" + logs()).containsExactlyInAnyOrderElementsOf(expected);
		assertThat(written).as("the rows the partitions of " + table + " wrote").isEqualTo(rows);
	}

	/**
	 * What the workers loaded, as they said it ({@code loading loadWorker:partitionN of run R (file)}): how
	 * many times each partition of each run and file was started, over all the workers.
	 */
	private static java.util.Map<String, Integer> loadsByWorkers(RowliftJar.Attempt... workers) {
		java.util.Map<String, Integer> loads = new java.util.TreeMap<>();
		java.util.regex.Pattern loading = java.util.regex.Pattern.compile("loading (loadWorker:partition[0-9]+ of run [0-9]+ \\(.*\\))");
		for (RowliftJar.Attempt worker : workers) {
			java.util.regex.Matcher m = loading.matcher(worker.output());
			while (m.find()) {
				loads.merge(m.group(1), 1, Integer::sum);
			}
		}
		return loads;
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

	/** Each failed partition's exit message and its context as the job repository holds it: what a failure here needs. */
	private String failedPartitions() throws Exception {
		StringBuilder all = new StringBuilder("\n--- failed partitions\n");
		try (Connection c = this.target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
				"SELECT s.STEP_NAME, s.EXIT_MESSAGE, COALESCE(x.SERIALIZED_CONTEXT, x.SHORT_CONTEXT) FROM BATCH_STEP_EXECUTION s"
						+ " JOIN BATCH_STEP_EXECUTION_CONTEXT x ON x.STEP_EXECUTION_ID = s.STEP_EXECUTION_ID"
						+ " WHERE s.STATUS = 'FAILED' AND s.STEP_NAME LIKE 'loadWorker:%'")) {
			while (rs.next()) {
				java.util.Map<String, Object> context = new org.springframework.batch.core.repository.dao.DefaultExecutionContextSerializer()
					.deserialize(new java.io.ByteArrayInputStream(rs.getString(3).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)));
				all.append(rs.getString(1)).append(": context ").append(context).append('\n').append(rs.getString(2)).append('\n');
			}
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
