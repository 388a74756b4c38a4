package io.rowlift.database.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.rowlift.RowliftException;

class PageSizeChoiceTests {

	@TempDir
	Path dir;

	@Test
	void largePagesForLongRecordsAndSqlitesDefaultForShortOnes() throws Exception {
		Path longRecords = Files.writeString(this.dir.resolve("long.csv"), ("x".repeat(63) + "\n").repeat(100));
		Path shortRecords = Files.writeString(this.dir.resolve("short.csv"), ("x".repeat(62) + "\n").repeat(100));

		assertThat(PageSizeChoice.of(null, longRecords))
			.isEqualTo(new PageSizeChoice(65536, "records average 64 bytes, long records load faster in large pages"));
		assertThat(PageSizeChoice.of(null, shortRecords))
			.isEqualTo(new PageSizeChoice(4096, "records average 63 bytes, short records gain nothing from large pages"));
	}

	@Test
	void samplesOnlyTheFirstMebibyte() throws Exception {
		byte[] bytes = new byte[PageSizeChoice.SAMPLE + 4096];
		java.util.Arrays.fill(bytes, (byte) 'x');
		for (int i = 9; i < PageSizeChoice.SAMPLE; i += 10) {
			bytes[i] = '\n'; // 10-byte records in the sample, one long record after it
		}
		Path file = Files.write(this.dir.resolve("mixed.csv"), bytes);

		assertThat(PageSizeChoice.averageRecord(file)).isEqualTo(10);
	}

	@Test
	void aRecordLongerThanTheSampleCountsAsLong() throws Exception {
		Path file = Files.write(this.dir.resolve("one.csv"), new byte[PageSizeChoice.SAMPLE + 1]);

		assertThat(PageSizeChoice.of(null, file).bytes()).isEqualTo(65536);
	}

	@Test
	void sqlitesDefaultWhenThereIsNothingToSample() throws Exception {
		assertThat(PageSizeChoice.of(null, null)).isEqualTo(new PageSizeChoice(4096, "SQLite's default: no input to sample"));
		assertThat(PageSizeChoice.of(null, this.dir.resolve("missing.csv")).bytes()).isEqualTo(4096);
		assertThat(PageSizeChoice.of(null, Files.createFile(this.dir.resolve("empty.csv"))).bytes()).isEqualTo(4096);
	}

	@Test
	void theConfiguredSizeWinsAndMustBeOneSqliteCanUse() throws Exception {
		Path longRecords = Files.writeString(this.dir.resolve("long.csv"), "x".repeat(500) + "\n");

		assertThat(PageSizeChoice.of(8192, longRecords)).isEqualTo(new PageSizeChoice(8192, "set by rowlift.target.page-size"));
		assertThat(PageSizeChoice.of(512, null).bytes()).isEqualTo(512);
		for (int bad : new int[] { 256, 1000, 131072, 0, -4096 }) {
			assertThatThrownBy(() -> PageSizeChoice.of(bad, null)).as("%d", bad)
				.isInstanceOf(RowliftException.class)
				.hasMessage("rowlift.target.page-size is " + bad
						+ "; SQLite pages are a power of two from 512 to 65536 bytes (unset: chosen from the input)");
		}
	}

}
