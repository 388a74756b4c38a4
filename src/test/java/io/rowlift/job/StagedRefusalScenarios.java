package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;

import io.rowlift.testsupport.RowliftRun;

/**
 * What the tests of a refused chunk's rows found on the server share (issue #24 item 4, MariaDB with {@code LOAD
 * DATA}): the table {@code staged} with every kind of refusal (a table-level and a column-level CHECK, a foreign key,
 * a unique key against the table's rows and within the file, a repeated primary key, a BEFORE INSERT trigger that
 * refuses a row no constraint predicts), files of {@value #ROWS} rows with chosen rows made bad, the model of what
 * storing them one by one in file order keeps ({@link #expected}), and {@link #assertExact}, which loads the file with
 * {@code LOAD DATA} and with strict INSERTs (the oracle) and compares both with the model, rejects and reasons
 * included. Files in chunks of {@value BisectionScenarios#CHUNK}, two partitions.
 */
abstract class StagedRefusalScenarios extends ScenarioSupport {

	static final int ROWS = BisectionScenarios.ROWS;

	static final String TRIGGER_MESSAGE = "rowlift test: the trigger refuses this name";

	/** How a row is refused (or, for a repeat of a refused row, not). */
	enum Kind {

		CHECK_TABLE("the database refused the row: CONSTRAINT `%s_code` failed"),
		CHECK_COLUMN("the database refused the row: CONSTRAINT `%s.code` failed"),
		FOREIGN_KEY("the database refused the row: Cannot add or update a child row: a foreign key constraint fails"),
		// Rowlift names the row a repeated key repeats (UniqueDuplicates), from the server's refusal
		UNIQUE_IN_TABLE("duplicate of a row %s held before this load in unique index u (u) = (-1)"),
		UNIQUE_IN_FILE("duplicate of line"), PRIMARY_KEY_IN_FILE("the database refused the row: Duplicate entry"),
		TRIGGER("the database refused the row: " + TRIGGER_MESSAGE);

		final String reason;

		Kind(String reason) {
			this.reason = reason;
		}

	}

	/** One row of a file: id, parent, code, u, name. */
	record Row(long id, long parent, String code, long u, String name) {

		String csv() {
			return this.id + "," + this.parent + "," + this.code + "," + this.u + "," + this.name;
		}

		String stored() {
			return this.id + "|" + this.parent + "|" + this.code + "|" + this.u + "|" + this.name;
		}

	}

	/** Row {@code i}: id i+1, a good parent, code c{i}, u i+1, name n{i}; unless {@code kind} makes one of them bad. */
	static Row row(int i, Kind kind) {
		long id = kind == Kind.PRIMARY_KEY_IN_FILE ? i : i + 1; // the id of the row before
		long parent = kind == Kind.FOREIGN_KEY ? 99 : i % 3 + 1;
		String code = kind == Kind.CHECK_TABLE ? "bad" : kind == Kind.CHECK_COLUMN ? "col" : "c" + i;
		long u = kind == Kind.UNIQUE_IN_TABLE ? -1 : kind == Kind.UNIQUE_IN_FILE ? i : i + 1; // -1: the table's row; i: the row before's
		return new Row(id, parent, code, u, kind == Kind.TRIGGER ? "trigger" : "n" + i);
	}

	/** The table {@code name} (and its parents), with one row already (id 1,000,000, u -1) and the trigger. */
	void createTable(String name) throws Exception {
		execute("CREATE TABLE " + name + "_parents (id BIGINT PRIMARY KEY) ENGINE = InnoDB");
		execute("INSERT INTO " + name + "_parents VALUES (1), (2), (3)");
		execute("CREATE TABLE " + name + " (id BIGINT PRIMARY KEY, parent BIGINT, code VARCHAR(20) CHECK (code <> 'col'), u BIGINT,"
				+ " name VARCHAR(40) NOT NULL, UNIQUE KEY u (u), CONSTRAINT " + name + "_parent FOREIGN KEY (parent) REFERENCES "
				+ name + "_parents (id), CONSTRAINT " + name + "_code CHECK (code IS NULL OR code <> 'bad')) ENGINE = InnoDB");
		execute("INSERT INTO " + name + " VALUES (1000000, 1, 'old', -1, 'old')");
		execute("CREATE TRIGGER " + name + "_refuses BEFORE INSERT ON " + name + " FOR EACH ROW IF NEW.name = 'trigger' THEN"
				+ " SIGNAL SQLSTATE '23000' SET MESSAGE_TEXT = '" + TRIGGER_MESSAGE + "'; END IF");
	}

	/** The rows in file order; rows {@code kinds} made bad for their kind. */
	static List<Row> rows(Map<Integer, Kind> kinds) {
		return IntStream.range(0, ROWS).mapToObj(i -> row(i, kinds.get(i))).toList();
	}

	/**
	 * What a table holds after {@code rows} were stored one by one in file order, as Rowlift loads: a row is refused
	 * when its code or parent is bad, the trigger refuses its name, or its id is stored already; the unique key u is a
	 * secondary index Rowlift drops for the load, so its repeats are found when it is built again: of the rows (and the
	 * table's own row) sharing a u, the first stays and the later ones are rejected (their ids were taken meanwhile, so
	 * a later row with the id of such a row is refused all the same). Returns the rows stored (with the table's first
	 * row), sorted by id, and fills {@code refused} with the index of each refused row.
	 */
	static List<String> expected(List<Row> rows, Set<Integer> refused) {
		TreeMap<Long, String> stored = new TreeMap<>();
		stored.put(1_000_000L, "1000000|1|old|-1|old");
		List<Integer> loaded = new ArrayList<>();
		for (int i = 0; i < rows.size(); i++) {
			Row row = rows.get(i);
			boolean bad = row.code().equals("bad") || row.code().equals("col") || row.parent() < 1 || row.parent() > 3
					|| row.name().equals("trigger") || stored.containsKey(row.id());
			if (bad) {
				refused.add(i);
			}
			else {
				stored.put(row.id(), row.stored());
				loaded.add(i);
			}
		}
		Set<Long> us = new HashSet<>(Set.of(-1L)); // the index built again: the first row of each u stays
		for (int i : loaded) {
			if (!us.add(rows.get(i).u())) {
				refused.add(i);
				stored.remove(rows.get(i).id());
			}
		}
		return new ArrayList<>(stored.values());
	}

	/** Kinds in turn for the rows {@code at}; a repeat of the row before never at row 0. */
	static Map<Integer, Kind> kindsAt(Set<Integer> at) {
		Map<Integer, Kind> kinds = new LinkedHashMap<>();
		Kind[] all = Kind.values();
		int k = 0;
		for (int row : new TreeSet<>(at)) {
			Kind kind = all[k++ % all.length];
			kinds.put(row, row == 0 && (kind == Kind.UNIQUE_IN_FILE || kind == Kind.PRIMARY_KEY_IN_FILE) ? Kind.CHECK_TABLE : kind);
		}
		return kinds;
	}

	Path write(String name, List<Row> rows) throws IOException {
		StringBuilder csv = new StringBuilder("id,parent,code,u,name\n");
		rows.forEach(r -> csv.append(r.csv()).append('\n'));
		return Files.writeString(this.dir.resolve(name), csv, StandardCharsets.UTF_8);
	}

	/** The write method under test, against the strict INSERTs of write method {@code insert}. */
	String bulkMethod() {
		return "load-data";
	}

	/** Whether each refused row's reason names its kind in MariaDB's words ({@link Kind#reason}); else only equal to the INSERTs'. */
	boolean reasonsByKind() {
		return true;
	}

	RowliftRun load(Path file, String table, String method) {
		return rowlift(file, table, "--rowlift.job.chunk-size=" + BisectionScenarios.CHUNK, "--rowlift.job.skip-limit=1000",
				"--rowlift.job.partitions=" + partitions(), "--rowlift.target.write-method=" + method, "--spring.flyway.enabled=false"); // the tables made here
	}

	/** The partitions of each load: two, with the scenarios' repeated keys inside one. */
	int partitions() {
		return 2;
	}

	/**
	 * Loads the rows with {@code LOAD DATA} into {@code staged} and with strict INSERTs into {@code oracle}; asserts
	 * the table holds {@link #expected}, the rejects are exactly the refused lines, each reason names its kind's
	 * refusal and is word for word the INSERTs' (table names aside).
	 */
	void assertExact(List<Row> rows, Map<Integer, Kind> kinds) throws Exception {
		createTable("staged");
		createTable("oracle");
		Set<Integer> refused = new TreeSet<>();
		List<String> expected = expected(rows, refused);
		Path file = write("rows.csv", rows);
		Path rejects = Path.of(file + ".rejects.csv");
		Path reasons = Path.of(rejects + ".reasons.csv");

		RowliftRun inserts = load(file, "oracle", "insert");
		assertThat(inserts.exitCode()).as(inserts.toString()).isZero();
		List<String> oracleReasons = refused.isEmpty() ? List.of()
				: Files.readAllLines(reasons).stream().map(r -> r.replace("oracle", "staged")).toList();
		if (!refused.isEmpty()) {
			Files.move(rejects, this.dir.resolve("oracle.rejects.csv"), StandardCopyOption.REPLACE_EXISTING);
			Files.move(reasons, this.dir.resolve("oracle.reasons.csv"), StandardCopyOption.REPLACE_EXISTING);
		}

		RowliftRun run = load(file, "staged", bulkMethod());
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).as(run.toString()).contains(String.format("read %,d = written %,d + rejected %,d", rows.size(),
				rows.size() - refused.size(), refused.size()));
		assertThat(stored("staged")).isEqualTo(expected);
		assertThat(stored("oracle")).as("strict INSERTs of the same file").isEqualTo(expected);
		if (refused.isEmpty()) {
			return;
		}
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(rejects))
			.isEqualTo(refused.stream().map(i -> i + 2L).toList());
		List<String> stagedReasons = Files.readAllLines(reasons);
		assertThat(stagedReasons).isEqualTo(oracleReasons);
		for (int i : refused) {
			Kind kind = kinds.get(i);
			String reason = stagedReasons.stream().filter(r -> r.startsWith(i + 2 + ",")).findFirst().orElseThrow();
			if (reasonsByKind()) {
				assertThat(reason).as("line %d (%s)", i + 2, kind).contains(String.format(kind.reason, "staged"));
			}
		}
	}

	List<String> stored(String table) throws Exception {
		return rows("SELECT id, parent, code, u, name FROM " + table + " ORDER BY id").stream().map(r -> String.join("|", r)).toList();
	}

}
