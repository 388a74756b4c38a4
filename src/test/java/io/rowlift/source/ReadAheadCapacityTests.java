package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How many records a partition parses ahead: the chunks asked, bounded in bytes by the sampled record
 * length ({@link ReadAheadReader#capacity}).
 */
class ReadAheadCapacityTests {

	@Test
	void shortRecordsKeepTheChunksAsked() {
		// keys (106 bytes) and wide (330 bytes): two 10,000-record chunks are under the bound
		assertThat(ReadAheadReader.capacity(20_000, 106)).isEqualTo(20_000);
		assertThat(ReadAheadReader.capacity(20_000, 330)).isEqualTo(20_000);
	}

	@Test
	void longRecordsAreBoundedInBytes() {
		// docs (about 1 KB): 8 MB of records, not 20 MB
		assertThat(ReadAheadReader.capacity(20_000, 1_031)).isEqualTo((int) (ReadAheadReader.MAX_BYTES_AHEAD / 1_031));
		assertThat((long) ReadAheadReader.capacity(20_000, 1_031) * 1_031).isLessThanOrEqualTo(ReadAheadReader.MAX_BYTES_AHEAD);
	}

	@Test
	void atLeastTwoBatchesUnlessFewerWereAsked() {
		assertThat(ReadAheadReader.capacity(20_000, 1 << 20)).isEqualTo(2 * ReadAheadReader.BATCH);
		assertThat(ReadAheadReader.capacity(100, 1 << 20)).isEqualTo(100);
	}

	@Test
	void anUnknownLengthKeepsTheChunksAsked() {
		assertThat(ReadAheadReader.capacity(20_000, -1)).isEqualTo(20_000);
		assertThat(ReadAheadReader.capacity(20_000, 0)).isEqualTo(20_000);
	}

}
