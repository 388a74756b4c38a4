package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import com.github.luben.zstd.ZstdOutputStream;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;

/**
 * Compressed CSV (issue #21, item 2) by the whole command on a real database: gzip and zstd files load
 * exactly whatever the partition count (one stream, one partition); a load failed at a random record
 * resumes exactly; a truncated or corrupt archive is exit 2 with the file, the compressed and the
 * uncompressed byte, and nothing committed (the file is checked whole before the load); the spring pipeline refuses a compressed input with exit 2, naming the fast pipeline.
 * A file of several gzip members or zstd frames, failed or killed mid-load, resumes at the member or frame that holds
 * the saved position, not at the file's start, and exactly.
 */
abstract class CompressedCsvScenarios extends ScenarioSupport {

	static final int ROWS = 30_000;

	/** The file's rows, {@code value_1,value_2}, in file order. */
	private static List<String> fileRows(Path csv) throws IOException {
		List<String> lines = Files.readAllLines(csv);
		return lines.subList(1, lines.size());
	}

	/** The table's rows in load order (the id the database gave them). */
	private List<String> tableRows() throws Exception {
		return rows("SELECT value_1, value_2 FROM ints ORDER BY id").stream().map(r -> r.get(0) + "," + r.get(1)).toList();
	}

	static Path compress(Path csv, String compression) throws IOException {
		Path out = Path.of(csv + (compression.equals("gzip") ? ".gz" : ".zst"));
		try (OutputStream stream = compression.equals("gzip") ? new GZIPOutputStream(Files.newOutputStream(out), 1 << 16)
				: new ZstdOutputStream(Files.newOutputStream(out)).setChecksum(true)) {
			Files.copy(csv, stream);
		}
		return out;
	}

	/** A file compressed in parts, one gzip member or zstd frame each (as {@code cat a.gz b.gz}, pigz or pzstd make), and where each starts. */
	record Parts(Path file, List<Long> starts) {
	}

	/** {@code csv} cut into {@code parts} pieces at arbitrary bytes (a record may span two), each compressed on its own. */
	static Parts compressInParts(Path csv, String compression, int parts) throws IOException {
		byte[] plain = Files.readAllBytes(csv);
		Path out = Path.of(csv + (compression.equals("gzip") ? ".gz" : ".zst"));
		List<Long> starts = new ArrayList<>();
		try (OutputStream file = Files.newOutputStream(out)) {
			long written = 0;
			for (int i = 0; i < parts; i++) {
				int from = (int) ((long) plain.length * i / parts);
				int to = (int) ((long) plain.length * (i + 1) / parts);
				starts.add(written);
				java.io.ByteArrayOutputStream part = new java.io.ByteArrayOutputStream();
				try (OutputStream stream = compression.equals("gzip") ? new GZIPOutputStream(part)
						: new ZstdOutputStream(part).setChecksum(true)) {
					stream.write(plain, from, to - from);
				}
				file.write(part.toByteArray());
				written += part.size();
			}
		}
		return new Parts(out, starts);
	}

	/** The compressed byte a resumed run's log says it entered the file at, or -1 when it read it from its start. */
	static long resumedAt(String output, String compression) {
		Matcher m = Pattern.compile(": resuming at compressed byte (\\d+), where the "
				+ (compression.equals("gzip") ? "gzip member" : "zstd frame") + " that holds uncompressed byte \\d+ starts").matcher(output);
		return m.find() ? Long.parseLong(m.group(1)) : -1;
	}

	@ParameterizedTest(name = "{0}, {1} partition(s)")
	@CsvSource({ "gzip, 1", "gzip, 3", "zstd, 1", "zstd, 4" })
	void aCompressedFileLoadsExactlyAsOneStreamWhateverThePartitionCount(String compression, int partitions) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 7);
		Path packed = compress(csv, compression);

		RowliftRun run = rowlift(packed, "ints", "--rowlift.job.partitions=" + partitions, "--rowlift.job.chunk-size=4000",
				"--rowlift.report.progress=none");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains(partitions == 1 ? "1 partition (set by rowlift.job.partitions), 1 thread"
				: "1 partition (" + compression + "-compressed csv input is one stream, read from its start), 1 thread")
			.contains("read " + String.format("%,d", ROWS) + " = written " + String.format("%,d", ROWS));
		assertThat(tableRows()).isEqualTo(fileRows(csv));
	}

	/** The same file named without its extension: {@code rowlift.source.compression} says it. */
	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void theCompressionSettingNamesItWhateverTheFileName(String compression) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 2_000, 11);
		Path packed = Files.move(compress(csv, compression), this.dir.resolve("ints.data"));

		RowliftRun run = rowlift(packed, "ints", "--rowlift.source.compression=" + compression, "--rowlift.report.progress=none");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(tableRows()).isEqualTo(fileRows(csv));
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void failedAtARandomRecordTheSameCommandResumesExactly(String compression) throws Exception {
		long seed = System.nanoTime();
		int failAt = 1 + new Random(seed).nextInt(ROWS);
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, seed);
		Path packed = compress(csv, compression);
		String[] options = { "--rowlift.job.chunk-size=3000", "--rowlift.report.progress=none" };

		RowliftRun failed = rowlift(packed, "ints", concat(options, "--rowlift.test.fail-at-record=" + failAt));

		assertThat(failed.exitCode()).as("seed " + seed + ", failed at record " + failAt + ": " + failed).isEqualTo(1);
		long committed = count("SELECT COUNT(*) FROM ints");
		assertThat(committed).as("committed before record " + failAt).isLessThan(failAt).isEqualTo((failAt - 1) / 3000 * 3000L);

		RowliftRun again = rowlift(packed, "ints", options);

		assertThat(again.exitCode()).as("seed " + seed + ": " + again).isZero();
		assertThat(again.out()).contains("run 1 resumed and completed");
		assertThat(tableRows()).as("seed " + seed + ", failed at record " + failAt).isEqualTo(fileRows(csv));
	}

	/**
	 * Issue #21, item 2: a file of 12 members or frames failed at a random record after its first chunks resumes at the
	 * member or frame that holds the saved position (not at the file's start), and exactly.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void severalMembersOrFramesFailedAtARandomRecordResumeAtTheOneThatHoldsThePosition(String compression) throws Exception {
		long seed = System.nanoTime();
		int failAt = ROWS / 3 + new Random(seed).nextInt(ROWS * 2 / 3);
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, seed);
		Parts packed = compressInParts(csv, compression, 12);
		String[] options = { "--rowlift.job.chunk-size=3000", "--rowlift.report.progress=none" };

		RowliftRun failed = rowlift(packed.file(), "ints", concat(options, "--rowlift.test.fail-at-record=" + failAt));

		assertThat(failed.exitCode()).as("seed " + seed + ", failed at record " + failAt + ": " + failed).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo((failAt - 1) / 3000 * 3000L);

		RowliftRun again = rowlift(packed.file(), "ints", options);

		assertThat(again.exitCode()).as("seed " + seed + ": " + again).isZero();
		assertThat(again.out()).contains("run 1 resumed and completed");
		long at = resumedAt(again.out() + again.err(), compression);
		assertThat(at).as("seed " + seed + ": the resume entered the file at a member's or frame's start past the first: " + again)
			.isPositive().isIn(packed.starts());
		assertThat(tableRows()).as("seed " + seed + ", failed at record " + failAt).isEqualTo(fileRows(csv));
	}

	/** The same killed (kill -9) inside its second chunk, in a process of its own: the same command resumes in the member or frame. */
	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void severalMembersOrFramesKilledMidLoadResumeAtTheOneThatHoldsThePosition(String compression) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 41);
		Parts packed = compressInParts(csv, compression, 12);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = new ArrayList<>(target().options());
			command.addAll(List.of("--rowlift.source.path=" + packed.file(), "--rowlift.target.table=ints", "--rowlift.job.chunk-size=7000"));
			List<String> paused = new ArrayList<>(command);
			paused.add("--rowlift.test.pause-at=load");
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			jar.awaitOutput(first, "rowlift-test: paused at load", Duration.ofMinutes(3));
			first.kill();
			assertThat(count("SELECT COUNT(*) FROM ints")).as("the first chunk committed").isEqualTo(7000);

			RowliftJar.Attempt again = jar.runHere("the same command after kill -9", command, Duration.ofMinutes(3));

			assertThat(again.exitCode()).as(jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed");
			long at = resumedAt(again.output(), compression);
			assertThat(at).as("entered at a member's or frame's start past the first: " + jar.tail(20_000)).isPositive()
				.isIn(packed.starts());
			assertThat(tableRows()).isEqualTo(fileRows(csv));
		}
		finally {
			jar.killAll();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void aTruncatedArchiveNamesTheFileAndBothBytesAndCommitsNothingOfTheBrokenPart(String compression) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 5);
		Path packed = compress(csv, compression);
		long half = Files.size(packed) / 2;
		byte[] bytes = Files.readAllBytes(packed);
		Files.write(packed, java.util.Arrays.copyOf(bytes, (int) half));

		RowliftRun run = rowlift(packed, "ints", "--rowlift.job.chunk-size=2000", "--rowlift.report.progress=none");

		assertThat(run.exitCode()).as("checked whole before anything is written: " + run).isEqualTo(2);
		assertThat(run.err() + run.out()).containsPattern(java.util.regex.Pattern.quote(packed + ": the " + compression
				+ " data breaks at compressed byte ") + "\\d+ \\(uncompressed byte \\d+\\): ")
			.contains("the file is truncated or corrupt");
		String message = (run.err() + run.out());
		long compressedAt = Long.parseLong(message.replaceAll("(?s).*breaks at compressed byte (\\d+).*", "$1"));
		assertThat(compressedAt).as("where a truncated file breaks: its end, or the decompressor's last read").isLessThanOrEqualTo(half)
			.isGreaterThan(half - (1 << 17));
		assertCommittedIsAPrefixBefore(csv, message);
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void aCorruptArchiveNamesTheFileAndBothBytesAndCommitsNothingOfTheBrokenPart(String compression) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 3);
		Path packed;
		long broken;
		if (compression.equals("gzip")) { // a deflate block header that cannot be: block type 3
			packed = compress(csv, compression);
			byte[] bytes = Files.readAllBytes(packed);
			broken = bytes.length / 2;
			for (int i = 0; i < 8; i++) {
				bytes[(int) broken + i] = (byte) 0xff;
			}
			Files.write(packed, bytes);
		}
		else { // two frames, the second's magic number destroyed: zstd checks a frame's data only at its end
			Path first = compress(Files.write(this.dir.resolve("a.csv"), Files.readAllLines(csv).subList(0, ROWS / 2)), "zstd");
			List<String> rest = Files.readAllLines(csv).subList(ROWS / 2, ROWS + 1);
			Path second = compress(Files.write(this.dir.resolve("b.csv"), rest), "zstd");
			byte[] a = Files.readAllBytes(first);
			byte[] b = Files.readAllBytes(second);
			b[0] = 0x00;
			b[1] = 0x11;
			packed = this.dir.resolve("ints.csv.zst");
			try (OutputStream out = Files.newOutputStream(packed)) {
				out.write(a);
				out.write(b);
			}
			broken = a.length;
		}

		RowliftRun run = rowlift(packed, "ints", "--rowlift.job.chunk-size=2000", "--rowlift.report.progress=none");

		assertThat(run.exitCode()).as("checked whole before anything is written: " + run).isEqualTo(2);
		String message = run.err() + run.out();
		assertThat(message).containsPattern(java.util.regex.Pattern.quote(packed + ": the " + compression
				+ " data breaks at compressed byte ") + "\\d+ \\(uncompressed byte \\d+\\): ");
		long compressedAt = Long.parseLong(message.replaceAll("(?s).*breaks at compressed byte (\\d+).*", "$1"));
		// where the decoder noticed: at the damage, or (bytes it could decode) at the member's CRC, its end
		assertThat(compressedAt).as("the damage is at " + broken).isGreaterThanOrEqualTo(broken).isLessThanOrEqualTo(Files.size(packed));
		assertCommittedIsAPrefixBefore(csv, message);
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();
	}

	/** The rows committed are the file's first rows, none at or after the uncompressed byte the message names. */
	private void assertCommittedIsAPrefixBefore(Path csv, String message) throws Exception {
		long uncompressedAt = Long.parseLong(message.replaceAll("(?s).*\\(uncompressed byte (\\d+)\\).*", "$1"));
		List<String> all = fileRows(csv);
		List<String> whole = new ArrayList<>();
		long offset = "value_1,value_2\n".length();
		for (String row : all) {
			offset += row.length() + 1;
			if (offset > uncompressedAt) {
				break;
			}
			whole.add(row);
		}
		List<String> stored = tableRows();
		assertThat(stored.size()).as("rows committed, of " + whole.size() + " whole before the break").isLessThanOrEqualTo(whole.size());
		assertThat(stored).isEqualTo(whole.subList(0, stored.size()));
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void theSpringPipelineRefusesACompressedInputWithExit2NamingTheFastPipeline(String compression) throws Exception {
		Path packed = compress(GenCsv.write(this.dir.resolve("ints.csv"), "ints", 100, 1), compression);

		RowliftRun run = rowlift(packed, "ints", "--rowlift.job.pipeline=spring");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err() + run.out()).contains(packed + ": the spring pipeline (set by rowlift.job.pipeline) cannot read "
				+ compression + "-compressed csv input").contains("--rowlift.job.pipeline=fast");
		assertThat(count("SELECT COUNT(*) FROM ints")).isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "gz", "lz4" })
	void anUnknownCompressionIsExit2NamingTheKey(String value) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", 10, 1);

		RowliftRun run = rowlift(csv, "ints", "--rowlift.source.compression=" + value);

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err() + run.out()).contains("rowlift.source.compression").contains("gzip, zstd or none");
	}

}
