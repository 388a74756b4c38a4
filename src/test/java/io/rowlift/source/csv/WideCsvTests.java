package io.rowlift.source.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.source.InputCapability;
import io.rowlift.source.InputSource;
import io.rowlift.source.WideCharset;
import io.rowlift.testsupport.Reads;
import io.rowlift.testsupport.ReferenceCsv;
import io.rowlift.testsupport.SourceSettings;

/**
 * UTF-16 and UTF-32 CSV files (issue #21, item 5) read through their UTF-8 copy: split at 1 to 8 partitions,
 * every record read exactly once as the reference parse of the text says; resumed from a saved position; places
 * in the file's bytes.
 */
class WideCsvTests {

	@TempDir
	Path dir;

	@ParameterizedTest(name = "{0}, mark {1}")
	@CsvSource({ "UTF_16LE, true", "UTF_16LE, false", "UTF_16BE, true", "UTF_16BE, false", "UTF_32LE, true", "UTF_32LE, false",
			"UTF_32BE, true", "UTF_32BE, false" })
	void everyPartitionCountFrom1To8ReadsEveryRecordOnceAndTheRangesCoverTheFile(WideCharset wide, boolean mark) throws Exception {
		String text = text(400, 7);
		CsvInput input = open(write(text, wide, mark), wide, mark);
		assertThat(input.csvFormat().wide()).isEqualTo(wide);
		assertThat(input.charset()).isEqualTo(StandardCharsets.UTF_8);
		assertThat(input.format().can(InputCapability.SPRING_PIPELINE)).isFalse();
		assertThat(input.format().description()).isEqualTo(wide.charset().name() + " csv");
		List<List<String>> expected = ReferenceCsv.parseMarked(text).subList(1, 401);
		for (int partitions = 1; partitions <= 8; partitions++) {
			Map<String, ExecutionContext> units = input.partitioner(1, Checkpoints.NONE).partition(partitions);
			List<List<String>> read = new ArrayList<>();
			for (ExecutionContext unit : units.values()) {
				long start = unit.getLong("range.start");
				assertThat(start % wide.unit()).as("a split at a code unit boundary").isZero();
				read.addAll(Reads.range(input.file(), input.csvFormat(), io.rowlift.source.ByteRange.readFrom(unit)));
			}
			assertThat(read).as(partitions + " partitions").isEqualTo(expected);
			assertThat(input.coverage(units)).isEmpty();
		}
	}

	@ParameterizedTest
	@CsvSource({ "UTF_16LE", "UTF_32BE" })
	void aReaderResumesFromThePositionItSavedAndEndsItsRange(WideCharset wide) throws Exception {
		String text = text(200, 3);
		CsvInput input = open(write(text, wide, true), wide, true);
		ExecutionContext context = input.whole();
		List<List<String>> read = new ArrayList<>();
		ByteRangeReader first = input.reader(64, 1 << 20);
		first.open(context);
		for (int i = 0; i < 77; i++) {
			read.add(Reads.marked(first.read()));
		}
		first.update(context);
		first.close();
		ByteRangeReader second = input.reader(64, 1 << 20);
		second.open(context);
		for (RawRecord r = second.read(); r != null; r = second.read()) {
			read.add(Reads.marked(r));
		}
		second.update(context);
		second.close();
		assertThat(read).isEqualTo(ReferenceCsv.parseMarked(text).subList(1, 201));
		assertThat(input.progress(context).ended()).as(input.progress(context).toString()).isTrue();
	}

	@ParameterizedTest
	@CsvSource({ "UTF_16LE", "UTF_16BE", "UTF_32LE" })
	void aBadRecordIsPlacedByTheFilesLineAndByteAndItsRawBytesAreUtf8(WideCharset wide) throws Exception {
		String head = "id,body\n1,\"東京\nline\"\n2,😀\n";
		String bad = "3,\"ab\"x\n";
		String text = head + bad + "4,end\n";
		Path file = write(text, wide, true);
		CsvInput input = open(file, wide, true);
		ByteRangeReader reader = input.reader(64, 1 << 20);
		ExecutionContext context = input.whole();
		reader.open(context);
		RawRecord record = null;
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			if (r.problem() != null) {
				record = r;
			}
		}
		reader.close();
		assertThat(record).isNotNull();
		long mark = wide.unit();
		long recordByte = mark + head.getBytes(wide.charset()).length;
		long xByte = recordByte + "3,\"ab\"".getBytes(wide.charset()).length;
		assertThat(record.offset()).isEqualTo(recordByte);
		assertThat(record.rawLength()).isEqualTo(bad.getBytes(wide.charset()).length);
		SourceLocator locator = input.locator(context);
		assertThat(locator.at(record, record.problem())).isEqualTo("t.csv:5:2 (byte " + xByte + ")");
		assertThat(locator.at(record, 1)).isEqualTo("t.csv:5:2 (byte " + (recordByte + "3,".getBytes(wide.charset()).length) + ")");
		assertThat(new String(locator.raw(record), StandardCharsets.UTF_8)).isEqualTo(bad);
		assertThat(new String(input.rejectFilePreamble(), StandardCharsets.UTF_8)).isEqualTo("id,body\n");
	}

	/** {@code rows} records {@code id,body}, bodies with quotes, commas, line breaks, and characters whose units hold ',' or LF. */
	static String text(int rows, long seed) {
		Random random = new Random(seed);
		String[] pieces = { "a", "Zürich", "東京", "😀", "\u2C0A", "\u0A2C", ",", "\"\"", "\n", "\r\n", " ", "é€" };
		StringBuilder text = new StringBuilder("id,body\n");
		for (int id = 1; id <= rows; id++) {
			StringBuilder body = new StringBuilder();
			for (int i = random.nextInt(6); i >= 0; i--) {
				body.append(pieces[random.nextInt(pieces.length)]);
			}
			String b = body.toString();
			boolean quote = b.contains(",") || b.contains("\"") || b.contains("\n") || b.contains("\r") || random.nextBoolean();
			text.append(id).append(',').append(quote ? "\"" + b + "\"" : b).append("\n");
		}
		return text.toString();
	}

	private Path write(String text, WideCharset wide, boolean mark) throws Exception {
		Path file = this.dir.resolve("t.csv");
		Files.write(file, ((mark ? "\uFEFF" : "") + text).getBytes(wide.charset()));
		return file;
	}

	private static CsvInput open(Path file, WideCharset wide, boolean mark) {
		InputSource source = mark ? new CsvInputFormat().open(file, "t.csv", SourceSettings.of(file.toString()))
				: new CsvInputFormat().open(file, "t.csv", SourceSettings.of(file.toString(), "encoding", wide.charset().name()));
		return (CsvInput) source;
	}

}
