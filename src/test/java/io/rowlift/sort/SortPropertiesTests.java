package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

/** The sort's memory: a fixed default, not a share of the heap (docs/heap.md). */
class SortPropertiesTests {

	@Test
	void theDefaultIsTheSameOnAOneGigabyteAndASixGigabyteHeap() {
		assertThat(SortProperties.defaultMemory(1L << 30)).isEqualTo(64L << 20);
		assertThat(SortProperties.defaultMemory(6028L << 20)).isEqualTo(64L << 20);
	}

	@Test
	void aSmallHeapGetsAQuarterOfIt() {
		assertThat(SortProperties.defaultMemory(128L << 20)).isEqualTo(32L << 20);
	}

	@Test
	void streamsOutOfRangeAreRefusedWithExit2() {
		for (int streams : new int[] { 0, SortProperties.MAX_STREAMS + 1 }) {
			org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SortProperties(KeyOrder.AUTO, null, null, streams))
				.isInstanceOfSatisfying(io.rowlift.RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
				.hasMessage("rowlift.sort.streams is " + streams + "; it must be between 1 and 64");
		}
		assertThat(new SortProperties(KeyOrder.AUTO, null, null, 3).streams()).isEqualTo(3);
	}

	@Test
	void aSetMemoryIsTaken() {
		assertThat(new SortProperties(KeyOrder.AUTO, DataSize.ofMegabytes(300), null, null).memoryBytes()).isEqualTo(300L << 20);
	}

}
