package io.rowlift.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * Issue #24 item 4 on MariaDB with {@code LOAD DATA}: the rows of a refused chunk are found through the session's
 * staging table (predicted from the table's constraints, the rest in one {@code INSERT ... SELECT}, each predicted
 * row tried alone), for every kind of refusal the table {@code staged} has: a table-level and a column-level CHECK,
 * a foreign key, a unique key against the table's rows and within the file, a repeated primary key, and a BEFORE
 * INSERT trigger that refuses a row no constraint predicts (the bulk statement is then halved). What the table must
 * hold is worked out by storing the file's rows in file order by the same rules ({@link #expected}); the reasons must
 * be the server's own, the same as those of write method {@code insert} (strict INSERTs of the same rows). The
 * bisection scenarios ({@link MySqlBisectionIntegrationTests}) run through this path too, kill -9 in the middle of a
 * staged chunk included. Files of 5,000 rows in chunks of 1,000, two partitions.
 */
class MySqlStagedRefusalsIntegrationTests extends StagedRefusalScenarios {

	private final MySqlTestTarget target = new MySqlTestTarget("staged_refusals");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	@ParameterizedTest(name = "{0}")
	@EnumSource(Kind.class)
	void aRowRefusedForItsKindIsTheOnlyRowRejected(Kind kind) throws Exception {
		Map<Integer, Kind> kinds = Map.of(2_345, kind);
		assertExact(rows(kinds), kinds);
	}

	static Stream<Arguments> placements() {
		return BisectionScenarios.placements().filter(a -> a.get()[2].equals("fast")).map(a -> Arguments.of(a.get()[0], a.get()[1]));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("placements")
	void refusedRowsOfEveryKindAnywhereAreRejectedExactly(String name, Set<Integer> at) throws Exception {
		Map<Integer, Kind> kinds = kindsAt(at);
		assertExact(rows(kinds), kinds);
	}

	/**
	 * A row refused for a CHECK, then two rows repeating its id in the same chunk (each predicted refused, tried
	 * alone in file order: the first repeat is stored, the second refused as a repeat of it), and in the next chunk
	 * two rows repeating its u (a secondary unique key, which Rowlift drops for the load and whose repeats it finds
	 * when it builds the key again): the same.
	 */
	@Test
	void aRepeatOfARowRefusedForAnotherReasonIsStored() throws Exception {
		List<Row> rows = new ArrayList<>(rows(Map.of()));
		rows.set(1_499, new Row(1_500, 1, "bad", 1_500, "n1499"));
		rows.set(1_700, new Row(1_500, 2, "c1700", 1_701, "n1700")); // id of the refused row: stored
		rows.set(1_800, new Row(1_500, 3, "c1800", 1_801, "n1800")); // id of row 1,700: refused
		rows.set(2_300, new Row(2_301, 2, "c2300", 1_500, "n2300")); // u of the refused row, next chunk: stored
		rows.set(2_400, new Row(2_401, 3, "c2400", 1_500, "n2400")); // u of row 2,300: refused
		Map<Integer, Kind> kinds = Map.of(1_499, Kind.CHECK_TABLE, 1_800, Kind.PRIMARY_KEY_IN_FILE, 2_400, Kind.UNIQUE_IN_FILE);
		Set<Integer> refused = new TreeSet<>();
		List<String> expected = expected(rows, refused);
		assertThat(refused).as("the model").containsExactly(1_499, 1_800, 2_400);
		assertThat(expected).as("the model").contains("1500|2|c1700|1701|n1700", "2301|2|c2300|1500|n2300");
		assertExact(rows, kinds);
	}

	/** The trigger's refusals are not predicted: every chunk's bulk statement is refused and halved. */
	@Test
	void rowsNoConstraintPredictsAreFoundByHalving() throws Exception {
		Map<Integer, Kind> kinds = new LinkedHashMap<>();
		for (int i = 17; i < ROWS; i += 97) {
			kinds.put(i, Kind.TRIGGER);
		}
		assertExact(rows(kinds), kinds);
	}


	/**
	 * A table with no key and no constraint, only the trigger: nothing can be predicted, so a refused chunk is halved
	 * at once (the stage {@code declines}: the chunk is neither bound for it nor staged) and each refused row is still the only
	 * one rejected, the others stored once.
	 */
	@Test
	void aTableWithNothingToPredictHalvesItsRefusedChunksAtOnce() throws Exception {
		execute("CREATE TABLE keyless (id BIGINT, name VARCHAR(40)) ENGINE = InnoDB");
		execute("CREATE TRIGGER keyless_refuses BEFORE INSERT ON keyless FOR EACH ROW IF NEW.name = 'trigger' THEN"
				+ " SIGNAL SQLSTATE '23000' SET MESSAGE_TEXT = '" + TRIGGER_MESSAGE + "'; END IF");
		StringBuilder csv = new StringBuilder("id,name\n");
		List<String> stored = new ArrayList<>();
		List<Long> refusedLines = new ArrayList<>();
		for (int i = 0; i < ROWS; i++) {
			boolean refused = i % 331 == 17;
			csv.append(i).append(',').append(refused ? "trigger" : "n" + i).append('\n');
			if (refused) {
				refusedLines.add(i + 2L);
			}
			else {
				stored.add(i + "|n" + i);
			}
		}
		Path file = Files.writeString(this.dir.resolve("keyless.csv"), csv);
		RowliftRun run = load(file, "keyless", bulkMethod());
		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).as(run.toString()).contains(String.format("read %,d = written %,d + rejected %,d", ROWS,
				stored.size(), refusedLines.size()));
		assertThat(rows("SELECT id, name FROM keyless ORDER BY id").stream().map(r -> String.join("|", r)).toList())
			.isEqualTo(stored);
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(Path.of(file + ".rejects.csv")))
			.isEqualTo(refusedLines);
	}

}
