package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.ByteRange;

class LoadProgressTests {

	/** A partition of [start, end) that read it all: {@code read} records, of which {@code rejected} rejected. */
	private static LoadProgress.Partition done(int index, long start, long end, long read, long rejected) {
		return new LoadProgress.Partition("partition" + index, new ByteRange(index, start, end, -1),
				new PartitionProgress(end, 0, read, read - rejected, rejected, 0, -1, -1, 0, 0, 0));
	}

	@Test
	void sumsThePartitionsAndFindsNothingWrongWhenTheyCoverTheData() {
		LoadProgress load = new LoadProgress(List.of(done(0, 10, 50, 4, 1), done(1, 50, 50, 0, 0), done(2, 50, 80, 3, 0)));
		assertThat(load.problems(10, 80)).isEmpty();
		assertThat(load.read()).isEqualTo(7);
		assertThat(load.written()).isEqualTo(6);
		assertThat(load.rejected()).isEqualTo(1);
		assertThat(load.empty()).isEqualTo(1);
	}

	@Test
	void saysWhenPartitionZeroDoesNotStartAtTheFirstRecord() {
		LoadProgress load = new LoadProgress(List.of(done(0, 12, 50, 4, 0), done(1, 50, 80, 3, 0)));
		assertThat(load.problems(10, 80))
			.containsExactly("partition0 starts at byte 12 but the first record (after the header) starts at byte 10");
	}

	@Test
	void saysWhereTheRangesOrTheCountsDoNotAddUp() {
		LoadProgress.Partition short0 = new LoadProgress.Partition("partition0", new ByteRange(0, 10, 50, -1),
				new PartitionProgress(40, 0, 4, 3, 0, 0, -1, -1, 0, 0, 0));
		LoadProgress.Partition never = new LoadProgress.Partition("partition1", null, null);
		LoadProgress.Partition gap = done(2, 60, 70, 1, 0);
		assertThat(new LoadProgress(List.of(short0, never, gap)).problems(10, 80)).containsExactly(
				"partition0 read up to byte 40 of its range [10, 50)", "partition0 read 4 records but wrote 3 rows and rejected 0",
				"partition1 never ran", "partition2 starts at byte 60 but the previous range ends at 50",
				"the ranges end at byte 70 but the file has 80 bytes");
	}

	@Test
	void countsFilteredRecordsAsAccountedFor() {
		LoadProgress.Partition filtering = new LoadProgress.Partition("partition0", new ByteRange(0, 0, 9, -1),
				new PartitionProgress(9, 0, 5, 3, 1, 1, -1, -1, 0, 0, 0));
		LoadProgress load = new LoadProgress(List.of(filtering));
		assertThat(load.problems(0, 9)).isEmpty();
		assertThat(load.filtered()).isEqualTo(1);
	}

	@Test
	void aSortedStreamCoversItsRangeWhenItHandedOutAllItsRecords() {
		ByteRange whole = new ByteRange(0, 10, 90, -1);
		LoadProgress drained = new LoadProgress(List.of(new LoadProgress.Partition("partition0", whole,
				new PartitionProgress(10, 0, 8, 8, 0, 0, 8, 8, 0, 0, 0))));
		assertThat(drained.problems(10, 90)).isEmpty();

		LoadProgress stopped = new LoadProgress(List.of(new LoadProgress.Partition("partition0", whole,
				new PartitionProgress(10, 0, 5, 5, 0, 0, 5, 8, 0, 0, 0))));
		assertThat(stopped.problems(10, 90)).containsExactly("partition0 handed out 5 of the 8 records of its sorted stream");
	}

	@Test
	void aSortedRunOfAnEarlierVersionIsCheckedByTheOffsetItSaved() {
		ByteRange whole = new ByteRange(0, 10, 90, -1);
		LoadProgress old = new LoadProgress(List.of(new LoadProgress.Partition("partition0", whole,
				new PartitionProgress(90, 0, 8, 8, 0, 0, 8, -1, 0, 0, 0))));
		assertThat(old.problems(10, 90)).isEmpty();
	}

}
