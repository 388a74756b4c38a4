package io.rowlift.source.csv;

import io.rowlift.source.ByteRange;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.RangePosition;
import io.rowlift.source.UnitProgress;

class CsvPositionTests {

	@TempDir
	Path dir;

	@Test
	void keepsTheContextKeyNamesThatEarlierRunsPersisted() {
		// runs started by an earlier version resume from these names (acb5daf: PartitionProgress.OFFSET, .LINE, and
		// ByteRange's "range.index", "range.start", "range.end", "range.first-line"): they must never change
		assertThat(RangePosition.OFFSET).isEqualTo("reader.offset");
		assertThat(RangePosition.LINE).isEqualTo("reader.line");
		assertThat(ByteRange.INDEX).isEqualTo("range.index");
		assertThat(ByteRange.START).isEqualTo("range.start");
		assertThat(ByteRange.END).isEqualTo("range.end");
		assertThat(ByteRange.FIRST_LINE).isEqualTo("range.first-line");
	}

	@Test
	void anAbsentPositionIsTheRangesStart() {
		assertThat(RangePosition.readFrom(new ExecutionContext(), new ByteRange(1, 40, 90, 3))).isEqualTo(new RangePosition(40, 0));
	}

	/** A context as acb5daf's ByteRangeReader left it after its first chunk, written key by key. */
	@Test
	void aReaderResumesFromTheEntriesAnEarlierVersionSaved() throws IOException {
		Path file = Files.writeString(this.dir.resolve("p.csv"), "id,name\n1,a\n2,\"b\nc\"\n3,d\n", StandardCharsets.UTF_8);
		CsvInput input = (CsvInput) new CsvInputFormat().open(file, "p.csv", settings());
		ExecutionContext context = new ExecutionContext();
		context.putInt("range.index", 0);
		context.putLong("range.start", 8);
		context.putLong("range.end", Files.size(file));
		context.putLong("range.first-line", 2);
		context.putLong("reader.offset", 12); // after "1,a\n"
		context.putLong("reader.line", 1);
		context.putLong("reader.count", 1);
		ByteRangeReader reader = input.reader(1024, 1 << 20);
		reader.open(context);
		List<String> read = new ArrayList<>();
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			read.add(r.text(0) + "|" + r.text(1) + "|line " + input.locator(context).line(r));
		}
		reader.update(context);
		reader.close();
		assertThat(read).containsExactly("2|b\nc|line 3", "3|d|line 5");
		assertThat(PartitionProgress.readFrom(context).read()).isEqualTo(3);
		UnitProgress done = input.progress(context);
		assertThat(done.ended()).isTrue();
		assertThat(done.done()).isEqualTo(done.total()).isEqualTo(Files.size(file) - 8);
		assertThat(context.getLong("reader.offset")).isEqualTo(Files.size(file));
		assertThat(context.getLong("reader.line")).isEqualTo(4);
	}

	private static io.rowlift.source.SourceProperties settings() {
		return io.rowlift.testsupport.SourceSettings.of(null);
	}

}
