package io.rowlift.source.csv;

import io.rowlift.source.ByteRange;
import io.rowlift.source.LineEnding;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.RawRecord;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The scanner and the parser agree: for any bytes at all (stray and unbalanced quotes, garbage after
 * closing quotes, escapes, CR, LF, multi-byte characters), every split point the scanner finds is
 * where the parser starts a record, whatever the block size, and its line number is right. This is
 * what makes any partitioning exact.
 */
class RecordBoundaryScannerTests {

	@Property(tries = 300)
	void everySplitPointIsARecordStartOfTheParser(@ForAll("dirty") String content, @ForAll("formats") CsvFormat format,
			@ForAll @IntRange(min = 1, max = 17) int block) throws Exception {
		Path file = Files.createTempFile("rowlift-scan", ".csv");
		try {
			byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
			Files.write(file, bytes);
			TreeSet<Long> starts = recordStarts(file, format, bytes.length);
			long[] cuts = new long[bytes.length + 1];
			for (int i = 0; i < cuts.length; i++) {
				cuts[i] = i;
			}
			List<RecordBoundaryScanner.Boundary> found = new RecordBoundaryScanner(format, 2, block).boundaries(file, 0, 1,
					cuts);
			for (int i = 0; i < cuts.length; i++) {
				long expected = starts.ceiling(cuts[i]);
				assertThat(found.get(i).offset()).as("split point for cut %d", cuts[i]).isEqualTo(expected);
				assertThat(found.get(i).line()).as("line at %d", expected).isEqualTo(1 + linesBefore(bytes, expected, format));
			}
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	/**
	 * Where the parser starts records or blank lines when it reads the whole file from its start, plus the end: a
	 * split may fall on a blank line too, which belongs to the range it starts in (read here under
	 * {@code blank-lines=fail}, which returns each blank line at its offset instead of skipping it).
	 */
	private static TreeSet<Long> recordStarts(Path file, CsvFormat format, long size) throws Exception {
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, 0, size, 1).writeTo(context);
		ByteRangeReader reader = new ByteRangeReader(file, "f", format, 16, 1 << 20, io.rowlift.source.Compression.NONE,
				io.rowlift.source.BlankLines.FAIL);
		reader.open(context);
		TreeSet<Long> starts = new TreeSet<>();
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			starts.add(r.offset());
		}
		reader.close();
		starts.add(size);
		return starts;
	}

	private static long linesBefore(byte[] bytes, long offset, CsvFormat format) {
		long n = 0;
		for (int i = 0; i < offset; i++) {
			if (bytes[i] == format.endByte()) {
				n++;
			}
		}
		return n;
	}

	@Provide
	Arbitrary<String> dirty() {
		return Arbitraries.strings().withChars("ab,\"\n\r\\é").ofMinLength(0).ofMaxLength(60);
	}

	@Provide
	Arbitrary<CsvFormat> formats() {
		CsvFormat rfc = CsvFormat.RFC4180;
		return Arbitraries.of(rfc, rfc.withLineEnding(LineEnding.CR),
				new CsvFormat(rfc.delimiter(), rfc.quote(), '\\', -1, true, LineEnding.LF, rfc.charset(), null),
				new CsvFormat(rfc.delimiter(), rfc.quote(), '\\', -1, true, LineEnding.CR, rfc.charset(), null));
	}

	@Property(tries = 100)
	void commentLinesAreSkippedWithAnyPartitionCount(@ForAll @IntRange(min = 1, max = 8) int partitions) throws Exception {
		Path file = Files.createTempFile("rowlift-comments", ".csv");
		try {
			Files.writeString(file, "a,b\n# a comment, with \"a quote\n1,x\n#\n2,\"y\n# not a comment\"\n# last\n3,z\n");
			CsvFormat format = new CsvFormat((byte) ',', (byte) '"', -1, '#', true, LineEnding.LF, StandardCharsets.UTF_8,
					null);
			CsvHeader header = CsvHeader.read(file, "c.csv", format);
			List<List<String>> records = new ArrayList<>();
			for (ByteRange range : new ByteRangePartitioner(file, header.format(), header.dataStart(), header.dataStartLine(), 2)
				.ranges(partitions)) {
				records.addAll(io.rowlift.testsupport.Reads.range(file, header.format(), range));
			}
			assertThat(records).containsExactly(List.of("1", "x"), List.of("2", "\"y\n# not a comment"), List.of("3", "z"));
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

}
