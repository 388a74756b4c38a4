package io.rowlift.source.csv;

import io.rowlift.source.ByteRange;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.BadRecordException;
import io.rowlift.model.RawRecord;
import io.rowlift.progress.PartitionProgress;
import io.rowlift.testsupport.Reads;

/** Tests for {@link CsvRecordParser} through {@link ByteRangeReader}, with a tiny buffer so records straddle refills. */
class CsvRecordParserTests {

	@TempDir
	Path dir;

	@Test
	void readsQuotedFieldsDoubledQuotesDelimitersAndLineBreaksInsideQuotes() throws Exception {
		List<List<String>> records = read("h1,h2\n\"a,b\",\"say \"\"hi\"\"\"\n\"two\nlines\",x\n");
		assertThat(records).containsExactly(List.of("\"a,b", "\"say \"hi\""), List.of("\"two\nlines", "x"));
	}

	@Test
	void marksQuotedEmptyFieldsApartFromEmptyOnes() throws Exception {
		assertThat(read("a,b,c\n,\"\",\n")).containsExactly(List.of("", "\"", ""));
	}

	@Test
	void stripsCarriageReturnsOfCrlfRecordEndsOnly() throws Exception {
		assertThat(read("a,b\r\nx\ry,z\r\n1,\"2\"\r\n")).containsExactly(List.of("x\ry", "z"), List.of("1", "\"2"));
	}

	@Test
	void readsALastRecordWithoutLineEnd() throws Exception {
		assertThat(read("a,b\n1,2\n3,")).containsExactly(List.of("1", "2"), List.of("3", ""));
	}

	@Test
	void readsMultiByteCharactersAcrossBufferRefills() throws Exception {
		String long1 = "Zürich—東京—𝄞".repeat(20);
		assertThat(read("a,b\n" + long1 + ",\"" + long1 + "\"\n")).containsExactly(List.of(long1, "\"" + long1));
	}

	@Test
	void returnsARecordWithAnUnclosedQuoteWholeWithItsProblemLocated() throws Exception {
		List<String> problems = problems("a,b\n1,2\n3,\"open\nstill open\n");
		assertThat(problems).containsExactly("", "t.csv:3:2 (byte 10): the quote that opens this field is never closed before the "
				+ "end of the file; close it, and write a quote inside a quoted field twice (\"\")");
	}

	@Test
	void returnsARecordWithGarbageAfterAClosingQuoteAndGoesOnAtTheNextRecord() throws Exception {
		Path file = write("a,b\n1,2\n\"x\"y,2\n3,4\n");
		assertThat(problems("a,b\n1,2\n\"x\"y,2\n3,4\n")).containsExactly("", "t.csv:3:1 (byte 11): unexpected character 'y' "
				+ "after the closing quote of field 1; a quote inside a quoted field must be written twice (\"\")", "");
		assertThat(read("a,b\n1,2\n\"x\"y,2\n3,4\n")).hasSize(3).last().isEqualTo(List.of("3", "4"));
		assertThat(file).exists();
	}

	@Test
	void refusesARecordLongerThanTheMaximum() throws Exception {
		Path file = write("a\n\"" + "x".repeat(5000) + "\n");
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, 2, Files.size(file), 2).writeTo(context);
		ByteRangeReader reader = new ByteRangeReader(file, "t.csv", CsvFormat.RFC4180, 64, 1000);
		reader.open(context);
		assertThatThrownBy(reader::read).isInstanceOf(BadRecordException.class)
			.hasMessageContaining("record longer than 1000 bytes; usually a quote that is never closed");
		reader.close();
	}

	@Test
	void resumesFromTheSavedOffsetWithoutRereading() throws Exception {
		Path file = write("a,b\n1,x\n2,y\n3,z\n4,w\n");
		CsvHeader header = CsvHeader.read(file, "t.csv", CsvFormat.RFC4180);
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, header.dataStart(), Files.size(file), header.dataStartLine()).writeTo(context);
		ByteRangeReader first = new ByteRangeReader(file, "t.csv", CsvFormat.RFC4180, 64, 1 << 20);
		first.open(context);
		first.read();
		first.read();
		first.update(context);
		first.read(); // read but not committed: must come again
		first.close();

		ByteRangeReader second = new ByteRangeReader(file, "t.csv", CsvFormat.RFC4180, 64, 1 << 20);
		second.open(context);
		RawRecord next = second.read();
		assertThat(Reads.marked(next)).containsExactly("3", "z");
		assertThat(next.offset()).isEqualTo(12);
		assertThat(second.locator().line(next)).isEqualTo(4);
		assertThat(Reads.marked(second.read())).containsExactly("4", "w");
		assertThat(second.read()).isNull();
		second.update(context);
		assertThat(context.getLong(PartitionProgress.READ)).isEqualTo(4);
		second.close();
	}

	/**
	 * Issue #34 item 6: blank lines (LF, CRLF, a lone CR at the very end) are no records, while a line holding only
	 * {@code ""} or the null token is one; a blank line inside quotes is the field's text.
	 */
	@Test
	void skipsBlankLinesButNotALineOfAQuotedEmptyFieldOrOneInsideQuotes() throws Exception {
		assertThat(read("a\n\nx\n\r\n\n\"\"\n\"p\n\nq\"\n\n\r")).containsExactly(List.of("x"), List.of("\""),
				List.of("\"p\n\nq"));
		assertThat(read("a,b\r\n\r\n1,2\r\n\r\n")).containsExactly(List.of("1", "2"));
	}

	/**
	 * What the reader saves after a record counts the blank lines before that record only, so a resume from there
	 * (the read-ahead saves after the last record it handed out, while its parser has gone further) counts the blank
	 * lines after it once; at the end it saves them all.
	 */
	@Test
	void savesTheBlankLinesBeforeTheRecordItSavesAfter() throws Exception {
		Path file = write("a\n\n1\n\n\n2\n\n");
		CsvHeader header = CsvHeader.read(file, "t.csv", CsvFormat.RFC4180);
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, header.dataStart(), Files.size(file), header.dataStartLine()).writeTo(context);
		ByteRangeReader reader = new ByteRangeReader(file, "t.csv", header.format(), 64, 1 << 20);
		reader.open(context);
		RawRecord one = reader.read();
		RawRecord two = reader.read();
		assertThat(reader.read()).isNull();
		reader.saveAfter(context, one, 1);
		assertThat(PartitionProgress.readFrom(context).blankLines()).isEqualTo(1);
		reader.saveAfter(context, two, 2);
		assertThat(PartitionProgress.readFrom(context).blankLines()).isEqualTo(3);
		reader.update(context);
		assertThat(PartitionProgress.readFrom(context).blankLines()).isEqualTo(4);
		reader.close();

		reader.saveAfter(context, one, 1);
		ByteRangeReader resumed = new ByteRangeReader(file, "t.csv", header.format(), 64, 1 << 20);
		resumed.open(context);
		assertThat(Reads.marked(resumed.read())).containsExactly("2");
		assertThat(resumed.read()).isNull();
		resumed.update(context);
		assertThat(PartitionProgress.readFrom(context).blankLines()).as("each blank line once").isEqualTo(4);
		resumed.close();
	}

	/** A blank line right at a range's end belongs to the next range: counted there, not twice. */
	@Test
	void countsABlankLineInTheRangeItStartsIn() throws Exception {
		Path file = write("a\n1\n\n\n2\n");
		long[] blankLines = new long[2];
		long[][] ranges = { { 2, 5 }, { 5, Files.size(file) } }; // the second starts at the second blank line
		for (int i = 0; i < 2; i++) {
			ExecutionContext context = new ExecutionContext();
			new ByteRange(i, ranges[i][0], ranges[i][1], 2 + i).writeTo(context);
			ByteRangeReader reader = new ByteRangeReader(file, "t.csv", CsvFormat.RFC4180, 64, 1 << 20);
			reader.open(context);
			while (reader.read() != null) {
				// read the range
			}
			reader.update(context);
			blankLines[i] = PartitionProgress.readFrom(context).blankLines();
			reader.close();
		}
		assertThat(blankLines).containsExactly(1, 1);
	}

	@Test
	void withBlankLinesFailABlankLineIsARecordWithItsProblem() throws Exception {
		Path file = write("a\n1\n\r\n2\n");
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, 2, Files.size(file), 2).writeTo(context);
		ByteRangeReader reader = new ByteRangeReader(file, "t.csv", CsvFormat.RFC4180, 64, 1 << 20,
				io.rowlift.source.Compression.NONE, io.rowlift.source.BlankLines.FAIL);
		reader.open(context);
		reader.read();
		RawRecord blank = reader.read();
		assertThat(reader.locator().at(blank, blank.problem()) + ": " + blank.problem().message()).isEqualTo("t.csv:3:1 (byte 4): "
				+ io.rowlift.source.BlankLines.REASON);
		assertThat(Reads.marked(reader.read())).containsExactly("2");
		reader.close();
	}

	@Test
	void headerSkipsAUtf8BomAndTrimsNames() throws Exception {
		Path file = this.dir.resolve("bom.csv");
		byte[] body = " Id , Name\n1,x\n".getBytes(StandardCharsets.UTF_8);
		byte[] all = new byte[body.length + 3];
		all[0] = (byte) 0xEF;
		all[1] = (byte) 0xBB;
		all[2] = (byte) 0xBF;
		System.arraycopy(body, 0, all, 3, body.length);
		Files.write(file, all);
		CsvHeader header = CsvHeader.read(file, "bom.csv", CsvFormat.RFC4180);
		assertThat(header.names()).containsExactly("Id", "Name");
		assertThat(header.dataStart()).isEqualTo(3 + 11);
		assertThat(header.dataStartLine()).isEqualTo(2);
	}

	/** For each record, its problem located as a message prefix and text, or "" when it has none. */
	private List<String> problems(String content) throws Exception {
		Path file = write(content);
		CsvHeader header = CsvHeader.read(file, "t.csv", CsvFormat.RFC4180);
		ExecutionContext context = new ExecutionContext();
		new ByteRange(0, header.dataStart(), Files.size(file), header.dataStartLine()).writeTo(context);
		ByteRangeReader reader = new ByteRangeReader(file, "t.csv", header.format(), 64, 1 << 20);
		reader.open(context);
		List<String> problems = new java.util.ArrayList<>();
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			problems.add(r.problem() == null ? "" : reader.locator().at(r, r.problem()) + ": " + r.problem().message());
		}
		reader.close();
		return problems;
	}

	private List<List<String>> read(String content) throws Exception {
		Path file = write(content);
		CsvHeader header = CsvHeader.read(file, "t.csv", CsvFormat.RFC4180);
		return Reads.range(file, CsvFormat.RFC4180, new ByteRange(0, header.dataStart(), Files.size(file), header.dataStartLine()));
	}

	private Path write(String content) throws Exception {
		return Files.writeString(this.dir.resolve("t.csv"), content, StandardCharsets.UTF_8);
	}

}
