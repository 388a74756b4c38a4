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
	void aSetMemoryIsTaken() {
		assertThat(new SortProperties(KeyOrder.AUTO, DataSize.ofMegabytes(300), null).memoryBytes()).isEqualTo(300L << 20);
	}

}
