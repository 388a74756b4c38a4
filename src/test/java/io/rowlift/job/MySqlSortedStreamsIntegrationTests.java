package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.MySqlTestTarget;
import io.rowlift.testsupport.RowliftRun;
import io.rowlift.testsupport.TestTarget;

/**
 * A file sorted on disk and loaded into MariaDB by several ordered streams ({@code rowlift.sort.streams}):
 * each stream a key range of the sorted file, in key order, on a connection of its own. The table equals the
 * file; the order in which rows arrived (an auto-increment column the file does not fill) is key order within
 * each range; a row the database refuses in one stream is rejected alone; the summary names the streams.
 * The kill -9 test is in {@link MySqlCrashIntegrationTests}.
 */
class MySqlSortedStreamsIntegrationTests extends ScenarioSupport {

	private static final String SORT = "--rowlift.sort.key-order=sort";

	/** Small runs, so that even small test files are merged from many. */
	private static final String SMALL_RUNS = "--rowlift.sort.memory=256KB";

	private final MySqlTestTarget target = new MySqlTestTarget("sorted_streams");

	@BeforeAll
	void server() {
		this.target.requireServer();
	}

	@Override
	TestTarget target() {
		return this.target;
	}

	private Path spill() throws Exception {
		return Files.createDirectories(this.dir.resolve("spill"));
	}

	@ParameterizedTest(name = "{0} streams")
	@ValueSource(ints = { 2, 3 })
	void streamsWriteExactlyTheFileEachKeyRangeInKeyOrder(int streams) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys.csv"), "keys", 30_000, 5);
		String[] options = { SORT, SMALL_RUNS, "--rowlift.sort.spill-dir=" + spill(), "--rowlift.sort.streams=" + streams,
				"--rowlift.job.chunk-size=1000" };

		RowliftRun run = rowlift(csv, "tokens", options);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out())
			.contains(streams + " partitions (" + streams + " streams merged in key order, one per key range (set by rowlift.sort.streams)), "
					+ streams + " threads")
			.contains("LOAD DATA LOCAL streams of 1,000-row chunks (default for MySQL: the server has local_infile=ON; " + streams
					+ " streams at once, each a key range of the sorted file in key order on a connection of its own;"
					+ " chunk size set by rowlift.job.chunk-size)")
			.contains("rows in key order, sorted on disk (set by rowlift.sort.key-order)")
			.contains("read 30,000 = written 30,000 + rejected 0");
		assertThat(tableRows("tokens")).isEqualTo(fileRows(csv));
		try (Stream<Path> left = Files.list(spill())) {
			assertThat(left).as("sorted runs left behind").isEmpty();
		}

		// the order of arrival: seq counts the rows as the server inserted them
		execute("CREATE TABLE arrivals (id CHAR(40) PRIMARY KEY, data CHAR(64) NOT NULL,"
				+ " seq BIGINT NOT NULL AUTO_INCREMENT UNIQUE) ENGINE = InnoDB");
		RowliftRun arrivals = rowlift(csv, "arrivals", concat(options, "--rowlift.schema.drop-indexes=false"));
		assertThat(arrivals.exitCode()).as(arrivals.toString()).isZero();
		assertThat(tableRows("arrivals")).isEqualTo(fileRows(csv));
		List<Long> seqByKey = rows("SELECT seq FROM arrivals ORDER BY id").stream().map(r -> Long.parseLong(r.get(0))).toList();
		int descents = 0;
		for (int i = 1; i < seqByKey.size(); i++) {
			if (seqByKey.get(i) < seqByKey.get(i - 1)) {
				descents++;
			}
		}
		// each stream inserts a range of keys in key order: in key order the arrivals fall at most once per range
		// boundary (in file order they would fall about every second row)
		assertThat(descents).as("rows that arrived before a smaller key").isLessThanOrEqualTo(streams - 1);
	}

	@Test
	void aRowRefusedInOneStreamIsRejectedAloneAndTheFirstOfARepeatedKeyWins() throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("keys.csv"), "keys", 20_000, 11);
		List<String> lines = Files.readAllLines(csv);
		String repeated = lines.get(10).split(",")[0] + ",repeated at the end";
		String tooLong = "f".repeat(40) + "," + "x".repeat(65); // the largest key: the last stream; data is CHAR(64)
		Files.writeString(csv, repeated + "\n" + tooLong + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);

		RowliftRun run = rowlift(csv, "tokens", SORT, SMALL_RUNS, "--rowlift.sort.spill-dir=" + spill(), "--rowlift.sort.streams=2",
				"--rowlift.job.chunk-size=1000", "--rowlift.job.skip-limit=10");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("2 partitions (2 streams merged in key order").contains("read 20,002 = written 20,000 + rejected 2");
		List<String> expected = new ArrayList<>(lines.subList(1, lines.size()));
		expected.sort(null);
		assertThat(tableRows("tokens")).isEqualTo(expected);
		assertThat(Files.readString(Path.of(csv + ".rejects.csv"), StandardCharsets.UTF_8))
			.isEqualTo(lines.get(0) + "\n" + repeated + "\n" + tooLong + "\n");
		String reasons = Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"), StandardCharsets.UTF_8);
		assertThat(reasons).contains("20002,").contains("20003,").contains("the database refused the row: ");
	}

	private List<String> tableRows(String table) throws Exception {
		return rows("SELECT id, data FROM " + table + " ORDER BY id").stream().map(r -> r.get(0) + "," + r.get(1)).toList();
	}

	private static List<String> fileRows(Path csv) throws Exception {
		List<String> lines = Files.readAllLines(csv);
		List<String> data = new ArrayList<>(lines.subList(1, lines.size()));
		data.sort(null);
		return data;
	}

}
