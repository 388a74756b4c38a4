package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * Failures the MySQL/MariaDB server causes during a load (issue #11, item 7): the load fails with
 * one line naming the cause, the server and database (no credentials) and the fix, exit 1, and the
 * same command then completes the load exactly.
 */
class MySqlDatabaseFailureIntegrationTests extends ScenarioSupport {

	private final MySqlTestTarget target = new MySqlTestTarget("dbfail");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	/** A connection of the load killed from the server side, by {@code KILL <id>} from another session. */
	@Test
	void aConnectionKilledByTheServerIsNamedInOneLineAndTheSameCommandCompletesTheLoad() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-300000.csv"), "ints", 300_000, 43);
		List<String> command = command(csv, "ints", null, "--rowlift.target.write-method=insert", "--rowlift.job.chunk-size=2000");

		CompletableFuture<RowliftRun> load = CompletableFuture.supplyAsync(() -> RowliftRun.of(command));
		long killed = killOneInsert(load);
		RowliftRun failed = load.get(3, TimeUnit.MINUTES);

		assertThat(killed).as("a connection of the load was killed while it inserted").isPositive();
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.problems()).as(failed.toString())
			.isEqualTo("rowlift: lost the connection to the database: " + place() + "; check that the server is up and "
					+ "reachable, then run the same command\n" + INTS_STILL_DROPPED);
		assertThat(count("SELECT COUNT(*) FROM ints")).isLessThan(300_000L);

		RowliftRun again = RowliftRun.of(command);

		assertThat(again.exitCode()).as(again.toString()).isZero();
		assertThat(again.out()).contains("run 1 resumed and completed").contains("read 300,000 = written 300,000 + rejected 0");
		assertIntsEqualTo(csv);
	}

	/**
	 * Another session holds a row lock on a key of the file (an open transaction that inserted it)
	 * longer than the load's {@code innodb_lock_wait_timeout}, set short for the test through the
	 * URL's {@code sessionVariables}: error 1205.
	 */
	@Test
	void aLockHeldByAnotherSessionPastTheTimeoutIsNamedInOneLineAndTheSameCommandCompletesTheLoad() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys-40000.csv"), "keys", 40_000, 47);
		List<String> lines = Files.readAllLines(csv);
		String lockedKey = lines.get(lines.size() / 2).split(",")[0];
		List<String> command = command(csv, "tokens", "sessionVariables=innodb_lock_wait_timeout=2",
				"--rowlift.job.partitions=2", "--rowlift.job.chunk-size=2000");
		Path tiny = Files.writeString(this.dir.resolve("ints-1.csv"), "value_1,value_2\n1,2\n");
		RowliftRun schema = RowliftRun.of(command(tiny, "ints", null)); // run 1 creates the tables
		assertThat(schema.exitCode()).as(schema.toString()).isZero();
		RowliftRun failed;
		try (Connection other = this.target.connect()) {
			other.setAutoCommit(false);
			try (PreparedStatement ps = other.prepareStatement("INSERT INTO tokens (id, data) VALUES (?, 'held by another session')")) {
				ps.setString(1, lockedKey);
				ps.executeUpdate();
			}

			failed = RowliftRun.of(command);

			other.rollback();
		}
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.problems()).as(failed.toString())
			.isEqualTo("rowlift: timed out waiting for a lock: " + place() + " (another session holds a lock on the table or "
					+ "its rows); end that session or let it finish, then run the same command");

		RowliftRun again = RowliftRun.of(command);

		assertThat(again.exitCode()).as(again.toString()).isZero();
		assertThat(again.out()).contains("run 2 resumed and completed").contains("read 40,000 = written 40,000 + rejected 0");
		List<String> expected = new ArrayList<>(lines.subList(1, lines.size()));
		expected.sort(null);
		assertThat(rows("SELECT id, data FROM tokens ORDER BY id").stream().map(r -> r.get(0) + "," + r.get(1)).toList())
			.isEqualTo(expected);
	}

	/**
	 * Another session holds {@code LOCK TABLES ints WRITE} longer than the load's metadata-lock
	 * timeout ({@code lock_wait_timeout}, set short for the test through the URL): error 1205 too.
	 */
	@Test
	void aTableLockedByAnotherSessionPastTheTimeoutIsNamedInOneLineAndTheSameCommandCompletesTheLoad() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-30000.csv"), "ints", 30_000, 53);
		Path tiny = Files.writeString(this.dir.resolve("tokens-1.csv"), "id,data\na,1\n");
		RowliftRun schema = RowliftRun.of(command(tiny, "tokens", null)); // run 1 creates the tables
		assertThat(schema.exitCode()).as(schema.toString()).isZero();
		List<String> command = command(csv, "ints", "sessionVariables=lock_wait_timeout=2,innodb_lock_wait_timeout=2",
				"--rowlift.job.partitions=2", "--rowlift.job.chunk-size=2000");
		RowliftRun failed;
		try (Connection other = this.target.connect(); Statement st = other.createStatement()) {
			st.execute("LOCK TABLES ints WRITE");

			failed = RowliftRun.of(command);

			st.execute("UNLOCK TABLES");
		}
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.problems()).as(failed.toString())
			.isEqualTo("rowlift: timed out waiting for a lock: " + place() + " (another session holds a lock on the table or "
					+ "its rows); end that session or let it finish, then run the same command\n" + INTS_STILL_DROPPED);

		RowliftRun again = RowliftRun.of(command);

		assertThat(again.exitCode()).as(again.toString()).isZero();
		assertThat(again.out()).contains("run 2 resumed and completed").contains("read 30,000 = written 30,000 + rejected 0");
		assertIntsEqualTo(csv);
	}

	/** {@code host:port/database} as the one-line messages name it. */
	/**
	 * Issue #20, item 2: Rowlift's own code throws inside the driver's call (the LOAD DATA stream, as
	 * {@code TsvRows} once did: {@code FailingLoadDataStream}), which Connector/J reports as a communications
	 * failure. Not a lost connection: an internal error naming file, partition and records, asking for a
	 * report, exit 1, and the line about the dropped indexes last; with the bug gone the same load resumes.
	 */
	@Test
	void anExceptionOfRowliftsCodeInsideTheDriversCallIsAnInternalErrorNotALostConnection() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-20000.csv"), "ints", 20_000, 53);
		List<String> buggy = command(csv, "ints", "queryInterceptors=io.rowlift.testsupport.faults.FailingLoadDataStream",
				"--rowlift.target.write-method=load-data", "--rowlift.job.partitions=1", "--rowlift.job.chunk-size=5000");

		RowliftRun failed = RowliftRun.of(buggy);

		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).as(failed.toString())
			.contains("rowlift: run 1 failed: internal error in Rowlift (java.lang.ArrayIndexOutOfBoundsException: ")
			.contains("while loading " + csv + ", partition 0 (bytes ")
			.contains("records 1 to at most 5,000 of it, from line 2 (byte ")
			.contains("this is a bug in Rowlift, not a problem of the file or the database; please report it")
			.doesNotContain("lost the connection");
		List<String> lines = failed.err().lines().filter(l -> l.startsWith("rowlift: ")).toList();
		assertThat(lines.get(lines.size() - 1)).as(failed.toString())
			.startsWith("rowlift: the load dropped 3 index(es) of ints that are not back yet: ints_value_1, ints_value_1_value_2, ints_value_2");

		RowliftRun fixed = RowliftRun.of(command(csv, "ints", null, "--rowlift.target.write-method=load-data",
				"--rowlift.job.partitions=1", "--rowlift.job.chunk-size=5000"));

		assertThat(fixed.exitCode()).as(fixed.toString()).isZero();
		assertThat(fixed.out()).contains("run 1 resumed and completed").contains("read 20,000 = written 20,000 + rejected 0");
		assertIntsEqualTo(csv);
	}

	/**
	 * Issue #20, item 6: a refused login, a missing database and an unknown host are exit 2 with one
	 * sentence and the fix, never the password; following the fix for the missing database (create it, run
	 * the same command) loads the file.
	 */
	@Test
	void environmentFaultsAreExit2InOneSentenceWithTheFixAndNeverThePassword() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints-100.csv"), "ints", 100, 59);
		String secret = "s3cret-Pw-" + System.nanoTime();
		String missing = this.target.database() + "_missing";
		List<RowliftRun> runs = new ArrayList<>();
		try {
			RowliftRun password = RowliftRun.of(replace(command(csv, "ints", null), "--spring.datasource.password=", secret));
			runs.add(password);
			assertThat(password.exitCode()).as(password.toString()).isEqualTo(2);
			assertThat(password.problems()).as(password.toString()).startsWith("rowlift: the MySQL server " + place()
					+ " refused the login: wrong user or password (the server says: Access denied for user ")
				.endsWith("; fix spring.datasource.username and spring.datasource.password (environment: MYSQL_USER, MYSQL_PASSWORD);"
						+ " nothing was written");

			List<String> nobody = replace(command(csv, "ints", null), "--spring.datasource.username=", "rowlift_nosuchuser");
			RowliftRun user = RowliftRun.of(replace(nobody, "--spring.datasource.password=", secret));
			runs.add(user);
			assertThat(user.exitCode()).as(user.toString()).isEqualTo(2);
			assertThat(user.problems()).as(user.toString()).contains("refused the login: wrong user or password")
				.contains("'rowlift_nosuchuser'@");

			String server = place().substring(0, place().indexOf('/'));
			List<String> noDatabase = replace(command(csv, "ints", null), "--spring.datasource.url=",
					"jdbc:mysql://" + server + "/" + missing);
			RowliftRun database = RowliftRun.of(noDatabase);
			runs.add(database);
			assertThat(database.exitCode()).as(database.toString()).isEqualTo(2);
			assertThat(database.problems()).as(database.toString()).isEqualTo("rowlift: the database " + server + "/" + missing
					+ " does not exist (the server says: Unknown database '" + missing + "'); create it (CREATE DATABASE " + missing
					+ ") or fix the database name in spring.datasource.url; nothing was written");

			RowliftRun host = RowliftRun.of(replace(command(csv, "ints", null), "--spring.datasource.url=",
					"jdbc:mysql://rowlift-no-such-host.invalid:3306/" + missing));
			runs.add(host);
			assertThat(host.exitCode()).as(host.toString()).isEqualTo(2);
			assertThat(host.problems()).as(host.toString()).isEqualTo("rowlift: unknown host: the MySQL server "
					+ "rowlift-no-such-host.invalid:3306/" + missing + " in spring.datasource.url cannot be found by name; "
					+ "fix the host name in spring.datasource.url (or the name service); nothing was written");

			for (RowliftRun run : runs) {
				assertThat(run.out() + run.err()).as("no password anywhere").doesNotContain(secret);
			}
			assertThat(count("SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"))
				.as("nothing was written").isZero();

			execute("CREATE DATABASE " + missing); // as the message says
			RowliftRun created = RowliftRun.of(noDatabase);
			assertThat(created.exitCode()).as(created.toString()).isZero();
			assertThat(created.out()).contains("read 100 = written 100 + rejected 0");
		}
		finally {
			execute("DROP DATABASE IF EXISTS " + missing);
		}
	}

	/** {@code args} with the value of the option that starts with {@code key} replaced. */
	private static List<String> replace(List<String> args, String key, String value) {
		return args.stream().map(a -> a.startsWith(key) ? key + value : a).toList();
	}

	private String place() {
		String url = this.target.options().stream().filter(o -> o.startsWith("--spring.datasource.url=")).findFirst().orElseThrow();
		return url.substring(url.indexOf("//") + 2);
	}

	private List<String> command(Path csv, String table, String urlParameters, String... more) {
		List<String> args = new ArrayList<>();
		for (String option : this.target.options()) {
			args.add(urlParameters != null && option.startsWith("--spring.datasource.url=") ? option + "?" + urlParameters : option);
		}
		args.add("--rowlift.source.path=" + csv);
		args.add("--rowlift.target.table=" + table);
		args.addAll(List.of(more));
		return args;
	}

	/** Waits for an INSERT of the load (found by its statement tag and the database) and kills its connection. */
	private long killOneInsert(CompletableFuture<RowliftRun> load) throws Exception {
		String database = place().substring(place().indexOf('/') + 1);
		long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
		try (Connection c = this.target.connect();
				PreparedStatement find = c.prepareStatement("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ?"
						+ " AND ID <> CONNECTION_ID() AND INFO LIKE '/* rowlift:%INSERT INTO%'")) {
			find.setString(1, database);
			while (!load.isDone() && System.nanoTime() < deadline) {
				try (ResultSet rs = find.executeQuery()) {
					if (rs.next()) {
						long id = rs.getLong(1);
						try (Statement st = c.createStatement()) {
							st.execute("KILL " + id);
						}
						return id;
					}
				}
				Thread.sleep(5);
			}
		}
		return -1;
	}

	/** The ints table equal to the file: count, no duplicates, digest; its indexes back; the ledger empty. */
	private void assertIntsEqualTo(Path csv) throws Exception {
		List<String> lines = Files.readAllLines(csv);
		long a = 0;
		long b = 0;
		for (String line : lines.subList(1, lines.size())) {
			String[] f = line.split(",");
			a += Long.parseLong(f[0]) % 1_000_003;
			b += Long.parseLong(f[1]) % 1_000_003;
		}
		long rows = lines.size() - 1;
		assertThat(count("SELECT COUNT(*) FROM ints")).as("rows").isEqualTo(rows);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).as("distinct rows").isEqualTo(rows);
		assertThat(count("SELECT SUM(value_1 % 1000003) FROM ints")).isEqualTo(a);
		assertThat(count("SELECT SUM(value_2 % 1000003) FROM ints")).isEqualTo(b);
		assertThat(this.target.indexes("ints")).isEqualTo(SqliteFullDatabaseIntegrationTests.INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

}
