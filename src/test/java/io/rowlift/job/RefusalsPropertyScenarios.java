package io.rowlift.job;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import io.rowlift.testsupport.TestTarget;
import io.rowlift.testsupport.TriesFromSystemProperty;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AfterProperty;
import net.jqwik.api.lifecycle.BeforeProperty;
import net.jqwik.api.lifecycle.BeforeTry;

/**
 * The differential property test of the rows a database refuses in a chunk (issue #24 item 4: named on the server
 * with {@code LOAD DATA} into MariaDB, halved through the rows buffer with {@code insert-select} into SQLite): generated files of {@value StagedRefusalScenarios#ROWS} rows with runs of bad rows of any
 * kinds anywhere (so that a row repeats one refused for another reason, several refusals share a chunk, a chunk's
 * first and last rows are bad), loaded with the bulk write method and with strict INSERTs; the table, the rejected
 * lines and the reasons must be what storing the rows one by one in file order gives ({@link #expected}) and what
 * the INSERTs gave. Shrinks to the fewest bad rows that still differ.
 */
abstract class RefusalsPropertyScenarios extends StagedRefusalScenarios {

	static final int TRIES = 6;

	/** Makes the target for this property's files, in {@link #dir}; checks its server. */
	abstract TestTarget newTarget() throws Exception;

	private TestTarget target;

	@Override
	TestTarget target() {
		return this.target;
	}

	@BeforeProperty
	void makeTarget() throws Exception {
		this.dir = Files.createTempDirectory("rowlift-refusals-property");
		this.target = newTarget();
	}

	@BeforeTry
	void freshTables() throws Exception {
		this.target.reset();
	}

	@AfterProperty
	void cleanUp() throws Exception {
		this.target.dispose();
		try (Stream<Path> all = Files.walk(this.dir)) {
			all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		}
	}

	/** The bad rows by kind, and rows that take the id of an earlier row ({@code repeats}: row -> the row it repeats). */
	record BadRows(Map<Integer, Kind> kinds, Map<Integer, Integer> repeats) {

		/** The file's rows: each row of {@link #kinds} bad for its kind, each of {@link #repeats} with its earlier row's id. */
		List<Row> rows() {
			List<Row> rows = new ArrayList<>(StagedRefusalScenarios.rows(this.kinds));
			this.repeats.forEach((at, of) -> {
				Row row = rows.get(at);
				rows.set(at, new Row(rows.get(of).id(), row.parent(), row.code(), row.u(), row.name()));
			});
			return rows;
		}

		/** Every row made bad, a repeat of an id as {@link Kind#PRIMARY_KEY_IN_FILE} (its reason when refused). */
		Map<Integer, Kind> allKinds() {
			Map<Integer, Kind> all = new LinkedHashMap<>(this.kinds);
			this.repeats.keySet().forEach(at -> all.put(at, Kind.PRIMARY_KEY_IN_FILE));
			return all;
		}

	}

	/**
	 * One partition: a good row that repeats the id of a bad row 1 to 2,500 rows before it may lie in the other
	 * of two partitions, which may reach the database first; then the bad row is refused as a duplicate of it,
	 * which row by row in file order would not be (seen in a full verify: a foreign-key row refused as {@code Duplicate entry},
	 * and a row of a repeated unique key kept where file order rejects it). Which of the two keys the table keeps
	 * then depends on the partitions' pace, for the strict INSERTs as for the bulk method (docs/data.md); the
	 * scenario tests run two partitions with their repeats inside one.
	 */
	@Override
	int partitions() {
		return 1;
	}

	@Property(tries = TRIES, shrinking = ShrinkingMode.FULL)
	@AddLifecycleHook(TriesFromSystemProperty.class)
	void loadDataStoresAndRejectsWhatStoringRowByRowDoes(@ForAll("badRows") BadRows bad) throws Exception {
		assertExact(bad.rows(), bad.allKinds());
	}

	/**
	 * Up to 12 runs of bad rows ({@link #kinds}) and up to 6 good rows that take the id of a bad row before them, 1 to
	 * 2,500 rows earlier (same chunk or not): stored when that row was refused, refused when it was stored.
	 */
	@Provide
	Arbitrary<BadRows> badRows() {
		Arbitrary<List<Map.Entry<Integer, Integer>>> repeats = Combinators
			.combine(Arbitraries.integers().between(0, 11), Arbitraries.integers().between(1, ROWS / 2))
			.as(Map::entry)
			.list()
			.ofMaxSize(6);
		return Combinators.combine(kinds(), repeats).as((kinds, picks) -> {
			List<Integer> bad = new ArrayList<>(new TreeSet<>(kinds.keySet()));
			Map<Integer, Integer> repeatOf = new LinkedHashMap<>();
			for (Map.Entry<Integer, Integer> pick : picks) {
				if (bad.isEmpty()) {
					break;
				}
				int of = bad.get(pick.getKey() % bad.size());
				int at = of + pick.getValue();
				if (at < ROWS && !kinds.containsKey(at) && !repeatOf.containsKey(at)) {
					repeatOf.put(at, of);
				}
			}
			return new BadRows(kinds, repeatOf);
		});
	}

	/** Up to 12 runs of 1-4 consecutive bad rows, each of any kind (a repeat of the row before never at row 0). */
	Arbitrary<Map<Integer, Kind>> kinds() {
		Arbitrary<List<Kind>> run = Arbitraries.of(Kind.class).list().ofMinSize(1).ofMaxSize(4);
		Arbitrary<Integer> start = Arbitraries.oneOf(Arbitraries.integers().between(0, ROWS - 1),
				// chunk edges: a chunk's first and last rows
				Arbitraries.integers().between(0, ROWS / BisectionScenarios.CHUNK - 1).map(c -> c * BisectionScenarios.CHUNK),
				Arbitraries.integers().between(1, ROWS / BisectionScenarios.CHUNK).map(c -> c * BisectionScenarios.CHUNK - 1));
		return Combinators.combine(start, run).as(Map::entry).list().ofMaxSize(12).map(runs -> {
			Map<Integer, Kind> kinds = new LinkedHashMap<>();
			for (Map.Entry<Integer, List<Kind>> r : runs) {
				for (int k = 0; k < r.getValue().size() && r.getKey() + k < ROWS; k++) {
					int at = r.getKey() + k;
					Kind kind = r.getValue().get(k);
					kinds.put(at, at == 0 && (kind == Kind.UNIQUE_IN_FILE || kind == Kind.PRIMARY_KEY_IN_FILE) ? Kind.CHECK_TABLE : kind);
				}
			}
			return kinds;
		});
	}

}
