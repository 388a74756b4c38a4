package io.rowlift.source.csv;

import io.rowlift.source.LineEnding;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordSampleTests {

	private static final int BUFFER = 64 * 1024;

	private static final int MAX_RECORD = 16 << 20;

	@TempDir
	Path dir;

	@Test
	void averagesTheDataRecordsWithoutTheHeader() throws Exception {
		Path file = write("long.csv", "a_much_longer_header_name,b\n" + ("x".repeat(63) + "\n").repeat(100));

		RecordSample sample = sample(file, CsvFormat.RFC4180);

		assertThat(sample).isEqualTo(new RecordSample(6400, 100));
		assertThat(sample.averageBytes()).isEqualTo(64);
	}

	@Test
	void aQuotedLineEndIsInsideTheRecordNotTheEndOfOne() throws Exception {
		// 10 records of 100 bytes, each with 9 line ends inside quotes: counting '\n' would say 10 bytes
		String record = "\"" + "abcdefgh\n".repeat(9) + "ab\"," + "x".repeat(13) + "\n";
		assertThat(record).hasSize(100);
		Path file = write("quoted.csv", "a,b\n" + record.repeat(10));

		assertThat(sample(file, CsvFormat.RFC4180).averageBytes()).isEqualTo(100);
	}

	@Test
	void honoursTheLineEnding() throws Exception {
		Path file = write("cr.csv", "a\r" + ("y".repeat(19) + "\r").repeat(50));
		CsvFormat cr = CsvFormat.RFC4180.withLineEnding(LineEnding.CR);

		assertThat(sample(file, cr)).isEqualTo(new RecordSample(1000, 50));
	}

	@Test
	void samplesOnlyTheFirstMebibyte() throws Exception {
		byte[] bytes = new byte[RecordSample.SAMPLE + 4096];
		java.util.Arrays.fill(bytes, (byte) 'x');
		for (int i = 9; i < RecordSample.SAMPLE; i += 10) {
			bytes[i] = '\n'; // 10-byte records in the sample, one long record after it
		}
		Path file = Files.write(this.dir.resolve("mixed.csv"), bytes);
		CsvFormat noHeader = new CsvFormat((byte) ',', (byte) '"', -1, -1, false, LineEnding.LF, StandardCharsets.UTF_8, null);

		RecordSample sample = sample(file, noHeader);

		assertThat(sample.averageBytes()).isEqualTo(10);
		assertThat(sample.records()).isEqualTo(RecordSample.SAMPLE / 10 + 1); // the one that starts inside is read whole
	}

	@Test
	void aRecordLongerThanTheSampleCountsAsLong() throws Exception {
		Path file = Files.write(this.dir.resolve("one.csv"), ("a\n" + "z".repeat(RecordSample.SAMPLE + 1)).getBytes());

		assertThat(sample(file, CsvFormat.RFC4180).averageBytes()).isEqualTo(RecordSample.SAMPLE + 1);
		assertThat(RecordSample.of(file, header(file, CsvFormat.RFC4180), BUFFER, 1000).averageBytes())
			.as("longer than the parser takes").isEqualTo(RecordSample.SAMPLE);
	}

	@Test
	void nothingToSampleInAFileWithoutDataOrOneThatIsGone() throws Exception {
		Path headerOnly = write("header.csv", "a,b\n");
		assertThat(sample(headerOnly, CsvFormat.RFC4180)).isEqualTo(RecordSample.NONE);
		assertThat(RecordSample.NONE.averageBytes()).isEqualTo(-1);

		Path empty = Files.createFile(this.dir.resolve("empty.csv"));
		assertThat(sample(empty, CsvFormat.RFC4180).averageBytes()).isEqualTo(-1);

		CsvHeader header = header(headerOnly, CsvFormat.RFC4180);
		assertThat(RecordSample.of(this.dir.resolve("missing.csv"), header, BUFFER, MAX_RECORD)).isEqualTo(RecordSample.NONE);
	}

	private Path write(String name, String content) throws Exception {
		return Files.writeString(this.dir.resolve(name), content);
	}

	private static RecordSample sample(Path file, CsvFormat format) throws Exception {
		return RecordSample.of(file, header(file, format), BUFFER, MAX_RECORD);
	}

	private static CsvHeader header(Path file, CsvFormat format) throws Exception {
		return CsvHeader.read(file, file.getFileName().toString(), format);
	}

}
