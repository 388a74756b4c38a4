package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;

/** The choice from a sampled average record length; the sampling itself is {@code RecordSampleTests}'. */
class PageSizeChoiceTests {

	@Test
	void largePagesForLongRecordsAndSqlitesDefaultForShortOnes() {
		assertThat(PageSizeChoice.of(null, 64))
			.isEqualTo(new PageSizeChoice(65536, "records average 64 bytes, long records load faster in large pages"));
		assertThat(PageSizeChoice.of(null, 63))
			.isEqualTo(new PageSizeChoice(4096, "records average 63 bytes, short records gain nothing from large pages"));
		assertThat(PageSizeChoice.of(null, (1 << 20) + 1).bytes()).isEqualTo(65536);
	}

	@Test
	void sqlitesDefaultWhenThereIsNothingToSample() {
		assertThat(PageSizeChoice.of(null, -1)).isEqualTo(new PageSizeChoice(4096, "SQLite's default: no input to sample"));
	}

	@Test
	void theConfiguredSizeWinsAndMustBeOneSqliteCanUse() {
		assertThat(PageSizeChoice.of(8192, 500)).isEqualTo(new PageSizeChoice(8192, "set by rowlift.target.page-size"));
		assertThat(PageSizeChoice.of(512, -1).bytes()).isEqualTo(512);
		for (int bad : new int[] { 256, 1000, 131072, 0, -4096 }) {
			assertThatThrownBy(() -> PageSizeChoice.of(bad, -1)).as("%d", bad)
				.isInstanceOf(RowliftException.class)
				.hasMessage("rowlift.target.page-size is " + bad
						+ "; SQLite pages are a power of two from 512 to 65536 bytes (unset: chosen from the input)");
		}
	}

}
