package io.rowlift.job;

import io.rowlift.database.write.ChunkBisection;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;

/**
 * Issue #24 item 4: a chunk the database refuses is bisected, and exactly the refused rows are
 * rejected (with their line and reason), on every write method (the subclasses) and both pipelines.
 * The table {@code refusals} (test migration V24_4) refuses a repeated primary key, a parent not in
 * {@code refusal_parents} (a foreign key), the code {@code bad} (a CHECK), and an empty parent (NOT NULL,
 * refused by Rowlift's binder before the database sees it). Files of 5,000 rows in chunks of 1,000.
 */
abstract class BisectionScenarios extends ScenarioSupport {

	static final int ROWS = 5_000;

	static final int CHUNK = 1_000;

	RowliftJar jar;

	@AfterEach
	void killLeftovers() {
		if (this.jar != null) {
			this.jar.killAll();
		}
	}

	/** How a row is refused. */
	enum Kind {
		PRIMARY_KEY, FOREIGN_KEY, CHECK, NOT_NULL
	}

	/** A file of {@code rows} rows whose rows at {@code refused} are refused, each for its kind. */
	record File(Path path, int rows, Map<Integer, Kind> refused) {

		/** Line of row {@code i} (the header is line 1). */
		static long line(int row) {
			return row + 2L;
		}

		List<Long> refusedLines() {
			return this.refused.keySet().stream().sorted().map(File::line).toList();
		}

		/** The rows the table must hold, as "id|parent|code|name", sorted by id. */
		List<String> expected() {
			List<String> rows = new ArrayList<>();
			for (int i = 0; i < this.rows; i++) {
				if (!this.refused.containsKey(i)) {
					rows.add(i + 1 + "|" + parent(i) + "|" + code(i) + "|n" + i);
				}
			}
			return rows;
		}

		static int parent(int row) {
			return row % 3 + 1;
		}

		static String code(int row) {
			return "c" + row;
		}

	}

	/** Writes the file: row i has id i+1, a good parent, code "c{i}", name "n{i}", unless refused (then one of them is bad). */
	File write(String name, int rows, Map<Integer, Kind> refused) throws IOException {
		StringBuilder csv = new StringBuilder("id,parent,code,name\n");
		for (int i = 0; i < rows; i++) {
			Kind kind = refused.get(i);
			long id = kind == Kind.PRIMARY_KEY ? (i == 0 ? 1 : i) : i + 1; // a repeat of the row before (row 0: of itself, see below)
			csv.append(id).append(',').append(kind == Kind.FOREIGN_KEY ? "99" : kind == Kind.NOT_NULL ? "" : String.valueOf(File.parent(i))).append(',')
				.append(kind == Kind.CHECK ? "bad" : File.code(i)).append(',').append("n" + i)
				.append('\n');
		}
		assertThat(refused.get(0)).as("row 0 has no row before it to repeat").isNotEqualTo(Kind.PRIMARY_KEY);
		Path path = this.dir.resolve(name);
		Files.writeString(path, csv, StandardCharsets.UTF_8);
		return new File(path, rows, refused);
	}

	/** Refused rows at {@code rows}, their kinds in turn (foreign key, CHECK, primary key, NOT NULL); row 0 never a repeat. */
	static Map<Integer, Kind> refusedAt(Set<Integer> rows) {
		Map<Integer, Kind> refused = new LinkedHashMap<>();
		Kind[] kinds = { Kind.FOREIGN_KEY, Kind.CHECK, Kind.PRIMARY_KEY, Kind.NOT_NULL };
		int k = 0;
		for (int row : new TreeSet<>(rows)) {
			Kind kind = kinds[k++ % kinds.length];
			if (kind == Kind.PRIMARY_KEY && (row == 0 || rows.contains(row - 1))) {
				kind = Kind.CHECK; // a repeat of a refused row would not be refused
			}
			refused.put(row, kind);
		}
		return refused;
	}

	/** The options of a load into {@code refusals}; {@code spring}: the spring pipeline. */
	List<String> options(String pipeline, String... more) {
		List<String> options = new ArrayList<>(List.of("--rowlift.job.chunk-size=" + CHUNK, "--rowlift.job.skip-limit=1000",
				"--rowlift.job.partitions=2"));
		if (pipeline.equals("spring")) {
			options.add("--rowlift.job.pipeline=spring");
		}
		options.addAll(List.of(more));
		return options;
	}

	RowliftRun load(File file, List<String> options) {
		return rowlift(file.path(), "refusals", options.toArray(String[]::new));
	}

	/** The table holds every row but the refused ones, and the reject file exactly the refused lines. */
	void assertExact(File file, RowliftRun run) throws Exception {
		assertThat(run.exitCode()).as(run.toString()).isZero();
		int rejected = file.refused().size();
		assertThat(run.out()).as(run.toString())
			.contains(String.format("read %,d = written %,d + rejected %,d", file.rows(), file.rows() - rejected, rejected));
		assertThat(tableRows()).isEqualTo(file.expected());
		if (rejected > 0) {
			assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(Path.of(file.path() + ".rejects.csv")))
				.isEqualTo(file.refusedLines());
			List<String> reasons = Files.readAllLines(Path.of(file.path() + ".rejects.csv.reasons.csv"));
			for (Map.Entry<Integer, Kind> refused : file.refused().entrySet()) {
				String reason = reasons.stream().filter(r -> r.startsWith(File.line(refused.getKey()) + ","))
					.findFirst().orElseThrow();
				assertThat(reason).as("line %d (%s)", File.line(refused.getKey()), refused.getValue())
					.contains(refused.getValue() == Kind.NOT_NULL ? "empty value for column parent" : "the database refused the row");
			}
		}
	}

	List<String> tableRows() throws Exception {
		return rows("SELECT id, parent, code, name FROM refusals ORDER BY id").stream().map(r -> String.join("|", r)).toList();
	}

	static Stream<Arguments> kinds() {
		return Stream.of(Kind.values()).flatMap(k -> Stream.of(Arguments.of(k, "fast"), Arguments.of(k, "spring")));
	}

	@ParameterizedTest(name = "{0}, {1} pipeline")
	@MethodSource("kinds")
	void aRowRefusedForItsKindIsTheOnlyRowRejected(Kind kind, String pipeline) throws Exception {
		File file = write("one.csv", ROWS, Map.of(2_345, kind));
		assertExact(file, load(file, options(pipeline)));
	}

	static Stream<Arguments> placements() {
		Map<String, Set<Integer>> placements = new LinkedHashMap<>();
		placements.put("1 at the start", Set.of(0));
		placements.put("1 in the middle", Set.of(2_500));
		placements.put("1 at the end", Set.of(ROWS - 1));
		placements.put("2 at the start", Set.of(0, 1));
		placements.put("2 in the middle", Set.of(2_400, 2_611));
		placements.put("2 at the end", Set.of(ROWS - 2, ROWS - 1));
		placements.put("many at the start", set(IntStream.range(0, 30)));
		placements.put("many in the middle", set(IntStream.range(0, 30).map(i -> 2_000 + 31 * i)));
		placements.put("many at the end", set(IntStream.range(ROWS - 30, ROWS)));
		placements.put("1 % spread evenly", set(IntStream.range(0, ROWS / 100).map(i -> 50 + 100 * i)));
		placements.put("every chunk's first and last", set(IntStream.range(0, ROWS / CHUNK).flatMap(c -> IntStream.of(c * CHUNK,
				c * CHUNK + CHUNK - 1))));
		return placements.entrySet().stream().flatMap(e -> Stream.of(Arguments.of(e.getKey(), e.getValue(), "fast"),
				Arguments.of(e.getKey(), e.getValue(), "spring")));
	}

	static Set<Integer> set(IntStream rows) {
		return new TreeSet<>(rows.boxed().toList());
	}

	@ParameterizedTest(name = "{0}, {2} pipeline")
	@MethodSource("placements")
	void refusedRowsAnywhereInTheirChunksAreRejectedExactly(String name, Set<Integer> rows, String pipeline) throws Exception {
		File file = write("placed.csv", ROWS, refusedAt(rows));
		assertExact(file, load(file, options(pipeline)));
	}

	/**
	 * Every mode in which a chunk can be refused: its rows go through the same sinks (truncate, replace:
	 * the latter into a staging table; upsert, ignore: INSERTs with the key's clause, where a repeated key
	 * is matched, not refused, so the refusals here are CHECKs), into {@code refusal_checks} (no foreign
	 * key, which mode replace cannot swap on MySQL).
	 */
	@ParameterizedTest(name = "mode {0}")
	@ValueSource(strings = { "append", "truncate", "replace", "upsert", "ignore" })
	void everyModeRejectsExactlyTheRefusedRows(String mode) throws Exception {
		org.junit.jupiter.api.Assumptions.assumeTrue(modeApplies(mode), "Rowlift refuses this mode with this write method");
		Map<Integer, Kind> refused = new LinkedHashMap<>();
		for (int i = 37; i < ROWS; i += 100) {
			refused.put(i, Kind.CHECK);
		}
		File file = write("modes.csv", ROWS, refused);
		if (!mode.equals("append")) { // rows already there, which the mode replaces or matches
			File old = write("old.csv", 10, Map.of());
			assertThat(rowlift(old.path(), "refusal_checks", options("fast").toArray(String[]::new)).exitCode()).isZero();
		}
		RowliftRun run = rowlift(file.path(), "refusal_checks", options("fast", "--rowlift.target.mode=" + mode).toArray(String[]::new));
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).as(run.toString()).contains(String.format("rejected %,d", refused.size()));
		assertThat(rows("SELECT id, parent, code, name FROM refusal_checks ORDER BY id").stream().map(r -> String.join("|", r)).toList())
			.isEqualTo(file.expected());
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(Path.of(file.path() + ".rejects.csv")))
			.isEqualTo(file.refusedLines());
	}

	/** Whether Rowlift loads in {@code mode} with this class's write method (MySQL's LOAD DATA has no upsert or ignore). */
	boolean modeApplies(String mode) {
		return true;
	}

	/**
	 * Killed in the middle of a bisection (a part taken, the chunk not committed: the test hook
	 * {@code rowlift.test.pause-at=bisection}), the same command ends exact: no row doubled or lost,
	 * each refused row rejected once.
	 */
	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void killedInTheMiddleOfABisectionTheSameCommandEndsExact(String pipeline) throws Exception {
		File file = write("killed.csv", ROWS, refusedAt(set(IntStream.range(0, 20).map(i -> 3_100 + 37 * i))));
		killAndRunAgain(file, pipeline, io.rowlift.database.write.ChunkBisection.CHECKPOINT);
	}

	/**
	 * Killed in the middle of the bisection of a group (1 % of the rows refused, so after the first
	 * chunk of each partition the chunks go in groups of 32 rows: on MySQL strict multi-row INSERTs
	 * without savepoints; the test hook {@code rowlift.test.pause-at=bisection-groups}), the same command
	 * ends exact.
	 */
	@ParameterizedTest(name = "{0} pipeline")
	@ValueSource(strings = { "fast", "spring" })
	void killedInTheMiddleOfABisectionOfAGroupTheSameCommandEndsExact(String pipeline) throws Exception {
		File file = write("killed-groups.csv", ROWS, refusedAt(set(IntStream.range(0, ROWS / 100).map(i -> 50 + 100 * i))));
		killAndRunAgain(file, pipeline, io.rowlift.database.write.ChunkBisection.GROUPS_CHECKPOINT);
	}

	private void killAndRunAgain(File file, String pipeline, String point) throws Exception {
		int refused = file.refused().size();
		Path work = Files.createDirectories(this.dir.resolve("work"));
		this.jar = new RowliftJar(work, this.dir.resolve("rowlift-" + target().id() + ".log"));
		List<String> command = new ArrayList<>();
		for (String option : target().options()) {
			command.add(option.startsWith("--spring.flyway.locations=")
					? "--spring.flyway.locations=filesystem:" + CrashScenarios.MIGRATIONS + "/{vendor}" : option);
		}
		command.add("--rowlift.source.path=" + file.path());
		command.add("--rowlift.target.table=refusals");
		command.addAll(options(pipeline));
		List<String> paused = new ArrayList<>(command);
		paused.add("--rowlift.test.pause-at=" + point);

		RowliftJar.Attempt first = this.jar.start("paused in a bisection", paused);
		awaitOutput(first, "rowlift-test: paused at " + point);
		first.kill();
		assertThat(count("SELECT COUNT(*) FROM refusals")).as("committed before the kill").isLessThan(ROWS - refused);

		RowliftJar.Attempt again = this.jar.runHere("the same command after kill -9 in a bisection", command, Duration.ofMinutes(3));
		assertThat(again.exitCode()).as(this.jar.tail(20_000)).isZero();
		assertThat(again.output()).contains("run 1 resumed and completed")
			.contains(String.format("%,d rows in all runs", ROWS - refused))
			.contains(String.format("rejects: %d records (all runs)", refused));
		assertThat(tableRows()).isEqualTo(file.expected());
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(Path.of(file.path() + ".rejects.csv")))
			.isEqualTo(file.refusedLines());
	}

	private void awaitOutput(RowliftJar.Attempt attempt, String line) throws Exception {
		this.jar.awaitOutput(attempt, line, Duration.ofMinutes(2));
	}

}
