package io.rowlift.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class ProgressLinesTests {

	static ProgressSnapshot load(long done, long rows) {
		return new ProgressSnapshot("load", "bytes", done, 4L << 20, rows, 12_345.6, 1_048_576, Duration.ofSeconds(75),
				Duration.ofSeconds(3_725), Duration.ofSeconds(61),
				List.of(new ProgressSnapshot.PartitionProgressLine("partition0", "STARTED", 1L << 20, 2L << 20, 1_000, 500),
						new ProgressSnapshot.PartitionProgressLine("partition1", "COMPLETED", 2L << 20, 2L << 20, 2_000, 1_000)),
				null);
	}

	@Test
	void aLoadLineHasItsPercentBytesRowsRatesAndEta() {
		assertThat(ProgressLines.line(load(3L << 20, 123_456))).isEqualTo("rowlift: progress load 75.0% 3.0 of 4.0 MiB, 123,456 rows, "
				+ "12,346 rows/s, 1.0 MiB/s, ETA 0:01:15, phase 0:01:01, elapsed 1:02:05");
	}

	/** Issue 34 item 11: one row was {@code 1 rows}. */
	@Test
	void oneRowIsSingular() {
		assertThat(ProgressLines.line(load(3L << 20, 1))).contains(" MiB, 1 row, 12,346 rows/s, ");
		assertThat(ProgressLines.partitionLine("load", new ProgressSnapshot.PartitionProgressLine("partition0", "STARTED", 1L << 20,
				2L << 20, 1, 1))).endsWith(" MiB, 1 row, 1 rows/s");
	}

	@Test
	void theSortAndTheIndexBuildSayWhatTheyMeasure() {
		assertThat(ProgressLines.line(new ProgressSnapshot("sort", "bytes", 1L << 20, 4L << 20, 0, 0, 524_288, null,
				Duration.ofSeconds(5), Duration.ofSeconds(2), List.of(), "writing sorted runs")))
			.isEqualTo("rowlift: progress sort 25.0% 1.0 of 4.0 MiB, 0.5 MiB/s, ETA ?, writing sorted runs, phase 0:00:02, elapsed 0:00:05");
		assertThat(ProgressLines.line(new ProgressSnapshot("index-rebuild", "indexes", 0, 3, 0, 0, 0, null, Duration.ofSeconds(9),
				Duration.ofSeconds(4), List.of(), null)))
			.isEqualTo("rowlift: progress index-rebuild building 3 indexes, phase 0:00:04, elapsed 0:00:09");
	}

	@Test
	void oneLinePerIntervalAndTheLastOneOnClose() {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		ProgressLines lines = new ProgressLines(new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofHours(1), false);
		lines.show(load(1L << 20, 1));
		lines.show(load(2L << 20, 2)); // within the interval: kept, not printed
		lines.show(load(3L << 20, 3));
		assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).hasSize(1);
		lines.close();
		assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).hasSize(2).last().asString().contains(" 75.0% ");
	}

	@Test
	void aNewPhasePrintsTheEndOfTheLastOneFirst() {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		ProgressLines lines = new ProgressLines(new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofHours(1), false);
		lines.show(load(1L << 20, 1));
		lines.show(load(4L << 20, 4));
		lines.show(new ProgressSnapshot("accounting", null, 0, -1, 0, 0, 0, null, Duration.ofSeconds(9), Duration.ZERO, List.of(),
				null));
		assertThat(bytes.toString(StandardCharsets.UTF_8).lines()).hasSize(3)
			.satisfies(l -> assertThat(l.get(1)).contains("load 100.0% "))
			.satisfies(l -> assertThat(l.get(2)).isEqualTo("rowlift: progress accounting, phase 0:00:00, elapsed 0:00:09"));
	}

	@Test
	void partitionsModeAddsALinePerPartition() {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		ProgressLines lines = new ProgressLines(new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofSeconds(10), true);
		lines.show(load(3L << 20, 3_000));
		assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList()).hasSize(3)
			.element(1)
			.isEqualTo("rowlift: progress load partition0 STARTED 50.0% 1.0 of 2.0 MiB, 1,000 rows, 500 rows/s");
	}

}
