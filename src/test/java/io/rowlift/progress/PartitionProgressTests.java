package io.rowlift.progress;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.ExecutionContext;

class PartitionProgressTests {

	@Test
	void keepsTheContextKeyNamesThatEarlierRunsPersisted() {
		// runs started by an earlier version resume from these names: they must never change
		// (the reader's position, reader.offset and reader.line, is the CSV format's: CsvPositionTests, RangePosition)
		assertThat(PartitionProgress.READ).isEqualTo("reader.count");
		assertThat(PartitionProgress.WRITTEN).isEqualTo("writer.written");
		assertThat(PartitionProgress.REJECTED).isEqualTo("writer.rejected");
		assertThat(PartitionProgress.WRITTEN_AT_OPEN).isEqualTo("writer.written-at-open");
		assertThat(PartitionProgress.SORTED_POSITION).isEqualTo("sort.consumed");
	}

	@Test
	void readsAnEmptyContextAsNothingDone() {
		PartitionProgress progress = PartitionProgress.readFrom(new ExecutionContext());
		assertThat(progress).isEqualTo(new PartitionProgress(0, 0, 0, 0, -1, -1, 0, 0, 0, 0));
		assertThat(progress.sorted()).isFalse();
	}

	@Test
	void readsBackWhatTheReaderAndWriterSaved() {
		ExecutionContext context = new ExecutionContext();
		PartitionProgress.saveRead(context, 9);
		PartitionProgress.saveWritten(context, 7, 1, 3);
		PartitionProgress.saveFiltered(context, 1);
		PartitionProgress progress = PartitionProgress.readFrom(context);
		assertThat(progress).isEqualTo(new PartitionProgress(9, 7, 1, 1, -1, -1, 3, 0, 0, 0));
		assertThat(progress.writtenThisRun()).isEqualTo(4);
	}

	@Test
	void aLoadThatMatchesKeysAccountsForUpdatedAndIgnoredRecords() {
		ExecutionContext context = new ExecutionContext();
		PartitionProgress.saveRead(context, 10);
		PartitionProgress.saveWritten(context, 4, 1, 0);
		PartitionProgress.saveMatched(context, 3, 2);
		PartitionProgress progress = PartitionProgress.readFrom(context);
		assertThat(progress.updated()).isEqualTo(3);
		assertThat(progress.ignored()).isEqualTo(2);
		assertThat(progress.accounted()).isEqualTo(progress.read());
		assertThat(PartitionProgress.UPDATED).isEqualTo("writer.updated");
		assertThat(PartitionProgress.IGNORED).isEqualTo("writer.ignored");
	}

	@Test
	void aSortedStreamSavesItsPositionAndNoReaderPosition() {
		ExecutionContext context = new ExecutionContext();
		PartitionProgress.saveSorted(context, 5, 8);
		PartitionProgress progress = PartitionProgress.readFrom(context);
		assertThat(context.containsKey("reader.offset")).isFalse();
		assertThat(progress.sorted()).isTrue();
		assertThat(progress.sortedPosition()).isEqualTo(5);
		assertThat(progress.sortedTotal()).isEqualTo(8);
		assertThat(progress.read()).isEqualTo(5);
	}

	@Test
	void readsASortedRunOfAnEarlierVersionWithItsTotalUnknown() {
		ExecutionContext context = new ExecutionContext();
		context.putLong("sort.consumed", 8);
		context.putLong("reader.count", 8);
		context.putLong("reader.offset", 99); // the range's end, written once every record was out
		PartitionProgress progress = PartitionProgress.readFrom(context);
		assertThat(progress.sorted()).isTrue();
		assertThat(progress.sortedTotal()).isEqualTo(-1);
		assertThat(progress.read()).isEqualTo(8); // the offset is the CSV format's to read (LoadProgressTests)
	}

}
