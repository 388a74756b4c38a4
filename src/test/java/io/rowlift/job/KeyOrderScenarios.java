package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;

/**
 * Key-ordered loading on a real database: the table {@code tokens} is stored by its random 160-bit
 * key (SQLite {@code WITHOUT ROWID}, InnoDB primary key). A sorted load writes exactly the file,
 * names bad records by their own lines, keeps the first of duplicated keys, resumes exactly after a
 * failure, and leaves no sorted runs behind; {@code auto} chooses by the table, the file and its size.
 */
abstract class KeyOrderScenarios extends ScenarioSupport {

	private static final String SORT = "--rowlift.sort.key-order=sort";

	/** Small runs, so that even small test files are merged from many. */
	private static final String SMALL_RUNS = "--rowlift.sort.memory=256KB";

	private Path spill() throws Exception {
		return Files.createDirectories(this.dir.resolve("spill"));
	}

	@Test
	void aSortedLoadWritesExactlyTheFileAndDeletesItsRuns() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys.csv"), "keys", 30_000, 5);

		RowliftRun run = rowlift(csv, "tokens", SORT, SMALL_RUNS, "--rowlift.sort.spill-dir=" + spill());

		assertThat(run.exitCode()).as(run.toString()).isZero();
		// MySQL's default: two ordered streams where there are two cores (MySqlSortedStreamsIntegrationTests); SQLite's one
		boolean two = target().id().equals("mysql") && Runtime.getRuntime().availableProcessors() >= 2;
		assertThat(run.out()).contains(two
				? "2 partitions (2 streams merged in key order, one per key range (default for MySQL: two streams on two cores or more, one on one))"
				: "1 partition (one stream merged in key order)")
			.contains("rows in key order, sorted on disk (set by rowlift.sort.key-order)")
			.contains("read 30,000 = written 30,000 + rejected 0")
			.contains(target().id().equals("mysql")
					? "LOAD DATA LOCAL streams of 50,000-row chunks (default for MySQL: the server has local_infile=ON;"
							+ (two ? " 2 streams at once, each a key range of the sorted file in key order on a connection of its own;"
									+ " chunk size default for sorted streams into LOAD DATA)"
									: " chunk size default for one sorted stream into LOAD DATA)")
					: io.rowlift.testsupport.SqliteExtension.defaultSummary());
		assertThat(tableRows()).isEqualTo(fileRows(csv));
		try (Stream<Path> left = Files.list(spill())) {
			assertThat(left).as("sorted runs left behind").isEmpty();
		}
	}

	@Test
	void badAndDuplicatedRecordsOfASortedLoadAreNamedByTheirOwnLinesAndTheFirstKeyWins() throws Exception {
		Path csv = Files.writeString(this.dir.resolve("dirty.csv"), "id,data\n" + "k5,line 2\n" + "k1,line 3\n"
				+ "k5,line 4 again\n" + "k3\n" + "k2,\"line 6\nand 7\"\n" + "k0,line 8\n" + "k2,line 9 again\n",
				StandardCharsets.UTF_8);

		RowliftRun run = rowlift(csv, "tokens", SORT, "--rowlift.job.skip-limit=10", "--rowlift.sort.spill-dir=" + spill());

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 7 = written 4 + rejected 3");
		assertThat(rows("SELECT id, data FROM tokens ORDER BY id")).containsExactly(List.of("k0", "line 8"),
				List.of("k1", "line 3"), List.of("k2", "line 6\nand 7"), List.of("k5", "line 2"));
		String reasons = Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"), StandardCharsets.UTF_8);
		assertThat(reasons).contains("4," + offset(csv, "k5,line 4") + ",0,\"the database refused the row: ")
			.contains("5," + offset(csv, "k3\n") + ",0,\"1 field, but the header has 2")
			.contains("9," + offset(csv, "k2,line 9") + ",0,\"the database refused the row: ");
		assertThat(Files.readString(Path.of(csv + ".rejects.csv"), StandardCharsets.UTF_8))
			.isEqualTo("id,data\nk5,line 4 again\nk3\nk2,line 9 again\n");
	}

	@Test
	void aSortedLoadThatFailsResumesWhereItsCommittedRowsEnd() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys.csv"), "keys", 25_000, 8);

		// one stream: the injected failure counts the records of the process, which several streams would share
		RowliftRun failed = rowlift(csv, "tokens", SORT, SMALL_RUNS, "--rowlift.job.chunk-size=1000", "--rowlift.sort.streams=1",
				"--rowlift.test.fail-at-record=12345", "--rowlift.sort.spill-dir=" + spill());
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM tokens")).isEqualTo(12_000);

		RowliftRun resumed = rowlift(csv, "tokens", SORT, SMALL_RUNS, "--rowlift.job.chunk-size=1000", "--rowlift.sort.streams=1",
				"--rowlift.sort.spill-dir=" + spill());
		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("run 1 resumed and completed: 13,000 rows").contains("25,000 rows in all runs");
		assertThat(tableRows()).isEqualTo(fileRows(csv));
	}

	@Test
	void autoSortsALargeShuffledFileChunksASmallOneAndKeepsAnOrderedOne() throws Exception {
		Path shuffled = GenCsv.write(this.dir.resolve("large.csv"), "keys", 90_000, 3); // 9.5 MB: over 8 MiB of data
		RowliftRun large = rowlift(shuffled, "tokens", "--rowlift.sort.spill-dir=" + spill());
		assertThat(large.exitCode()).as(large.toString()).isZero();
		assertThat(large.out()).containsPattern("rows in key order, sorted on disk \\(\\d+% of the first keys out of order\\)");

		execute("DELETE FROM tokens");
		Path small = GenCsv.write(this.dir.resolve("small.csv"), "keys", 5_000, 4);
		RowliftRun chunked = rowlift(small, "tokens");
		assertThat(chunked.exitCode()).as(chunked.toString()).isZero();
		assertThat(chunked.out()).containsPattern("each chunk sorted by key \\(\\d+% of the first keys out of order; a small file: each chunk sorted\\)");
		assertThat(tableRows()).isEqualTo(fileRows(small));

		execute("DELETE FROM tokens");
		List<String> lines = Files.readAllLines(small);
		List<String> data = new ArrayList<>(lines.subList(1, lines.size()));
		data.sort(null);
		Path ordered = Files.write(this.dir.resolve("ordered.csv"), Stream.concat(Stream.of(lines.get(0)), data.stream()).toList());
		RowliftRun inOrder = rowlift(ordered, "tokens");
		assertThat(inOrder.exitCode()).as(inOrder.toString()).isZero();
		assertThat(inOrder.out()).contains("rows in file order (the file is in key order (sampled))");

		Path ints = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 100, 1);
		RowliftRun generated = rowlift(ints, "ints");
		assertThat(generated.exitCode()).as(generated.toString()).isZero();
		assertThat(generated.out()).contains("rows in file order (the table has no primary key that the file fills)");
		RowliftRun forced = rowlift(ints, "ints", SORT, "--rowlift.job.reload=true");
		assertThat(forced.exitCode()).as(forced.toString()).isEqualTo(2);
		assertThat(forced.err()).contains("rowlift.sort.key-order=sort, but table ints has no primary key whose columns all come from the file");
	}

	private List<String> tableRows() throws Exception {
		return rows("SELECT id, data FROM tokens ORDER BY id").stream().map(r -> r.get(0) + "," + r.get(1)).toList();
	}

	private static List<String> fileRows(Path csv) throws Exception {
		List<String> lines = Files.readAllLines(csv);
		List<String> data = new ArrayList<>(lines.subList(1, lines.size()));
		data.sort(null);
		return data;
	}

	private static long offset(Path csv, String text) throws Exception {
		return Files.readString(csv, StandardCharsets.UTF_8).indexOf(text);
	}

}
