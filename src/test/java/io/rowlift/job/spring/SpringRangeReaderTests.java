package io.rowlift.job.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.file.FlatFileItemReader;

import io.rowlift.model.RawRecord;
import io.rowlift.source.ByteRange;
import io.rowlift.source.csv.ByteRangePartitioner;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.SourceLocator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The spring pipeline's reading: Spring Batch's FlatFileItemReader over one byte range
 * ({@link RangeLineReader}), joining quoted line breaks ({@link QuoteBalancePolicy}) and keeping what
 * the contract needs ({@link RecordTokenizer}): any split of a file into the partitioner's ranges
 * reads the same records, fields, quoting and locations as the file written.
 */
class SpringRangeReaderTests {

	private static final CsvFormat FORMAT = CsvFormat.RFC4180;

	@Property(tries = 60)
	void anySplitIntoRangesReadsTheRecordsOfTheWholeFileOnceInOrder(@ForAll("records") List<List<Field>> records,
			@ForAll @IntRange(min = 1, max = 7) int partitions, @ForAll boolean crlf) throws Exception {
		Path file = Files.createTempFile("spring-range", ".csv");
		try {
			String end = crlf ? "\r\n" : "\n";
			StringBuilder csv = new StringBuilder("a,b,c").append(end);
			long dataStart = csv.length();
			for (List<Field> record : records) {
				for (int i = 0; i < record.size(); i++) {
					csv.append(i == 0 ? "" : ",").append(record.get(i).written());
				}
				csv.append(end);
			}
			Files.writeString(file, csv, StandardCharsets.UTF_8);
			List<ByteRange> ranges = new ByteRangePartitioner(file, FORMAT, dataStart, 2, 1).ranges(partitions);

			List<RawRecord> read = new ArrayList<>();
			for (ByteRange range : ranges) {
				read.addAll(readRange(file, range, 7));
			}

			assertThat(read).hasSize(records.size());
			long line = 2;
			for (int r = 0; r < records.size(); r++) {
				List<Field> expected = records.get(r);
				RawRecord record = read.get(r);
				assertThat(record.problem()).as("record %d", r).isNull();
				assertThat(record.fieldCount()).as("record %d", r).isEqualTo(expected.size());
				for (int f = 0; f < expected.size(); f++) {
					assertThat(record.text(f)).as("record %d field %d", r, f)
						.isEqualTo(expected.get(f).value());
					assertThat(record.quoted(f)).as("record %d field %d quoted", r, f).isEqualTo(expected.get(f).quoted());
				}
				ByteRange range = rangeOf(ranges, record.offset());
				long firstLine = new SourceLocator(file, "t.csv", FORMAT, range).firstLine();
				assertThat(firstLine + record.line()).as("record %d line", r).isEqualTo(line);
				line += 1 + expected.stream().mapToLong(f -> f.value().chars().filter(c -> c == '\n').count()).sum();
			}
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	@Test
	void aResumeReadsOnAfterTheSavedCountWithoutRepeatingARecord() throws Exception {
		Path file = Files.createTempFile("spring-range", ".csv");
		try {
			Files.writeString(file, "a,b\n1,\"x\ny\"\n2,z\n3,\"\"\n4,w\n");
			ByteRange range = new ByteRange(0, 4, Files.size(file), 2);
			SpringPartition partition = new SpringPartition(range, null, null, null);
			FlatFileItemReader<Object> first = SpringRangeReader.flatFileReader(partition, file, FORMAT, null, 4, set -> set);
			ExecutionContext context = new ExecutionContext();
			first.open(context);
			first.read();
			first.read();
			first.update(context);
			first.close();
			assertThat(context.getInt(SpringRangeReader.NAME + ".read.count")).isEqualTo(2);

			SpringPartition resumed = new SpringPartition(range, null, null, null);
			FlatFileItemReader<Object> second = SpringRangeReader.flatFileReader(resumed, file, FORMAT, null, 4, set -> set);
			second.open(context);
			RecordFieldSet third = (RecordFieldSet) second.read();
			assertThat(third.readString(0)).isEqualTo("3");
			assertThat(third.record().offset()).isEqualTo(16);
			assertThat(third.record().line()).isEqualTo(3); // line 5 of the file: the range starts at line 2
			assertThat(third.wasQuoted(1)).isTrue();
			assertThat(((RecordFieldSet) second.read()).readString(0)).isEqualTo("4");
			assertThat(second.read()).isNull();
			assertThat(resumed.lines.position()).isEqualTo(Files.size(file));
			second.close();
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	/**
	 * Finding where a record ends looks at each character once, however many lines the record spans
	 * (Spring Batch joining line by line through the policy looked at a record of n characters over k
	 * lines about n * k / 2 times, and copied it as often), and every record comes whole from the line
	 * reader, so the FlatFileItemReader never joins (its policy says "end of record" at once).
	 */
	@Test
	void findingTheEndOfARecordLooksAtEachCharacterOnceWhateverItsLines() throws Exception {
		for (int lines : new int[] { 1, 10, 1000, 20_000 }) {
			Path file = Files.createTempFile("spring-range", ".csv");
			try {
				String body = String.join("\r\n", java.util.Collections.nCopies(lines, "line, \"\"quoted\"\""));
				StringBuilder csv = new StringBuilder("a,b\n");
				long dataChars = 0;
				for (int r = 0; r < 3; r++) {
					String record = r + ",\"" + body + "\"";
					csv.append(record).append('\n');
					dataChars += record.length();
				}
				Files.writeString(file, csv);
				ByteRange range = new ByteRange(0, 4, Files.size(file), 2);
				SpringPartition partition = new SpringPartition(range, null, null, null);
				FlatFileItemReader<Object> reader = SpringRangeReader.flatFileReader(partition, file, FORMAT, null, 4096,
						set -> set);
				reader.open(new ExecutionContext());
				List<String> bodies = new ArrayList<>();
				for (Object item = reader.read(); item != null; item = reader.read()) {
					assertThat(partition.lines.recordComplete()).isTrue();
					bodies.add(((RecordFieldSet) item).readString(1));
				}
				reader.close();

				assertThat(bodies).as("%d lines", lines).hasSize(3).allMatch(b -> b.equals(body.replace("\"\"", "\"")));
				assertThat(partition.lines.lineCount()).isEqualTo(3 * lines);
				assertThat(partition.lines.scanned()).as("%d lines", lines).isEqualTo(dataChars);
			}
			finally {
				Files.deleteIfExists(file);
			}
		}
	}

	/**
	 * A CR right before the end of a file without a final line feed ends the record, as the fast path
	 * reads it (found by the differential property test: {@code "id,a,b,c\n1,,,\r"} stored {@code "\r"} in
	 * c on the spring pipeline, NULL on the fast one).
	 */
	@Test
	void aCarriageReturnRightBeforeTheEndOfTheFileEndsTheRecordAsOnTheFastPath() throws Exception {
		for (String last : new String[] { "1,,x\r", "1,\"\",\"x\"\r", "1,,\r" }) {
			Path file = Files.createTempFile("spring-range", ".csv");
			try {
				Files.writeString(file, "a,b,c\n" + last);
				ByteRange range = new ByteRange(0, 6, Files.size(file), 2);
				List<RawRecord> records = readRange(file, range, 64);
				assertThat(records).hasSize(1);
				assertThat(records.get(0).problem()).as(last).isNull();
				assertThat(records.get(0).text(2)).as(last).isEqualTo(last.contains("x") ? "x" : "");
				assertThat(records.get(0).quoted(2)).as(last).isEqualTo(last.contains("\"x\""));
			}
			finally {
				Files.deleteIfExists(file);
			}
		}
	}

	/** A comment line is skipped whole, its quotes ignored; an escape at a line's end takes the line break. */
	@Test
	void commentLinesAreSkippedAndAnEscapedLineBreakJoinsTheNextLine() throws Exception {
		CsvFormat format = new CsvFormat((byte) ',', (byte) '"', '\\', '#', true, io.rowlift.source.LineEnding.LF,
				StandardCharsets.UTF_8, null);
		Path file = Files.createTempFile("spring-range", ".csv");
		try {
			Files.writeString(file, "a,b\n# a \"quote that never closes\nx,\"y\n# not a comment\"\n1,2\\\n3\n#end\n");
			ByteRange range = new ByteRange(0, 4, Files.size(file), 2);
			SpringPartition partition = new SpringPartition(range, null, null, null);
			FlatFileItemReader<Object> reader = SpringRangeReader.flatFileReader(partition, file, format, null, 16,
					set -> ((RecordFieldSet) set).record());
			reader.open(new ExecutionContext());
			RawRecord first = (RawRecord) reader.read();
			RawRecord second = (RawRecord) reader.read();
			assertThat(reader.read()).isNull();
			reader.close();
			assertThat(first.text(1)).isEqualTo("y\n# not a comment");
			assertThat(second.text(1)).isEqualTo("2\n3");
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	@Test
	void theQuoteScanFedPieceByPieceAgreesWithTheWholeText() {
		String[] texts = { "a,\"b\"\"", "\"x\"\"", "\"\"", "\"", "a\\", "\"a\\\"", "a,\"\"\"b", "\"a\"\"\"", "x\"y", "\"q\"\\" };
		for (String text : texts) {
			for (int cut = 0; cut <= text.length(); cut++) {
				QuoteScan whole = new QuoteScan(',', '"', '\\');
				whole.feed(text);
				QuoteScan pieces = new QuoteScan(',', '"', '\\');
				pieces.feed(text.substring(0, cut));
				pieces.feed(text.substring(cut));
				assertThat(pieces.complete()).as("%s cut at %d", text, cut).isEqualTo(whole.complete());
			}
		}
		assertThat(QuoteBalancePolicy.complete("a,\"b", ',', '"', -1)).isFalse();
		assertThat(QuoteBalancePolicy.complete("a,\"b\"\"\n\"", ',', '"', -1)).isTrue();
		assertThat(QuoteBalancePolicy.complete("a,b\\", ',', '"', '\\')).isFalse();
		assertThat(QuoteBalancePolicy.complete("a,x\"b", ',', '"', -1)).isTrue();
	}

	@Test
	void theTokenizerKeepsQuotingAndFlagsTextAfterAClosingQuote() {
		RecordTokenizer tokenizer = new RecordTokenizer(FORMAT, new String[] { "a", "b", "c" });

		RecordFieldSet set = (RecordFieldSet) tokenizer.tokenize("1,\"\",");

		assertThat(set.getValues()).containsExactly("1", "", "");
		assertThat(set.readString("b")).isEmpty();
		assertThat(set.wasQuoted(1)).isTrue();
		assertThat(set.wasQuoted(2)).isFalse();
		RawRecord bad = tokenizer.record("\"ab\"c,d", 100, 0, 8, 1);
		assertThat(bad.problem().message()).startsWith("unexpected character 'c' after the closing quote of field 1");
		assertThat(bad.problem().offset()).isEqualTo(104);
	}

	@Test
	void aQuoteOpenAtTheEndOfTheRangeIsARejectedRecordNamingIt() throws Exception {
		Path file = Files.createTempFile("spring-range", ".csv");
		try {
			Files.writeString(file, "a,b\n1,2\n3,\"open\n");
			ByteRange range = new ByteRange(0, 4, Files.size(file), 2);
			SpringPartition partition = new SpringPartition(range, null, null, null);
			FlatFileItemReader<Object> reader = SpringRangeReader.flatFileReader(partition, file, FORMAT, null, 64, set -> set);
			reader.open(new ExecutionContext());
			assertThat(reader.read()).isNotNull();
			assertThatThrownBy(reader::read).hasMessageContaining("Unexpected end of file before record complete");
			reader.close();
		}
		finally {
			Files.deleteIfExists(file);
		}
	}

	private static List<RawRecord> readRange(Path file, ByteRange range, int bufferSize) throws Exception {
		SpringPartition partition = new SpringPartition(range, null, null, null);
		FlatFileItemReader<Object> reader = SpringRangeReader.flatFileReader(partition, file, FORMAT, null, bufferSize,
				set -> ((RecordFieldSet) set).record());
		List<RawRecord> records = new ArrayList<>();
		reader.open(new ExecutionContext());
		try {
			for (Object item = reader.read(); item != null; item = reader.read()) {
				records.add((RawRecord) item);
			}
			assertThat(partition.lines == null ? range.start() : partition.lines.position()).isEqualTo(range.end());
		}
		finally {
			reader.close();
		}
		return records;
	}

	private static ByteRange rangeOf(List<ByteRange> ranges, long offset) {
		return ranges.stream().filter(r -> offset >= r.start() && offset < r.end()).findFirst().orElseThrow();
	}

	record Field(String value, boolean quoted) {

		String written() {
			return this.quoted ? "\"" + this.value.replace("\"", "\"\"") + "\"" : this.value;
		}

	}

	@Provide
	Arbitrary<List<List<Field>>> records() {
		Arbitrary<String> plain = Arbitraries.strings().withChars("abcxyz0129 é").ofMaxLength(6);
		Arbitrary<String> tricky = Arbitraries.strings().withChars("ab,\"\n é").ofMaxLength(8);
		Arbitrary<Field> field = Arbitraries.oneOf(plain.map(v -> new Field(v, false)), tricky.map(v -> new Field(v, true)));
		return field.list().ofSize(3).list().ofMinSize(0).ofMaxSize(40);
	}

}
