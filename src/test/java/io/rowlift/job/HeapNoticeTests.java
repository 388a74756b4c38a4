package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class HeapNoticeTests {

	private static final long LARGE = 1_000_000_000L;

	private static final long DEFAULT_LIMIT = 6028L << 20;

	@Test
	void namesTheLimitItsMeasuredCostAndTheOptionForALargeFileOnTheDefaultHeap() {
		assertThat(HeapNotice.of(LARGE, DEFAULT_LIMIT, List.of("-XX:+UseG1GC"))).hasValue(
				"the JVM runs with its default heap limit, 6028 MB here: G1 grows the heap towards it when its pauses"
						+ " take more than 1 % of the time, and the resident memory follows (docs 1M into MariaDB peaked"
						+ " at 746-996 MB resident with the default limit, 479-584 MB with -Xmx1g, which was 2-9 % faster);"
						+ " start Rowlift with java -Xmx1g -jar ... to bound it (bin/rowlift passes -Xmx1g; docs/heap.md)");
	}

	@Test
	void saysNothingWhenTheLimitWasChosen() {
		for (String option : List.of("-Xmx8g", "-XX:MaxHeapSize=2147483648", "-XX:MaxRAMPercentage=50",
				"-XX:MaxRAM=16g")) {
			assertThat(HeapNotice.of(LARGE, DEFAULT_LIMIT, List.of("-Dx=y", option))).as(option).isEmpty();
		}
	}

	@Test
	void saysNothingForASmallFileOrASmallDefaultLimit() {
		assertThat(HeapNotice.of(HeapNotice.MIN_BYTES - 1, DEFAULT_LIMIT, List.of())).isEmpty();
		assertThat(HeapNotice.of(HeapNotice.MIN_BYTES, DEFAULT_LIMIT, List.of())).isPresent();
		assertThat(HeapNotice.of(LARGE, HeapNotice.ADVISED_MAX_BYTES, List.of())).isEmpty(); // 4 GB of RAM: 1 GB
		assertThat(HeapNotice.of(LARGE, HeapNotice.ADVISED_MAX_BYTES + (1 << 20), List.of())).isPresent();
	}

}
