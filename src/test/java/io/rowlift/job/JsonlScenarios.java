package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.rowlift.testsupport.RowliftJar;
import io.rowlift.testsupport.RowliftRun;

/**
 * JSON Lines loads (issue #21 item 3) on a real database, into the {@code typed} table: every kind of value,
 * keys in any order and any case, missing keys and nulls, escapes and non-ASCII text, nested values stored as
 * JSON text; several partition counts; lines that are not objects rejected with file, line and byte; a failed
 * and a killed load resumed to an exact table; the spring pipeline and unknown keys refused with exit 2.
 */
abstract class JsonlScenarios extends ScenarioSupport {

	/** One generated line and the row it must become. */
	record Line(String json, List<String> row) {
	}

	@Test
	void everyValueArrivesExactlyWithOneThreeAndSevenPartitions() throws Exception {
		List<Line> lines = lines(3000, 11);
		Path file = write("typed.jsonl", lines);
		for (int partitions : new int[] { 1, 3, 7 }) {
			target().reset();
			RowliftRun run = rowlift(file, "typed", "--rowlift.job.partitions=" + partitions, "--rowlift.job.chunk-size=200");
			assertThat(run.exitCode()).as(run.toString()).isZero();
			assertThat(run.out()).contains("read 3,000 = written 3,000");
			assertThat(stored()).as(partitions + " partitions").isEqualTo(expected(lines));
		}
	}

	@Test
	void anNdjsonFileOrAnyFileWithRowliftSourceFormatJsonlLoadsTheSame() throws Exception {
		List<Line> lines = lines(500, 5);
		RowliftRun ndjson = rowlift(write("typed.ndjson", lines), "typed", "--rowlift.job.partitions=2");
		assertThat(ndjson.exitCode()).as(ndjson.toString()).isZero();
		assertThat(stored()).isEqualTo(expected(lines));
		target().reset();
		RowliftRun txt = rowlift(write("typed.txt", lines), "typed", "--rowlift.source.format=jsonl");
		assertThat(txt.exitCode()).as(txt.toString()).isZero();
		assertThat(stored()).isEqualTo(expected(lines));
	}

	@Test
	void aLineThatIsNotOneObjectIsARejectWithFileLineAndByteAndNothingOfItIsWritten() throws Exception {
		List<Line> good = lines(40, 3);
		List<String> text = new ArrayList<>(good.stream().map(Line::json).toList());
		String array = "[1, 2]";
		String broken = "{\"id\": 100001, \"flag\": true, \"note\": \"half\",, \"small\": 1}";
		String badNumber = "{\"id\": 100002, \"flag\": true, \"note\": \"typo\", \"small\": \"seven\"}";
		text.add(10, array);
		text.add(20, broken);
		text.add(30, badNumber);
		Path file = this.dir.resolve("events.jsonl");
		Files.writeString(file, String.join("\n", text) + "\n", StandardCharsets.UTF_8);
		String content = Files.readString(file, StandardCharsets.UTF_8);
		long arrayByte = content.getBytes(StandardCharsets.UTF_8).length - bytes(String.join("\n", text.subList(10, text.size())) + "\n");
		long brokenByte = byteOf(content, broken) + broken.indexOf(",,") + 1;

		RowliftRun strict = rowlift(file, "typed", "--rowlift.job.partitions=1"); // one unit: the first bad line fails it
		assertThat(strict.exitCode()).as(strict.toString()).isEqualTo(1);
		assertThat(strict.err()).contains("events.jsonl:11 (byte " + arrayByte + "): the line holds an array, not a JSON object; "
				+ "each line of a JSON Lines file must hold one object ({\"key\": value, ...}): fix or remove the line");
		assertThat(count("SELECT COUNT(*) FROM typed WHERE id > 100000")).isZero();

		target().reset();
		RowliftRun tolerant = rowlift(file, "typed", "--rowlift.job.partitions=2", "--rowlift.job.skip-limit=5");
		assertThat(tolerant.exitCode()).as(tolerant.toString()).isZero();
		assertThat(tolerant.out()).contains("read 43 = written 40 + rejected 3");
		assertThat(stored()).isEqualTo(expected(good));
		assertThat(Files.readString(Path.of(file + ".rejects.csv"), StandardCharsets.UTF_8))
			.isEqualTo(array + "\n" + broken + "\n" + badNumber + "\n");
		String reasons = Files.readString(Path.of(file + ".rejects.csv.reasons.csv"), StandardCharsets.UTF_8);
		assertThat(reasons).contains("11," + arrayByte + ",0,")
			.contains("21," + brokenByte + ",0,\"the line is not one JSON object: Unexpected character (',' (code 44))")
			.contains("31," + (byteOf(content, badNumber) + badNumber.indexOf("\"seven\"")) + ",");
	}

	@Test
	void aKeyNoColumnHasExitsTwoNamingItsLineAndByteUnlessIgnoreUnknownLeavesItOut() throws Exception {
		List<Line> lines = lines(20, 7);
		List<String> text = new ArrayList<>(lines.stream().map(Line::json).toList());
		String colour = "{\"id\": 999, \"flag\": false, \"note\": \"n\", \"colour\": {\"r\": 1}}";
		text.add(5, colour);
		Path file = this.dir.resolve("events.jsonl");
		Files.writeString(file, String.join("\n", text) + "\n", StandardCharsets.UTF_8);
		long at = byteOf(Files.readString(file), colour) + colour.indexOf("\"colour\"");

		RowliftRun refused = rowlift(file, "typed");
		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
		assertThat(refused.err()).contains("events.jsonl:6 (byte " + at + "): key 'colour' names no column of table typed (its columns: "
				+ "id, small, amount, ratio, flag, day, at_time, stamp, payload, label, note); fix the data, add the column with a "
				+ "migration, or set rowlift.source.ignore-unknown=true to leave such keys out");
		assertThat(count("SELECT COUNT(*) FROM typed")).isZero();

		RowliftRun ignoring = rowlift(file, "typed", "--rowlift.source.ignore-unknown=true");
		assertThat(ignoring.exitCode()).as(ignoring.toString()).isZero();
		List<Line> all = new ArrayList<>(lines);
		all.add(new Line(colour, List.of("999", "<null>", "<null>", "<null>", "false", "<null>", "<null>", "n")));
		assertThat(stored()).isEqualTo(expected(all));
	}

	@Test
	void theSpringPipelineCannotReadJsonLinesExitTwoNamesTheFastPipeline() throws Exception {
		Path file = write("typed.jsonl", lines(10, 1));
		RowliftRun run = rowlift(file, "typed", "--rowlift.job.pipeline=spring");
		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err()).contains(file + ": the spring pipeline (set by rowlift.job.pipeline) cannot read jsonl input")
			.contains("load it with the fast pipeline (--rowlift.job.pipeline=fast");
		assertThat(count("SELECT COUNT(*) FROM typed")).isZero();
	}

	@Test
	void aLoadFailedMidUnitResumesWithTheSameCommandToAnExactTable() throws Exception {
		List<Line> lines = lines(4000, 17);
		Path file = write("typed.jsonl", lines);
		long failAt = Files.size(file) / 2 + 1000;
		String[] options = { "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=100" };
		RowliftRun failed = rowlift(file, "typed", concat(options, "--rowlift.test.fail-at-byte=" + failAt));
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		long written = count("SELECT COUNT(*) FROM typed");
		assertThat(written).as("some rows committed, not all").isBetween(1L, 3999L);

		RowliftRun resumed = rowlift(file, "typed", options);
		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("resumed and completed").contains("read 4,000 = written 4,000");
		assertThat(stored()).isEqualTo(expected(lines));
	}

	@Test
	void aLoadKilledInsideAUnitResumesWithTheSameCommandToAnExactTable() throws Exception {
		List<Line> lines = lines(30_000, 23);
		Path file = write("typed.jsonl", lines);
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = new ArrayList<>(target().options());
			command.addAll(List.of("--rowlift.source.path=" + file, "--rowlift.target.table=typed", "--rowlift.job.partitions=3",
					"--rowlift.job.chunk-size=1000"));
			List<String> paused = new ArrayList<>(command);
			paused.add("--rowlift.test.pause-at=load");
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
			while (!first.output().contains("rowlift-test: paused at load")) {
				assertThat(first.waitFor(100)).as(jar.tail(20_000)).isFalse();
				assertThat(System.nanoTime()).as("paused within 3 minutes").isLessThan(deadline);
			}
			first.kill();
			RowliftJar.Attempt again = jar.runHere("the same command after kill -9", command, Duration.ofMinutes(3));
			assertThat(again.exitCode()).as(jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed");
			assertThat(stored()).isEqualTo(expected(lines));
		}
		finally {
			jar.killAll();
		}
	}

	/** Issue #21: {@code .jsonl.gz} and {@code .jsonl.zst} through the decompressing byte source of compressed CSV, one unit. */
	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void aCompressedFileLoadsExactlyAsOneUnitWhateverThePartitionCount(String compression) throws Exception {
		List<Line> lines = lines(3000, 13);
		Path packed = CompressedCsvScenarios.compress(write("typed.jsonl", lines), compression);

		RowliftRun run = rowlift(packed, "typed", "--rowlift.job.partitions=3", "--rowlift.job.chunk-size=200",
				"--rowlift.report.progress=none");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("1 partition (" + compression + "-compressed jsonl input is one stream, read from its start)")
			.contains("read 3,000 = written 3,000");
		assertThat(stored()).isEqualTo(expected(lines));
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void aCompressedFileFailedAtARandomRecordResumesWithTheSameCommandToAnExactTable(String compression) throws Exception {
		long seed = System.nanoTime();
		int failAt = 1 + new Random(seed).nextInt(4000);
		List<Line> lines = lines(4000, seed);
		Path packed = CompressedCsvScenarios.compress(write("typed.jsonl", lines), compression);
		String[] options = { "--rowlift.job.chunk-size=300", "--rowlift.report.progress=none" };

		RowliftRun failed = rowlift(packed, "typed", concat(options, "--rowlift.test.fail-at-record=" + failAt));

		assertThat(failed.exitCode()).as("seed " + seed + ", failed at record " + failAt + ": " + failed).isEqualTo(1);
		assertThat(count("SELECT COUNT(*) FROM typed")).as("committed before record " + failAt).isEqualTo((failAt - 1) / 300 * 300L);

		RowliftRun again = rowlift(packed, "typed", options);

		assertThat(again.exitCode()).as("seed " + seed + ": " + again).isZero();
		assertThat(again.out()).contains("run 1 resumed and completed").contains("read 4,000 = written 4,000");
		assertThat(stored()).as("seed " + seed + ", failed at record " + failAt).isEqualTo(expected(lines));
	}

	@Test
	void aCompressedFileKilledInsideItsUnitResumesWithTheSameCommandToAnExactTable() throws Exception {
		List<Line> lines = lines(30_000, 31);
		Path packed = CompressedCsvScenarios.compress(write("typed.jsonl", lines), "zstd");
		RowliftJar jar = new RowliftJar(Files.createDirectories(this.dir.resolve("work")), this.dir.resolve("rowlift.log"));
		try {
			List<String> command = new ArrayList<>(target().options());
			command.addAll(List.of("--rowlift.source.path=" + packed, "--rowlift.target.table=typed", "--rowlift.job.chunk-size=1000"));
			List<String> paused = new ArrayList<>(command);
			paused.add("--rowlift.test.pause-at=load");
			RowliftJar.Attempt first = jar.start("paused in the load", paused);
			long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
			while (!first.output().contains("rowlift-test: paused at load")) {
				assertThat(first.waitFor(100)).as(jar.tail(20_000)).isFalse();
				assertThat(System.nanoTime()).as("paused within 3 minutes").isLessThan(deadline);
			}
			first.kill();
			RowliftJar.Attempt again = jar.runHere("the same command after kill -9", command, Duration.ofMinutes(3));
			assertThat(again.exitCode()).as(jar.tail(20_000)).isZero();
			assertThat(again.output()).contains("run 1 resumed and completed");
			assertThat(stored()).isEqualTo(expected(lines));
		}
		finally {
			jar.killAll();
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "gzip", "zstd" })
	void aTruncatedCompressedFileIsExit2NamingTheFileAndBothBytesAndNothingIsWritten(String compression) throws Exception {
		Path packed = CompressedCsvScenarios.compress(write("typed.jsonl", lines(5000, 19)), compression);
		byte[] bytes = Files.readAllBytes(packed);
		Files.write(packed, java.util.Arrays.copyOf(bytes, bytes.length / 2));

		RowliftRun run = rowlift(packed, "typed", "--rowlift.report.progress=none");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(2);
		assertThat(run.err() + run.out()).containsPattern(java.util.regex.Pattern.quote(packed + ": the " + compression
				+ " data breaks at compressed byte ") + "\\d+ \\(uncompressed byte \\d+\\): ")
			.contains("the file is truncated or corrupt: check it with '" + (compression.equals("gzip") ? "gzip" : "zstd") + " -t "
					+ packed + "'");
		assertThat(count("SELECT COUNT(*) FROM typed")).isZero();
	}

	/** A line that is not one object in a compressed file: a reject placed by its line and uncompressed byte. */
	@Test
	void aBadLineInACompressedFileIsARejectWithItsLineAndUncompressedByte() throws Exception {
		List<Line> good = lines(30, 3);
		List<String> text = new ArrayList<>(good.stream().map(Line::json).toList());
		String array = "[1, 2]";
		text.add(12, array);
		Path file = this.dir.resolve("events.jsonl");
		Files.writeString(file, String.join("\n", text) + "\n", StandardCharsets.UTF_8);
		long arrayByte = byteOf(Files.readString(file, StandardCharsets.UTF_8), array);
		Path packed = CompressedCsvScenarios.compress(file, "gzip");

		RowliftRun run = rowlift(packed, "typed", "--rowlift.job.skip-limit=1", "--rowlift.report.progress=none");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(stored()).isEqualTo(expected(good));
		assertThat(Files.readString(Path.of(packed + ".rejects.csv"), StandardCharsets.UTF_8)).isEqualTo(array + "\n");
		assertThat(Files.readString(Path.of(packed + ".rejects.csv.reasons.csv"), StandardCharsets.UTF_8))
			.contains("13," + arrayByte + ",0,");
	}

	/**
	 * Issue #34 item 9: a byte that is not UTF-8 is named as the file holds it, at its own byte (Jackson names the
	 * byte after a sequence cut short, past it): a Latin-1 letter, a 3-byte character cut short, a stray
	 * continuation byte; in a gzip file at its uncompressed byte, said so; the advice, converting the file, followed.
	 */
	@Test
	void anUndecodableByteIsNamedAsTheFileHoldsItAtItsOwnByte() throws Exception {
		java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
		content.writeBytes("{\"id\": 1, \"flag\": true, \"note\": \"ok \u00e9\"}\n".getBytes(StandardCharsets.UTF_8));
		content.writeBytes("{\"id\": 2, \"flag\": true, \"note\": \"Andr".getBytes(StandardCharsets.US_ASCII));
		long latin1 = content.size();
		content.writeBytes(new byte[] { (byte) 0xE9, '"', '}', '\n' });
		content.writeBytes("{\"id\": 3, \"flag\": true, \"note\": \"".getBytes(StandardCharsets.US_ASCII));
		long cut = content.size();
		content.writeBytes(new byte[] { (byte) 0xE2, (byte) 0x82, ' ', 'x', '"', '}', '\n' });
		content.writeBytes("{\"id\": 4, \"flag\": true, \"note\": \"x".getBytes(StandardCharsets.US_ASCII));
		long stray = content.size();
		content.writeBytes(new byte[] { (byte) 0x80, '"', '}', '\n' });
		Path file = Files.write(this.dir.resolve("undecodable.jsonl"), content.toByteArray());
		String advice = ", which a JSON Lines file is: convert the file to UTF-8, or fix or remove the line";

		RowliftRun run = rowlift(file, "typed", "--rowlift.job.skip-limit=3");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 4 = written 1 + rejected 3");
		assertThat(Files.readString(Path.of(file + ".rejects.csv.reasons.csv"))).isEqualTo("line,byte,column,reason\n"
				+ "2," + latin1 + ",0,\"byte 0xE9 is not valid UTF-8" + advice + "\"\n"
				+ "3," + cut + ",0,\"bytes 0xE2 0x82 are not valid UTF-8" + advice + "\"\n"
				+ "4," + stray + ",0,\"byte 0x80 is not valid UTF-8" + advice + "\"\n");

		target().reset();
		Path packed = CompressedCsvScenarios.compress(file, "gzip");
		RowliftRun gzip = rowlift(packed, "typed");
		assertThat(gzip.exitCode()).as(gzip.toString()).isEqualTo(1);
		assertThat(gzip.err()).contains(packed + ":2 (uncompressed byte " + latin1 + "): byte 0xE9 is not valid UTF-8" + advice);

		target().reset();
		Path latin = Files.write(this.dir.resolve("latin1.jsonl"),
				"{\"id\": 7, \"flag\": true, \"note\": \"Andr\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1));
		RowliftRun refused = rowlift(latin, "typed");
		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
		assertThat(refused.err()).contains(latin + ":1 (byte 37): byte 0xE9 is not valid UTF-8" + advice);
		Path converted = this.dir.resolve("latin1.utf8.jsonl");
		Process iconv = new ProcessBuilder("bash", "-c", "iconv -f ISO-8859-1 -t UTF-8 " + latin + " > " + converted).start();
		assertThat(iconv.waitFor()).isZero();
		RowliftRun loaded = rowlift(converted, "typed");
		assertThat(loaded.exitCode()).as(loaded.toString()).isZero();
		assertThat(stored()).containsExactly(List.of("7", "<null>", "<null>", "<null>", "true", "<null>", "<null>", "André"));
	}

	/** The rows of typed by id: id, small, amount, ratio, flag, day, label, note; NULL as {@code <null>}. */
	List<List<String>> stored() throws Exception {
		List<List<String>> rows = new ArrayList<>();
		try (Connection c = target().connect(); Statement st = c.createStatement();
				ResultSet rs = st.executeQuery("SELECT id, small, amount, ratio, flag, day, label, note FROM typed ORDER BY id")) {
			while (rs.next()) {
				List<String> row = new ArrayList<>();
				row.add(Long.toString(rs.getLong(1)));
				int small = rs.getInt(2);
				row.add(rs.wasNull() ? "<null>" : Integer.toString(small));
				BigDecimal amount = rs.getBigDecimal(3);
				row.add(amount == null ? "<null>" : amount.setScale(2).toPlainString());
				double ratio = rs.getDouble(4);
				row.add(rs.wasNull() ? "<null>" : Double.toString(ratio));
				row.add(Boolean.toString(rs.getBoolean(5)));
				String day = rs.getString(6);
				row.add(day == null ? "<null>" : day);
				String label = rs.getString(7);
				row.add(label == null ? "<null>" : label);
				row.add(rs.getString(8));
				rows.add(row);
			}
		}
		return rows;
	}

	static List<List<String>> expected(List<Line> lines) {
		List<List<String>> rows = new ArrayList<>(lines.stream().map(Line::row).toList());
		rows.sort((a, b) -> Long.compare(Long.parseLong(a.get(0)), Long.parseLong(b.get(0))));
		return rows;
	}

	Path write(String name, List<Line> lines) throws Exception {
		Path file = this.dir.resolve(name);
		StringBuilder text = new StringBuilder();
		for (Line line : lines) {
			text.append(line.json()).append(line.row().get(0).endsWith("3") ? "\r\n" : "\n");
		}
		Files.writeString(file, text, StandardCharsets.UTF_8);
		return file;
	}

	/**
	 * {@code count} lines for typed, ids shuffled: keys in random order and case, nullable values missing or
	 * null, numbers as JSON writes them, text with escapes, quotes, line breaks and non-ASCII, some notes
	 * nested objects or arrays (stored as their JSON text), a NOT NULL note given as null (stored as '').
	 */
	static List<Line> lines(int count, long seed) {
		Random random = new Random(seed);
		List<Integer> ids = new ArrayList<>();
		for (int i = 1; i <= count; i++) {
			ids.add(i);
		}
		Collections.shuffle(ids, random);
		List<Line> lines = new ArrayList<>();
		for (int id : ids) {
			List<String> pairs = new ArrayList<>();
			String[] row = new String[8];
			row[0] = Integer.toString(id);
			pairs.add(key("id", random) + ": " + id);
			String small = switch (random.nextInt(4)) {
				case 0 -> null;
				case 1 -> "null";
				default -> Integer.toString(random.nextInt(30_000));
			};
			row[1] = small == null || small.equals("null") ? "<null>" : small;
			if (small != null) {
				pairs.add(key("small", random) + ": " + small);
			}
			String amount = switch (random.nextInt(4)) {
				case 0 -> null;
				case 1 -> "-0.5";
				default -> (random.nextInt(2_000_000) - 1_000_000) / 100 + "." + String.format("%02d", random.nextInt(100));
			};
			row[2] = amount == null ? "<null>" : new BigDecimal(amount).setScale(2).toPlainString();
			if (amount != null) {
				pairs.add(key("amount", random) + ": " + amount);
			}
			double ratio = random.nextInt(1000) / 8.0;
			String ratioText = random.nextBoolean() ? Double.toString(ratio) : (ratio * 1000) + "e-3";
			boolean hasRatio = random.nextInt(3) > 0;
			row[3] = hasRatio ? Double.toString(Double.parseDouble(ratioText)) : "<null>";
			if (hasRatio) {
				pairs.add(key("ratio", random) + ": " + ratioText);
			}
			boolean flag = random.nextBoolean();
			row[4] = Boolean.toString(flag);
			pairs.add(key("flag", random) + ": " + flag);
			boolean hasDay = random.nextBoolean();
			String day = String.format("20%02d-%02d-%02d", random.nextInt(30), 1 + random.nextInt(12), 1 + random.nextInt(28));
			row[5] = hasDay ? day : "<null>";
			if (hasDay) {
				pairs.add(key("day", random) + ": \"" + day + "\"");
			}
			boolean hasLabel = id % 4 == 0;
			row[6] = hasLabel ? "L" + id : "<null>";
			if (hasLabel) {
				pairs.add(key("label", random) + ": \"L" + id + "\"");
			}
			else if (random.nextBoolean()) {
				pairs.add(key("label", random) + ": null");
			}
			switch (random.nextInt(6)) {
				case 0 -> {
					String nested = "{\"k\": [1, \"x\\\"y\", {\"z\": null}], \"u\": \"\\u00e9\"}";
					row[7] = nested;
					pairs.add(key("note", random) + ": " + nested);
				}
				case 1 -> {
					row[7] = "[" + id + ",true]";
					pairs.add(key("note", random) + ": [" + id + ",true]");
				}
				case 2 -> {
					row[7] = "";
					pairs.add(key("note", random) + ": " + (random.nextBoolean() ? "null" : "\"\""));
				}
				default -> {
					String note = text(random);
					row[7] = note;
					pairs.add(key("note", random) + ": " + quote(note, random));
				}
			}
			Collections.shuffle(pairs, random);
			lines.add(new Line("{" + String.join(random.nextBoolean() ? ", " : ",", pairs) + "}", List.of(row)));
		}
		return lines;
	}

	private static String key(String name, Random random) {
		return "\"" + (random.nextInt(10) == 0 ? name.toUpperCase(java.util.Locale.ROOT) : name) + "\"";
	}

	private static String text(Random random) {
		String[] pieces = { "a", "b c", "\"", "\\", "\n", "\r\n", "\t", "é", "😀", "中文", ",", "{", "}", "/", "\u0001", " " };
		StringBuilder text = new StringBuilder();
		for (int i = 1 + random.nextInt(8); i > 0; i--) {
			text.append(pieces[random.nextInt(pieces.length)]);
		}
		return text.toString();
	}

	/** {@code text} as a JSON string, non-ASCII written as itself or as {@code \\u} escapes at random. */
	static String quote(String text, Random random) {
		StringBuilder json = new StringBuilder("\"");
		boolean escapeAll = random.nextBoolean();
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			switch (c) {
				case '"' -> json.append("\\\"");
				case '\\' -> json.append("\\\\");
				case '\n' -> json.append("\\n");
				case '\r' -> json.append("\\r");
				case '\t' -> json.append("\\t");
				case '/' -> json.append(random.nextBoolean() ? "\\/" : "/");
				default -> {
					if (c < 0x20 || (c > 0x7e && escapeAll)) {
						json.append(String.format("\\u%04x", (int) c));
					}
					else {
						json.append(c);
					}
				}
			}
		}
		return json.append('"').toString();
	}

	private static long bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8).length;
	}

	private static long byteOf(String content, String line) {
		return bytes(content.substring(0, content.indexOf(line)));
	}

}
