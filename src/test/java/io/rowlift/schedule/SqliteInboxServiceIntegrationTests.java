package io.rowlift.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.testsupport.InboxEventRecorder;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.SqliteTestTarget;

/**
 * The service in this JVM on a real SQLite file, with an inbox in a temporary folder and a short fixed
 * delay: which files it takes and when, where they go, and the events it publishes (a test listener,
 * {@link InboxEventRecorder}).
 */
class SqliteInboxServiceIntegrationTests {

	static final Duration WAIT = Duration.ofSeconds(90);

	@TempDir
	Path dir;

	private CompletableFuture<RowliftRun> service;

	@AfterEach
	void stopService() throws Exception {
		if (this.service != null && !this.service.isDone()) {
			InboxEventRecorder.stopService();
			this.service.get(60, TimeUnit.SECONDS);
		}
	}

	@Test
	void loadsEachCompleteFileOnceAndReportsWhatItDid() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		// a file whose load fails in its third chunk, at every attempt (rowlift.test.fail-at-byte): two
		// chunks commit at the first attempt, the second resumes that run from there and fails again
		StringBuilder big = new StringBuilder("a,b\n");
		long failAt = 0;
		for (int i = 1; i <= 5_000; i++) {
			if (i == 2_500) {
				failAt = big.length();
			}
			big.append(10_000 + i).append(",big\n");
		}
		old(inbox, "00-big.csv", big.toString());
		Path a = old(inbox, "01-a.csv", "a,b\n1,one\n2,two\n3,three\n");
		old(inbox, "02-b.csv", "a,b\n10,ten\n11,eleven\n");
		old(inbox, "03-bad.csv", "a,zzz\n20,x\n");
		old(inbox, "04-a-again.csv", Files.readString(a)); // the same content under another name
		old(inbox, ".05-hidden.csv", "a,b\n30,hidden\n");
		old(inbox, "06-part.csv.part", "a,b\n31,part\n");
		Path growing = inbox.resolve("07-growing.csv");
		AtomicBoolean started = new AtomicBoolean();
		CompletableFuture<Growth> writer = new CompletableFuture<>();
		InboxEventRecorder.reset(event -> {
			// inside the first tick, on the service's thread: a file arrives, another starts to grow
			if (event instanceof InboxEvent.FileLoaded loaded && loaded.file().endsWith("01-a.csv") && started.compareAndSet(false, true)) {
				write(inbox.resolve("late.csv"), "a,b\n40,late\n");
				CompletableFuture.runAsync(() -> grow(growing, writer));
			}
		});

		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=plain",
				"--rowlift.schedule.fixed-delay=300ms", "--management.server.port=-1", "--rowlift.schedule.settle=1s", "--rowlift.schedule.max-attempts=2",
				"--rowlift.test.record-inbox-events=true", "--rowlift.job.chunk-size=1000", "--rowlift.test.fail-at-byte=" + failAt));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));

		awaitEvent("07-growing.csv loaded", e -> e instanceof InboxEvent.FileLoaded l && l.file().endsWith("07-growing.csv"));
		awaitEvent("late.csv loaded", e -> e instanceof InboxEvent.FileLoaded l && l.file().endsWith("late.csv"));
		awaitEvent("03-bad.csv moved to failed/", e -> e instanceof InboxEvent.FileFailed f && f.movedToFailed() && f.file().endsWith("03-bad.csv"));
		awaitEvent("00-big.csv moved to failed/", e -> e instanceof InboxEvent.FileFailed f && f.movedToFailed() && f.file().endsWith("00-big.csv"));
		Growth growth = writer.get(10, TimeUnit.SECONDS);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();

		// the table: every loaded file's rows once, the growing file whole, the failing file's
		// two chunks committed at its first attempt (its resumed second attempt committed nothing: it failed in
		// the same chunk), nothing else
		assertThat(count(target, "SELECT COUNT(*) FROM plain")).as(run.toString()).isEqualTo(3 + 2 + 1 + growth.rows() + 2_000);
		assertThat(count(target, "SELECT COUNT(DISTINCT a) FROM plain")).isEqualTo(6 + growth.rows() + 2_000);
		assertThat(count(target, "SELECT COUNT(*) FROM plain WHERE a >= 100000")).as("the growing file's rows")
			.isEqualTo(growth.rows());
		assertThat(count(target, "SELECT MAX(a) FROM plain WHERE a BETWEEN 10000 AND 99999")).as("the failing file's first two chunks").isEqualTo(12_000);
		assertThat(count(target, "SELECT COUNT(*) FROM plain WHERE a IN (20, 30, 31)")).as("bad, hidden, part").isZero();

		// the folders
		assertThat(names(inbox.resolve("loaded"))).containsExactlyInAnyOrder("01-a.csv", "02-b.csv", "04-a-again.csv",
				"07-growing.csv", "late.csv");
		assertThat(names(inbox.resolve("failed"))).containsExactlyInAnyOrder("00-big.csv", "00-big.csv.reasons.txt", "03-bad.csv",
				"03-bad.csv.reasons.txt");
		assertThat(names(inbox)).containsExactlyInAnyOrder(".05-hidden.csv", "06-part.csv.part", "loaded", "failed");
		String reasons = Files.readString(inbox.resolve("failed/03-bad.csv.reasons.txt"));
		assertThat(reasons).contains("attempt 1 of 2: ").contains("attempt 2 of 2: ").contains("'zzz'");
		assertThat(Files.readString(inbox.resolve("failed/00-big.csv.reasons.txt"))).contains("attempt 1 of 2: run 1 failed: ")
			.contains("attempt 2 of 2: run 1 failed: ")
			.contains("injected failure (rowlift.test.fail-at-byte=" + failAt + ")");
		// resumed, not started again: one run of two executions, the second from the first's last commit
		assertThat(run.err() + run.out()).containsPattern("rowlift: run 1 resumed and failed: 0 rows from "
				+ java.util.regex.Pattern.quote(inbox.resolve("00-big.csv").toString()) + " .*, 2,000 rows in all runs");
		assertThat(count(target, "SELECT COUNT(*) FROM BATCH_JOB_EXECUTION WHERE JOB_INSTANCE_ID = 1")).isEqualTo(2);

		// the events
		List<InboxEvent> events = InboxEventRecorder.events();
		assertThat(events.stream().filter(e -> e instanceof InboxEvent.FileLoaded).map(e -> ((InboxEvent.FileLoaded) e).file()
			.getFileName().toString())).as(events.toString())
			.containsExactlyInAnyOrder("01-a.csv", "02-b.csv", "07-growing.csv", "late.csv");
		InboxEvent.FileLoaded first = (InboxEvent.FileLoaded) events.stream()
			.filter(e -> e instanceof InboxEvent.FileLoaded l && l.file().endsWith("01-a.csv")).findFirst().orElseThrow();
		assertThat(first.table()).isEqualTo("plain");
		assertThat(first.rows()).isEqualTo(3);
		assertThat(first.bytes()).isEqualTo(Files.size(inbox.resolve("loaded/01-a.csv")));
		assertThat(first.run()).as("run 1 is 00-big.csv's").isEqualTo(2);
		assertThat(events.stream().filter(e -> e instanceof InboxEvent.FileSkipped).toList()).as(events.toString())
			.singleElement()
			.satisfies(e -> {
				InboxEvent.FileSkipped skipped = (InboxEvent.FileSkipped) e;
				assertThat(skipped.file().getFileName().toString()).isEqualTo("04-a-again.csv");
				assertThat(skipped.reason()).contains("the same content as").contains("01-a.csv").contains("rowlift.job.reload=true");
			});
		List<InboxEvent.FileFailed> failures = events.stream().filter(e -> e instanceof InboxEvent.FileFailed f && f.file().endsWith("03-bad.csv"))
			.map(e -> (InboxEvent.FileFailed) e).toList();
		assertThat(failures).extracting(InboxEvent.FileFailed::attempt, InboxEvent.FileFailed::movedToFailed)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(1, false), org.assertj.core.groups.Tuple.tuple(2, true));
		assertThat(failures.get(0).reason()).contains("the header names column 'zzz'");
		assertThat(events.stream().filter(e -> e instanceof InboxEvent.FileFailed f && f.file().endsWith("00-big.csv"))
			.map(e -> (InboxEvent.FileFailed) e)).as("the failing file: an attempt per tick, then failed/")
			.extracting(InboxEvent.FileFailed::attempt, InboxEvent.FileFailed::movedToFailed)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(1, false), org.assertj.core.groups.Tuple.tuple(2, true));
		List<InboxEvent.TickCompleted> ticks = events.stream().filter(e -> e instanceof InboxEvent.TickCompleted)
			.map(e -> (InboxEvent.TickCompleted) e).toList();
		assertThat(ticks.get(0).loaded()).as("the first tick: a, b; big and bad failed; a-again skipped").isEqualTo(2);
		assertThat(ticks.get(0).failed()).isEqualTo(2);
		assertThat(ticks.get(0).skipped()).isEqualTo(1);
		assertThat(ticks.get(0).outcome()).startsWith("failed: 03-bad.csv: ");
		assertThat(ticks).as("the growing file waited: a whole tick while it grew").anyMatch(t -> t.waiting() > 0
				&& t.started().isAfter(growth.started()) && t.started().plus(t.elapsed()).isBefore(growth.ended()));
		assertThat(ticks.get(ticks.size() - 1).failedFiles()).isEqualTo(2);
		assertThat(ticks.get(ticks.size() - 1).outcome()).isEqualTo("ok");

		// what the database remembers
		assertThat(count(target, "SELECT COUNT(*) FROM ROWLIFT_INBOX WHERE STATE = 'LOADED'")).isEqualTo(4);
		assertThat(count(target, "SELECT COUNT(*) FROM ROWLIFT_INBOX WHERE STATE = 'FAILED' AND ATTEMPTS = 2")).isEqualTo(2);
	}

	/**
	 * With {@code archive-dir} empty, loaded files stay and later ticks pass them by; and a file whose run
	 * completed while its attempt was never recorded as ended (the state a service killed between the two
	 * leaves: run 1 completed, its ledger row LOADING) is recorded as loaded by run 1, not loaded again.
	 */
	@Test
	void filesLoadedInPlaceStayAndARunThatCompletedUnrecordedIsNotLoadedAgain() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		Path b = old(inbox, "b.csv", "a,b\n1,one\n2,two\n3,three\n");
		List<String> oneShot = new ArrayList<>(target.options());
		oneShot.addAll(List.of("--rowlift.source.path=" + b, "--rowlift.target.table=plain"));
		RowliftRun load = RowliftRun.of(oneShot);
		assertThat(load.exitCode()).as(load.toString()).isZero();
		org.springframework.jdbc.datasource.DriverManagerDataSource database = new org.springframework.jdbc.datasource.DriverManagerDataSource(
				"jdbc:sqlite:" + target.file());
		io.rowlift.schema.RowliftSchema.ensureInbox(database, new io.rowlift.database.sqlite.SqliteDialect());
		new org.springframework.jdbc.core.JdbcTemplate(database).update("INSERT INTO ROWLIFT_INBOX (CONTENT, TABLE_NAME, FILE_PATH,"
				+ " FILE_STAMP, STATE, ATTEMPTS, UPDATED_AT) VALUES (?, 'plain', ?, '0:0', 'LOADING', 1, 'then')",
				io.rowlift.source.SourceFingerprint.content(b), b.toString());
		old(inbox, "a.csv", "a,b\n10,ten\n");

		InboxEventRecorder.reset(e -> {
		});
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=plain",
				"--rowlift.schedule.cron=* * * * * *", "--management.server.port=-1", "--rowlift.schedule.settle=0s", "--rowlift.schedule.archive-dir=",
				"--rowlift.test.record-inbox-events=true"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));
		awaitEvent("both files recorded as loaded", e -> InboxEventRecorder.events().stream().filter(l -> l instanceof InboxEvent.FileLoaded).count() == 2);
		awaitEvent("two more ticks", e -> InboxEventRecorder.events().stream().filter(t -> t instanceof InboxEvent.TickCompleted).count() >= 3);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.err() + run.out()).contains("b.csv: run 1 completed it before the process that ran it ended");
		assertThat(names(inbox)).containsExactlyInAnyOrder("a.csv", "b.csv");
		assertThat(count(target, "SELECT COUNT(*) FROM plain")).as("b.csv not loaded again").isEqualTo(1 + 3);
		List<InboxEvent> events = InboxEventRecorder.events();
		assertThat(events.stream().filter(e -> !(e instanceof InboxEvent.TickCompleted))).as(events.toString()).hasSize(2);
		assertThat(events.stream().filter(e -> e instanceof InboxEvent.FileLoaded).map(e -> (InboxEvent.FileLoaded) e)
			.map(l -> l.file().getFileName() + " run " + l.run())).containsExactly("a.csv run 2", "b.csv run 1");
		assertThat(count(target, "SELECT COUNT(*) FROM ROWLIFT_INBOX WHERE STATE = 'LOADED' AND ATTEMPTS = 1")).isEqualTo(2);
		List<InboxEvent.TickCompleted> ticks = events.stream().filter(e -> e instanceof InboxEvent.TickCompleted)
			.map(e -> (InboxEvent.TickCompleted) e).toList();
		for (int i = 1; i < ticks.size(); i++) {
			assertThat(Duration.between(ticks.get(i - 1).started(), ticks.get(i).started())).as("cron ticks a second apart")
				.isGreaterThanOrEqualTo(Duration.ofMillis(900));
		}
	}

	/**
	 * Issue 20: two empty files, and two copies of one file that fails, share a content fingerprint. Each
	 * file gets its own attempts and reasons: the copy waits while the first is tried, then gets a set of its
	 * own (it used to start at "attempt 2 of 2", with the first's reasons, or "this content's unfinished
	 * load is run 0").
	 */
	@Test
	void filesOfTheSameContentGetAttemptsAndReasonsOfTheirOwn() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		old(inbox, "a-empty.csv", "");
		old(inbox, "b-empty.csv", "");
		old(inbox, "c-bad.csv", "a,zzz\n1,x\n");
		old(inbox, "d-bad.csv", "a,zzz\n1,x\n");
		InboxEventRecorder.reset(e -> {
		});
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=plain",
				"--rowlift.schedule.fixed-delay=100ms", "--management.server.port=-1", "--rowlift.schedule.settle=0s",
				"--rowlift.schedule.max-attempts=2", "--rowlift.test.record-inbox-events=true"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));
		awaitEvent("all four in failed/", e -> InboxEventRecorder.events().stream()
			.filter(f -> f instanceof InboxEvent.FileFailed failed && failed.movedToFailed()).count() == 4);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();

		List<InboxEvent> events = InboxEventRecorder.events();
		for (String name : List.of("a-empty.csv", "b-empty.csv", "c-bad.csv", "d-bad.csv")) {
			assertThat(events.stream().filter(e -> e instanceof InboxEvent.FileFailed f && f.file().endsWith(name))
				.map(e -> (InboxEvent.FileFailed) e)).as(name + ": " + events)
				.extracting(InboxEvent.FileFailed::attempt, InboxEvent.FileFailed::movedToFailed)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(1, false), org.assertj.core.groups.Tuple.tuple(2, true));
			String reasons = Files.readString(inbox.resolve("failed/" + name + ".reasons.txt"));
			assertThat(reasons).as(name).contains("in 2 attempt(s)").contains("attempt 1 of 2: ").contains("attempt 2 of 2: ")
				.doesNotContain("unfinished load").doesNotContain("attempt 3");
			assertThat(reasons.lines().filter(l -> l.contains(" attempt ") && l.contains(" of 2: "))).as(name).hasSize(2);
		}
		assertThat(run.out() + run.err()).contains("b-empty.csv: the same content as " + inbox.resolve("a-empty.csv")
				+ ", which is being tried (attempt 1 of 2); this file waits until that one is loaded");
	}

	/** Issue 34 item 11: a symbolic link in the inbox was silently ignored; it is skipped, counted and said, and stays. */
	@Test
	void aSymbolicLinkIsSkippedWithACountedAndLoggedReasonAndStays() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		Path elsewhere = old(Files.createDirectories(this.dir.resolve("elsewhere")), "target.csv", "a,b\n7,linked\n");
		old(inbox, "a-file.csv", "a,b\n1,one\n");
		Path link = Files.createSymbolicLink(inbox.resolve("b-link.csv"), elsewhere);
		InboxEventRecorder.reset(e -> {
		});
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=plain",
				"--rowlift.schedule.fixed-delay=100ms", "--management.server.port=-1", "--rowlift.schedule.settle=0s",
				"--rowlift.test.record-inbox-events=true"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));
		awaitEvent("a tick that loaded a-file.csv", e -> e instanceof InboxEvent.TickCompleted t && t.loaded() == 1);
		awaitEvent("a later tick", e -> e instanceof InboxEvent.TickCompleted t && t.loaded() == 0);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();

		List<InboxEvent> events = InboxEventRecorder.events();
		String reason = "it is a symbolic link; the service takes only files and folders delivered into the inbox itself (what a link "
				+ "points to can change or go while it loads, and the archive would get the link, not the data): move or copy the file "
				+ "itself into the inbox";
		assertThat(events).as(events.toString()).containsOnlyOnce(new InboxEvent.FileSkipped(link, reason));
		assertThat(events.stream().filter(e -> e instanceof InboxEvent.TickCompleted t && t.loaded() == 1))
			.as("the first tick counts it as skipped").allMatch(e -> ((InboxEvent.TickCompleted) e).skipped() == 1);
		assertThat(run.out() + run.err()).contains("skipped b-link.csv (it stays in the inbox): " + reason)
			.contains("1 loaded, 0 failed, 1 skipped");
		assertThat(count(target, "SELECT COUNT(*) FROM plain WHERE a = 7")).as("the link's target is not loaded").isZero();
		assertThat(count(target, "SELECT COUNT(*) FROM plain WHERE a = 1")).isEqualTo(1);
		assertThat(Files.isSymbolicLink(link)).as("the link stays where it was").isTrue();
		assertThat(names(inbox.resolve("loaded"))).containsExactly("a-file.csv");
	}

	/** Issue 34 item 11: a name holding a line break split the service's log lines, so it could forge one. */
	@Test
	void aFileNameWithALineBreakATabAndAnEscapeIsLoggedEscaped() throws Exception {
		SqliteTestTarget target = new SqliteTestTarget(this.dir);
		target.reset();
		Path inbox = Files.createDirectories(this.dir.resolve("inbox"));
		String name = "evil\n12:00:00.000 ERROR Forged - injected\t\u001b[31mred.csv";
		old(inbox, name, "a,b\n1,one\n");
		old(inbox, name.replace("red", "bad"), "a,zzz\n2,two\n");
		InboxEventRecorder.reset(e -> {
		});
		List<String> args = new ArrayList<>(target.options());
		args.addAll(List.of("--rowlift.source.path=" + inbox + "/*.csv", "--rowlift.target.table=plain",
				"--rowlift.schedule.fixed-delay=100ms", "--management.server.port=-1", "--rowlift.schedule.settle=0s",
				"--rowlift.schedule.max-attempts=1", "--rowlift.test.record-inbox-events=true"));
		this.service = CompletableFuture.supplyAsync(() -> RowliftRun.of(args));
		awaitEvent("a tick that loaded one and failed one", e -> e instanceof InboxEvent.TickCompleted t && t.loaded() == 1 && t.failed() == 1);
		assertThat(InboxEventRecorder.stopService()).isTrue();
		RowliftRun run = this.service.get(60, TimeUnit.SECONDS);
		assertThat(run.exitCode()).as(run.toString()).isZero();
		String output = run.out() + run.err();
		String shown = "evil\\n12:00:00.000 ERROR Forged - injected\\t\\x1b[31m";
		assertThat(output).contains("loading " + shown + "red.csv into plain").contains("loaded " + shown + "red.csv into plain")
			.contains(shown + "bad.csv: attempt 1 of 1 failed").doesNotContain("\u001b").doesNotContain("\t");
		assertThat(output.lines()).noneMatch(line -> line.startsWith("12:00:00.000 ERROR Forged"));
	}

	/** Waits until an event (or the recorded events) satisfies {@code test}; fails with what came when not. */
	private void awaitEvent(String what, Predicate<InboxEvent> test) throws Exception {
		long deadline = System.nanoTime() + WAIT.toNanos();
		while (InboxEventRecorder.events().stream().noneMatch(test)) {
			if (this.service.isDone()) {
				throw new AssertionError("the service ended before: " + what + "\n" + this.service.get());
			}
			if (System.nanoTime() > deadline) {
				throw new AssertionError("no '" + what + "' within " + WAIT + "; events: " + InboxEventRecorder.events());
			}
			Thread.sleep(50);
		}
	}

	/**
	 * Appends a row each 150 ms to a file with a header, for two seconds at least and until a whole tick
	 * of the service came and went while it grew (on a slow machine one tick can outlast two seconds);
	 * completes {@code done} with what it wrote.
	 */
	private static void grow(Path file, CompletableFuture<Growth> done) {
		try {
			Instant started = Instant.now();
			write(file, "a,b\n");
			int rows = 0;
			while (rows < 14 || InboxEventRecorder.events().stream().noneMatch(e -> e instanceof InboxEvent.TickCompleted t
					&& t.started().isAfter(started))) {
				if (rows == 2_000) {
					throw new IllegalStateException("no tick in 5 minutes of growth");
				}
				Thread.sleep(150);
				Files.writeString(file, (100_000 + rows) + ",grown\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
				rows++;
			}
			Thread.sleep(150); // the last row's time is within the settle time until then at least
			done.complete(new Growth(rows, started, Instant.now()));
		}
		catch (Exception ex) {
			done.completeExceptionally(ex);
		}
	}

	/** What {@link #grow} wrote, and from when to when the file changed. */
	private record Growth(int rows, Instant started, Instant ended) {
	}

	private static void write(Path file, String text) {
		try {
			Files.writeString(file, text, StandardCharsets.UTF_8);
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	/** A file written a minute ago, so already settled. */
	private static Path old(Path folder, String name, String text) throws Exception {
		Path file = Files.writeString(folder.resolve(name), text, StandardCharsets.UTF_8);
		Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(60)));
		return file;
	}

	static List<String> names(Path folder) throws Exception {
		try (Stream<Path> files = Files.list(folder)) {
			return files.map(f -> f.getFileName().toString()).toList();
		}
	}

	static long count(SqliteTestTarget target, String sql) throws Exception {
		try (Connection c = target.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
			return rs.next() ? rs.getLong(1) : 0;
		}
	}

}
