package io.rowlift.sort;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangeReader;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.csv.CsvInput;
import io.rowlift.source.RangePosition;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * The sorted stream is the file's records in (key, offset) order, each exactly once, whatever the
 * memory (one run or hundreds), the threads and the point a restart resumes from; and every record
 * keeps its offset and its line, as a sequential read gives them.
 */
class ExternalSortTests {

	@Property(tries = 60)
	void theMergedRunsAreTheFileSortedByKeyAndAResumeContinuesExactly(@ForAll("files") String content,
			@ForAll @IntRange(min = 1, max = 4) int threads, @ForAll @IntRange(min = 0, max = 3) int memoryStep,
			@ForAll @IntRange(min = 0, max = 100) int resumePercent) throws Exception {
		Path work = Files.createTempDirectory("rowlift-sort-test");
		try {
			Path file = Files.writeString(work.resolve("keys.csv"), content, StandardCharsets.UTF_8);
			CsvHeader header = CsvHeader.read(file, "keys.csv", CsvFormat.RFC4180);
			SortKey key = new SortKey(new int[] { 0 }, new boolean[] { false });
			long memory = new long[] { 1 << 16, 1 << 17, 1 << 20, 64 << 20 }[memoryStep];
			ExternalSort sort = new ExternalSort(CsvInput.of(file, "keys.csv", header), 4096, 1 << 20, key, threads, memory,
					Checkpoints.NONE);
			List<RawRecord> expected = sequential(file, header);
			expected.sort(Comparator.<RawRecord, byte[]>comparing(key::of, SortKey.ORDER).thenComparingLong(RawRecord::offset));

			ByteRange whole = new ByteRange(0, header.dataStart(), Files.size(file), header.dataStartLine());
			Path dir = work.resolve("runs");
			int resumeAt = expected.size() * resumePercent / 100;
			ExecutionContext context = new ExecutionContext();
			whole.writeTo(context);
			List<RawRecord> got = new ArrayList<>();
			SortedReader first = new SortedReader(sort, dir);
			first.open(context);
			for (int i = 0; i < resumeAt; i++) {
				got.add(first.read());
			}
			first.update(context);
			first.close(); // as a kill between chunks leaves it: runs kept, position saved

			SortedReader second = new SortedReader(sort, dir);
			second.open(context);
			for (RawRecord r = second.read(); r != null; r = second.read()) {
				got.add(r);
			}
			second.update(context);
			second.close();

			assertThat(got.stream().map(ExternalSortTests::describe).toList())
				.isEqualTo(expected.stream().map(ExternalSortTests::describe).toList());
			PartitionProgress progress = PartitionProgress.readFrom(context);
			assertThat(progress.read()).isEqualTo(expected.size());
			assertThat(progress.sortedPosition()).as("every sorted record handed out").isEqualTo(progress.sortedTotal())
				.isEqualTo(expected.size());
			assertThat(context.containsKey(RangePosition.OFFSET)).as("no byte offset for a sorted stream").isFalse();
			assertThat(dir).as("the runs are deleted once merged").doesNotExist();
		}
		finally {
			try (Stream<Path> files = Files.walk(work)) {
				files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
		}
	}

	@Property(tries = 20)
	void anInterruptedSortIsRedoneAndAFinishedOneReused(@ForAll("files") String content) throws Exception {
		Path work = Files.createTempDirectory("rowlift-sort-test");
		try {
			Path file = Files.writeString(work.resolve("keys.csv"), content, StandardCharsets.UTF_8);
			CsvHeader header = CsvHeader.read(file, "keys.csv", CsvFormat.RFC4180);
			ExternalSort sort = new ExternalSort(CsvInput.of(file, "keys.csv", header), 4096, 1 << 20,
					new SortKey(new int[] { 0 }, new boolean[] { false }), 2, 1 << 16, Checkpoints.NONE);
			Path dir = Files.createDirectories(work.resolve("runs"));
			Files.writeString(dir.resolve("r0000-000000.run"), "half a run"); // what a kill during the sort leaves
			ExternalSort.Runs made = sort.runs(dir);
			assertThat(made.records()).isEqualTo(sequential(file, header).size());
			long stamp = Files.getLastModifiedTime(dir.resolve("manifest")).toMillis();
			assertThat(sort.runs(dir)).isEqualTo(made);
			assertThat(Files.getLastModifiedTime(dir.resolve("manifest")).toMillis()).isEqualTo(stamp);
		}
		finally {
			try (Stream<Path> files = Files.walk(work)) {
				files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
		}
	}

	/**
	 * Cut into key ranges (sorted streams), each range read by a reader of its own, resumed at a point of its
	 * own: the ranges in order are the merged order, every record once, all records of a key in one range; and
	 * the ranges hold the same records whatever the threads and the memory of the sort (a resume that sorts
	 * again on another machine reads the same range).
	 */
	@Property(tries = 40)
	void keyRangesCutTheMergedOrderTheSameWayWhateverTheSort(@ForAll("largerFiles") String content,
			@ForAll @IntRange(min = 1, max = 4) int streams, @ForAll @IntRange(min = 1, max = 3) int threads,
			@ForAll @IntRange(min = 0, max = 2) int memoryStep, @ForAll @IntRange(min = 0, max = 100) int resumePercent)
			throws Exception {
		Path work = Files.createTempDirectory("rowlift-sort-test");
		try {
			Path file = Files.writeString(work.resolve("keys.csv"), content, StandardCharsets.UTF_8);
			CsvHeader header = CsvHeader.read(file, "keys.csv", CsvFormat.RFC4180);
			SortKey key = new SortKey(new int[] { 0 }, new boolean[] { false });
			long memory = new long[] { 1 << 16, 1 << 18, 64 << 20 }[memoryStep];
			ExternalSort sort = new ExternalSort(CsvInput.of(file, "keys.csv", header), 4096, 1 << 20, key, threads, memory,
					Checkpoints.NONE);
			List<RawRecord> expected = sequential(file, header);
			expected.sort(Comparator.<RawRecord, byte[]>comparing(key::of, SortKey.ORDER).thenComparingLong(RawRecord::offset));

			Path dir = work.resolve("runs");
			SortedStreams shared = new SortedStreams(sort, dir);
			List<RawRecord> got = new ArrayList<>();
			List<List<String>> keysByStream = new ArrayList<>();
			for (int s = 0; s < streams; s++) {
				ExecutionContext context = new ExecutionContext();
				SortedReader first = shared.reader(s, streams);
				first.open(context);
				List<RawRecord> range = new ArrayList<>();
				int resumeAt = (int) (PartitionProgress.readFrom(snapshot(first, context)).sortedTotal() * resumePercent / 100);
				for (int i = 0; i < resumeAt; i++) {
					range.add(first.read());
				}
				first.update(context);
				first.close(); // a kill between chunks: runs kept, position saved

				SortedReader second = shared.reader(s, streams);
				second.open(context);
				for (RawRecord r = second.read(); r != null; r = second.read()) {
					range.add(r);
				}
				second.update(context);
				second.close();
				PartitionProgress progress = PartitionProgress.readFrom(context);
				assertThat(progress.sortedPosition()).isEqualTo(progress.sortedTotal()).isEqualTo(range.size());
				got.addAll(range);
				keysByStream.add(range.stream().map(r -> new String(key.of(r), StandardCharsets.ISO_8859_1)).distinct().toList());
			}
			assertThat(got.stream().map(ExternalSortTests::describe).toList())
				.isEqualTo(expected.stream().map(ExternalSortTests::describe).toList());
			for (int s = 1; s < streams; s++) {
				for (int t = 0; t < s; t++) {
					List<String> common = new ArrayList<>(keysByStream.get(s));
					common.retainAll(keysByStream.get(t));
					assertThat(common).as("keys of both stream " + t + " and stream " + s).isEmpty();
				}
			}
			assertThat(dir).as("the runs are deleted once every stream has merged its range").doesNotExist();

			ExternalSort other = new ExternalSort(CsvInput.of(file, "keys.csv", header), 4096, 1 << 20, key, 4 - threads + 1,
					new long[] { 64 << 20, 1 << 16, 1 << 18 }[memoryStep], Checkpoints.NONE);
			List<Long> sizes = sort.runs(work.resolve("again"), streams).ranges().stream().map(ExternalSort.KeyRange::records).toList();
			List<Long> otherSizes = other.runs(work.resolve("other"), streams).ranges().stream().map(ExternalSort.KeyRange::records).toList();
			assertThat(otherSizes).as("the ranges of a sort with other threads and memory").isEqualTo(sizes);
			assertThat(sizes.stream().mapToLong(Long::longValue).sum()).isEqualTo(expected.size());
		}
		finally {
			try (Stream<Path> files = Files.walk(work)) {
				files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
			}
		}
	}

	/** The context as the reader would save it now. */
	private static ExecutionContext snapshot(SortedReader reader, ExecutionContext context) {
		ExecutionContext copy = new ExecutionContext(context);
		reader.update(copy);
		return copy;
	}

	/** Up to 6,000 records with keys of a few characters (many repeated), some files past a run's marks. */
	@Provide
	Arbitrary<String> largerFiles() {
		Arbitrary<String> key = Arbitraries.oneOf(Arbitraries.strings().withChars("abcdefAB0189").ofMinLength(1).ofMaxLength(5),
				Arbitraries.of("", "a", "a", "\"q\nline\""));
		Arbitrary<String> row = Arbitraries.frequencyOf(Tuple.of(100, key.map(k -> k + ",v")),
				Tuple.of(1, Arbitraries.just("only-one-field")));
		return row.list().ofMaxSize(6000).map(rows -> "id,data\n" + String.join("\n", rows) + (rows.isEmpty() ? "" : "\n"));
	}

	/** Files with random keys, duplicates, quoted line breaks, empty keys and bad records. */
	@Provide
	Arbitrary<String> files() {
		Arbitrary<String> key = Arbitraries.oneOf(Arbitraries.strings().withChars("abcAB09").ofMaxLength(4),
				Arbitraries.of("", "\"\"", "\"q\nline\"", "a", "a"));
		Arbitrary<String> value = Arbitraries.oneOf(Arbitraries.strings().alpha().ofMaxLength(30),
				Arbitraries.of("\"x, \"\"y\"\"\"", "\"two\r\nlines\"", "ß€😀"));
		Arbitrary<String> row = Arbitraries.frequencyOf(Tuple.of(60, key.flatMap(k -> value.map(v -> k + "," + v))),
				Tuple.of(2, Arbitraries.just("only-one-field")), Tuple.of(1, Arbitraries.just("\"unclosed")));
		return row.list().ofMaxSize(400).map(rows -> "id,data\n" + String.join("\n", rows) + (rows.isEmpty() ? "" : "\n"));
	}

	private static List<RawRecord> sequential(Path file, CsvHeader header) throws Exception {
		ByteRangeReader reader = new ByteRangeReader(file, "keys.csv", header.format(), 4096, 1 << 20);
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, header.dataStart(), Files.size(file), header.dataStartLine()).writeTo(context);
		reader.open(context);
		List<RawRecord> records = new ArrayList<>();
		try {
			for (RawRecord r = reader.read(); r != null; r = reader.read()) {
				records.add(r);
			}
		}
		finally {
			reader.close();
		}
		return records;
	}

	/** Everything a record carries that the writer and the messages use. */
	private static String describe(RawRecord r) {
		StringBuilder sb = new StringBuilder().append(r.offset()).append('@').append(r.line()).append('+').append(r.lines())
			.append('/').append(r.rawLength()).append(':');
		for (int f = 0; f < r.fieldCount(); f++) {
			sb.append(r.quoted(f) ? "q" : "").append('[').append(r.text(f)).append(']');
		}
		return sb.append(r.problem() == null ? "" : " !" + r.problem()).toString();
	}

}
