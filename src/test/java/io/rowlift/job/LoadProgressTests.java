package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.InputSource;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.csv.CsvInput;
import io.rowlift.source.RangePosition;

class LoadProgressTests {

	@TempDir
	Path dir;

	/** A CSV input whose data starts at {@code firstRecord} in a file of {@code size} bytes. */
	private InputSource input(long firstRecord, long size) throws IOException {
		Path file = this.dir.resolve("data.csv");
		Files.write(file, new byte[(int) size]);
		return CsvInput.of(file, "data.csv", new CsvHeader(List.of("a"), firstRecord, 2, 1, CsvFormat.RFC4180, new byte[0]));
	}

	/** A partition's context as a CSV reader leaves it: its range and the offset it reached. */
	private static ExecutionContext unit(int index, long start, long end, long reached) {
		ExecutionContext context = new ExecutionContext();
		new ByteRange(index, start, end, -1).writeTo(context);
		RangePosition.save(context, reached, 0);
		return context;
	}

	/** A partition of [start, end) that read it all: {@code read} records, of which {@code rejected} rejected. */
	private static LoadProgress.Partition done(int index, long start, long end, long read, long rejected) {
		return new LoadProgress.Partition("partition" + index, unit(index, start, end, end),
				new PartitionProgress(read, read - rejected, rejected, 0, -1, -1, 0, 0, 0, 0));
	}

	@Test
	void sumsThePartitionsAndFindsNothingWrongWhenTheyCoverTheData() throws IOException {
		LoadProgress load = new LoadProgress(List.of(done(0, 10, 50, 4, 1), done(1, 50, 50, 0, 0), done(2, 50, 80, 3, 0)));
		InputSource input = input(10, 80);
		assertThat(load.problems(input)).isEmpty();
		assertThat(load.read()).isEqualTo(7);
		assertThat(load.written()).isEqualTo(6);
		assertThat(load.rejected()).isEqualTo(1);
		assertThat(load.empty(input)).isEqualTo(1);
	}

	@Test
	void saysWhenPartitionZeroDoesNotStartAtTheFirstRecord() throws IOException {
		LoadProgress load = new LoadProgress(List.of(done(0, 12, 50, 4, 0), done(1, 50, 80, 3, 0)));
		assertThat(load.problems(input(10, 80)))
			.containsExactly("partition0 starts at byte 12 but the first record (after the header) starts at byte 10");
	}

	@Test
	void saysWhereTheRangesOrTheCountsDoNotAddUp() throws IOException {
		LoadProgress.Partition short0 = new LoadProgress.Partition("partition0", unit(0, 10, 50, 40),
				new PartitionProgress(4, 3, 0, 0, -1, -1, 0, 0, 0, 0));
		LoadProgress.Partition never = new LoadProgress.Partition("partition1", null, null);
		LoadProgress.Partition gap = done(2, 60, 70, 1, 0);
		// each partition's own problems first, then the format's proof of coverage
		assertThat(new LoadProgress(List.of(short0, never, gap)).problems(input(10, 80))).containsExactly(
				"partition0 read up to byte 40 of its range [10, 50)", "partition0 read 4 records but wrote 3 rows and rejected 0",
				"partition1 never ran", "partition2 starts at byte 60 but the previous range ends at 50",
				"the ranges end at byte 70 but the file has 80 bytes");
	}

	@Test
	void countsFilteredRecordsAsAccountedFor() throws IOException {
		LoadProgress.Partition filtering = new LoadProgress.Partition("partition0", unit(0, 0, 9, 9),
				new PartitionProgress(5, 3, 1, 1, -1, -1, 0, 0, 0, 0));
		LoadProgress load = new LoadProgress(List.of(filtering));
		assertThat(load.problems(input(0, 9))).isEmpty();
		assertThat(load.filtered()).isEqualTo(1);
	}

	@Test
	void aSortedStreamCoversItsRangeWhenItHandedOutAllItsRecords() throws IOException {
		ExecutionContext whole = new ExecutionContext();
		new ByteRange(0, 10, 90, -1).writeTo(whole); // a sorted stream saves no reader position
		LoadProgress drained = new LoadProgress(List.of(new LoadProgress.Partition("partition0", whole,
				new PartitionProgress(8, 8, 0, 0, 8, 8, 0, 0, 0, 0))));
		assertThat(drained.problems(input(10, 90))).isEmpty();

		LoadProgress stopped = new LoadProgress(List.of(new LoadProgress.Partition("partition0", whole,
				new PartitionProgress(5, 5, 0, 0, 5, 8, 0, 0, 0, 0))));
		assertThat(stopped.problems(input(10, 90))).containsExactly("partition0 handed out 5 of the 8 records of its sorted stream");
	}

	@Test
	void aSortedRunOfAnEarlierVersionIsCheckedByTheOffsetItSaved() throws IOException {
		LoadProgress old = new LoadProgress(List.of(new LoadProgress.Partition("partition0", unit(0, 10, 90, 90),
				new PartitionProgress(8, 8, 0, 0, 8, -1, 0, 0, 0, 0))));
		assertThat(old.problems(input(10, 90))).isEmpty();
		LoadProgress short0 = new LoadProgress(List.of(new LoadProgress.Partition("partition0", unit(0, 10, 90, 50),
				new PartitionProgress(8, 8, 0, 0, 8, -1, 0, 0, 0, 0))));
		assertThat(short0.problems(input(10, 90))).containsExactly("partition0 read up to byte 50 of its range [10, 90)");
	}

}
