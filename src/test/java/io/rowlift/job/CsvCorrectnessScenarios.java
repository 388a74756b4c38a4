package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.rowlift.testsupport.ReferenceCsv;
import io.rowlift.testsupport.RowliftRun;

/**
 * CSV correctness on a real database: every type, every kind of bad record (its message with file,
 * line, column and byte; with a budget, the reject files and the accounting, also across a resume),
 * quoted line breaks split across partitions, dialect settings, charsets, unique indexes over
 * duplicates and an injection-style header.
 */
abstract class CsvCorrectnessScenarios extends ScenarioSupport {

	static final String TYPED_HEADER = "id,small,amount,ratio,flag,day,at_time,stamp,payload,label,note\n";

	static final String GOOD = "1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,";

	/** Typed rows, their values as the test reads them back. */
	@Test
	void loadsEveryTypeExactly() throws Exception {
		Path csv = write("typed.csv", TYPED_HEADER + "1,7,12.50,0.25,true,2024-01-31,13:45:00,2024-01-31T13:45:00,0xCAFE,alpha,\"first, with comma\"\n"
				+ "2,,-3.10,1e3,N,2024-02-29,00:00:01.5,2024-02-29 23:59:59+02:00,beef,,\"\"\n"
				+ "3,0,0,-0.5,1,1999-12-31,23:59:59,2024-03-01,,ß€😀x,plain\n");

		RowliftRun run = rowlift(csv, "typed");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		List<List<String>> rows = rows("SELECT id, small, amount, ratio, flag, day, CAST(at_time AS CHAR), CAST(stamp AS CHAR), HEX(payload), label, note"
				+ " FROM typed ORDER BY id");
		assertThat(rows).hasSize(3);
		assertThat(column(rows, 0)).containsExactly("1", "2", "3");
		assertThat(column(rows, 1)).containsExactly("7", "<null>", "0");
		assertThat(decimals(column(rows, 2))).containsExactly("12.5", "-3.1", "0");
		assertThat(decimals(column(rows, 3))).containsExactly("0.25", "1000", "-0.5");
		assertThat(column(rows, 4)).containsExactly("1", "0", "1");
		assertThat(column(rows, 5)).containsExactly("2024-01-31", "2024-02-29", "1999-12-31");
		assertThat(trimmedFractions(column(rows, 6))).containsExactly("13:45:00", "00:00:01.5", "23:59:59");
		assertThat(trimmedFractions(column(rows, 7))).containsExactly("2024-01-31 13:45:00", "2024-02-29 21:59:59",
				"2024-03-01 00:00:00");
		assertThat(column(rows, 8)).containsExactly("CAFE", "BEEF", target().id().equals("sqlite") ? "" : "<null>");
		assertThat(column(rows, 9)).containsExactly("alpha", "<null>", "ß€😀x");
		assertThat(column(rows, 10)).containsExactly("first, with comma", "", "plain");
	}

	static Stream<Arguments> badRecords() {
		return Stream.of(Arguments.of("wrong field count", "11,1,1.00\n", 0, "3 fields, but the header has 11"),
				Arguments.of("not an integer", "12,x" + GOOD.substring(1) + "ok12,n\n", 2, "'x' is not an integer, as column small"),
				Arguments.of("too many decimals", "13,1,1.005,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok13,n\n", 3,
						"'1.005' has 3 digits after the point, but column amount DECIMAL"),
				Arguments.of("not a boolean", "14,1,1.00,1,maybe,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok14,n\n", 5,
						"'maybe' is not a boolean, as column flag"),
				Arguments.of("not a date", "15,1,1.00,1,true,2024-02-30,10:00:00,2024-01-01T10:00:00,00,ok15,n\n", 6,
						"'2024-02-30' is not a date in the format ISO-8601"),
				Arguments.of("not a time", "16,1,1.00,1,true,2024-01-01,25:00:00,2024-01-01T10:00:00,00,ok16,n\n", 7,
						"'25:00:00' is not a time in the format ISO-8601"),
				Arguments.of("not a timestamp", "17,1,1.00,1,true,2024-01-01,10:00:00,yesterday,00,ok17,n\n", 8,
						"'yesterday' is not a timestamp in the format ISO-8601"),
				Arguments.of("not hex", "18,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,0g,ok18,n\n", 9,
						"'0g' is not hex bytes"),
				Arguments.of("empty NOT NULL", "20,1,1.00,1,,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok20,n\n", 5,
						"empty value for column flag"),
				Arguments.of("invalid UTF-8", "21,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok21,\u00c3(\n", 11,
						"byte 0xC3 is not valid UTF-8 in the value for column note TEXT ('\\xc3(')"),
				Arguments.of("NUL byte", "22,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok22,a\u0000b\n", 11,
						"a NUL byte at position 2 of the value for column note"),
				Arguments.of("character after closing quote",
						"23,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok23,\"x\"y\n", 11,
						"unexpected character 'y' after the closing quote of field 11"),
				Arguments.of("duplicate key", "10,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok24,n\n", 0,
						"the database refused the row"),
				Arguments.of("CHECK constraint", "25,-1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok25,n\n", 0,
						"the database refused the row"),
				Arguments.of("unclosed quote at the end",
						"28,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok28,\"never closed\n", 11,
						"the quote that opens this field is never closed before the end of the file"));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badRecords")
	void failsOnTheFirstBadRecordNamingFileLineColumnAndByte(String kind, String bad, int column, String problem)
			throws Exception {
		String good = "10,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok10,n\n";
		Path csv = write("bad.csv", TYPED_HEADER + good + bad, StandardCharsets.ISO_8859_1);
		long lineStart = TYPED_HEADER.length() + good.length();
		long offset = column == 0 ? lineStart : lineStart + fieldOffset(bad, column);

		RowliftRun run = rowlift(csv, "typed", "--rowlift.job.chunk-size=1");

		assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
		String where = csv + ":3" + (column == 0 ? "" : ":" + column) + " (byte " + offset + ")";
		if (kind.equals("character after closing quote")) {
			where = csv + ":3:11 (byte " + (lineStart + bad.indexOf('y')) + ")";
		}
		assertThat(run.err()).as(run.toString()).contains("rowlift: run 1 failed: " + where + ": " + problem);
		assertThat(count("SELECT COUNT(*) FROM typed")).isEqualTo(1); // the good row's chunk committed
	}

	@Test
	void failsOnTextLongerThanItsColumn() throws Exception {
		Path csv = write("long.csv", TYPED_HEADER + "1," + GOOD + "eleven-chars,n\n");
		RowliftRun run = rowlift(csv, "typed");
		assertThat(run.exitCode()).isEqualTo(1);
		if (target().id().equals("mysql")) { // Rowlift knows VARCHAR(10)
			assertThat(run.err()).contains(csv + ":2:10 (byte " + (TYPED_HEADER.length() + 2 + GOOD.length())
					+ "): a value of 12 characters for column label VARCHAR, which holds 10 ('eleven-chars'); shorten it, or widen the column");
		}
		else { // SQLite has no lengths: the table's CHECK refuses the row
			assertThat(run.err()).contains(csv + ":2 (byte " + TYPED_HEADER.length() + "): the database refused the row: ")
				.contains("CHECK constraint failed");
		}
	}

	/**
	 * Issue #34 item 5: DECIMAL(10,2) holds 8 digits before the point, on SQLite as on MySQL, with every write
	 * method (a subclass each) and both pipelines: more is a bad record with the same message and reject on
	 * both; 8 fit, whatever the sign, leading zeros (which are no digits) or exponent.
	 */
	@ParameterizedTest(name = "pipeline {0}")
	@org.junit.jupiter.params.provider.ValueSource(strings = { "fast", "spring" })
	void aDecimalWithMoreDigitsBeforeThePointThanTheColumnHoldsIsABadRecordOnEveryDatabase(String pipeline) throws Exception {
		List<String> amounts = List.of("12345678.99", "-12345678", "0001234567.00", "+12345678.5", "1.2345678e7", "0", "1234567890",
				"123456789.12", "-123456789", "1e8", "000000000123456789", "123456789012");
		StringBuilder content = new StringBuilder(TYPED_HEADER);
		List<String> bad = new ArrayList<>();
		StringBuilder reasons = new StringBuilder("line,byte,column,reason\n");
		for (int i = 0; i < amounts.size(); i++) {
			String amount = amounts.get(i);
			String line = (i + 1) + ",1," + amount + ",1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok" + (i + 1) + ",n\n";
			if (i >= 6) {
				bad.add(line);
				int digits = new BigDecimal(amount).abs().toBigInteger().toString().length();
				reasons.append(i + 2).append(',').append(content.length() + fieldOffset(line, 3)).append(",3,\"'").append(amount)
					.append("' has ").append(digits).append(" digits before the point, but column amount DECIMAL holds 8\"\n");
			}
			content.append(line);
		}
		Path csv = write("amounts.csv", content.toString());

		RowliftRun run = rowlift(csv, "typed", "--rowlift.job.skip-limit=10", "--rowlift.job.partitions=1",
				"--rowlift.job.pipeline=" + pipeline);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 12 = written 6 + rejected 6");
		assertThat(decimals(column(rows("SELECT amount FROM typed ORDER BY id"), 0))).containsExactly("12345678.99", "-12345678",
				"1234567", "12345678.5", "12345678", "0");
		assertThat(Files.readString(Path.of(csv + ".rejects.csv"))).isEqualTo(TYPED_HEADER + String.join("", bad));
		assertThat(Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"))).isEqualTo(reasons.toString());
	}

	@Test
	void rejectsBadRecordsWithinTheBudgetAndAccountsForEachOne() throws Exception {
		Path csv = badFile("budget.csv");

		RowliftRun run = rowlift(csv, "typed", "--rowlift.job.skip-limit=100", "--rowlift.job.partitions=3",
				"--rowlift.job.chunk-size=4");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("15 bad records rejected (" + csv + ".rejects.csv")
			.contains("read 17 = written 2 + rejected 15");
		assertThat(column(rows("SELECT id FROM typed ORDER BY id"), 0)).containsExactly("10", "27");
		assertRejectFiles(csv);
	}

	@Test
	void keepsRejectsAndCountsExactAcrossAResume() throws Exception {
		Path csv = badFile("resumed.csv");
		String content = Files.readString(csv, StandardCharsets.ISO_8859_1);
		long failAt = content.indexOf("\n20,") + 1;
		String[] options = { "--rowlift.job.skip-limit=100", "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=2" };

		RowliftRun failed = rowlift(csv, "typed", concat(options, "--rowlift.test.fail-at-byte=" + failAt));
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		RowliftRun resumed = rowlift(csv, "typed", options);

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("resumed and completed").contains("read 17 = written 2 + rejected 15");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_REJECT")).isEqualTo(15);
		assertRejectFiles(csv);
	}

	@Test
	void failsWhenTheBadRecordsExceedTheBudget() throws Exception {
		Path csv = badFile("over.csv");
		RowliftRun run = rowlift(csv, "typed", "--rowlift.job.skip-limit=3");
		assertThat(run.exitCode()).isEqualTo(1);
		assertThat(run.err()).contains("That is bad record number 4, more than rowlift.job.skip-limit=3 allows");
	}

	@Test
	void splitsQuotedLineBreaksExactlyAcrossPartitions() throws Exception {
		for (long seed = 1; seed <= 3; seed++) {
			target().reset();
			StringBuilder sb = new StringBuilder("id,body\n");
			Random random = new Random(seed);
			String[] pieces = { "a", "b,c", "\"", "\n", "\r\n", "é", "𝄞", " ", "中文", ",\n" };
			List<String> bodies = new ArrayList<>();
			for (int id = 0; id < 3000; id++) {
				StringBuilder body = new StringBuilder();
				for (int p = random.nextInt(6); p > 0; p--) {
					body.append(pieces[random.nextInt(pieces.length)]);
				}
				bodies.add(body.toString());
				sb.append(id).append(",\"").append(body.toString().replace("\"", "\"\"")).append("\"\n");
			}
			Path csv = write("newlines-" + seed + ".csv", sb.toString());

			RowliftRun run = rowlift(csv, "texts", "--rowlift.job.partitions=" + (3 + seed * 2), "--rowlift.job.chunk-size=100");

			assertThat(run.exitCode()).as(run.toString()).isZero();
			List<List<String>> rows = rows("SELECT id, body FROM texts ORDER BY id");
			assertThat(rows).hasSize(3000);
			for (int id = 0; id < 3000; id++) {
				assertThat(rows.get(id)).as("row %d of seed %d", id, seed).containsExactly(String.valueOf(id), bodies.get(id));
			}
		}
	}

	@Test
	void readsTheConfiguredDialect() throws Exception {
		String content = "# exported 2026-11-30\rid;body\r1;plain\r2;\\N\r3;semi\\;colon\r# skipped\r4;\"quoted; \\\" escaped\"\r";
		Path csv = write("dialect.csv", content);

		RowliftRun run = rowlift(csv, "texts", "--rowlift.source.delimiter=;", "--rowlift.source.escape=\\",
				"--rowlift.source.null-value=\\N", "--rowlift.source.comment=#", "--rowlift.job.partitions=2");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(rows("SELECT id, body FROM texts ORDER BY id")).containsExactly(List.of("1", "plain"), List.of("2", "<null>"),
				List.of("3", "semi;colon"), List.of("4", "quoted; \" escaped"));
	}

	/**
	 * A Latin-1 file read as UTF-8 fails at its first byte that is not UTF-8, named as the file holds it, on both
	 * pipelines; both ways the message advises are followed as written: the setting, and the conversion.
	 */
	@ParameterizedTest(name = "pipeline {0}")
	@org.junit.jupiter.params.provider.ValueSource(strings = { "fast", "spring" })
	void readsAFileInAnotherCharset(String pipeline) throws Exception {
		Path csv = write("latin1.csv", "id,body\n1,Zürich\n2,Ærø\n", StandardCharsets.ISO_8859_1);

		RowliftRun wrong = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline);
		assertThat(wrong.exitCode()).isEqualTo(1);
		assertThat(wrong.err()).contains(csv + ":2:2 (byte 11): byte 0xFC is not valid UTF-8 " + (pipeline.equals("fast")
				? "in the value for column body TEXT ('Z\\xfcrich')" : "in field 2")
				+ "; convert the file to UTF-8, or set rowlift.source.encoding to the charset it is in");

		execute("DELETE FROM texts");
		RowliftRun right = rowlift(csv, "texts", "--rowlift.source.encoding=ISO-8859-1", "--rowlift.job.start-over=true",
				"--rowlift.job.pipeline=" + pipeline);
		assertThat(right.exitCode()).as(right.toString()).isZero();
		assertThat(rows("SELECT body FROM texts ORDER BY id")).containsExactly(List.of("Zürich"), List.of("Ærø"));

		execute("DELETE FROM texts");
		RowliftRun converted = rowlift(iconv("ISO-8859-1", csv), "texts", "--rowlift.job.pipeline=" + pipeline);
		assertThat(converted.exitCode()).as(converted.toString()).isZero();
		assertThat(rows("SELECT body FROM texts ORDER BY id")).containsExactly(List.of("Zürich"), List.of("Ærø"));
	}

	/**
	 * Issue #34 item 9: a byte that is not UTF-8 is named as the file holds it (not as the replacement character
	 * a decoder makes of it), and placed at its own byte and line, on both pipelines: a Latin-1 letter, a 4-byte
	 * character cut short inside a quoted value on its second line, and a stray continuation byte. In a gzip file
	 * the place is in the decompressed data, and the message says so.
	 */
	@ParameterizedTest(name = "pipeline {0}")
	@org.junit.jupiter.params.provider.ValueSource(strings = { "fast", "spring" })
	void anUndecodableByteIsNamedAsTheFileHoldsItAtItsOwnByte(String pipeline) throws Exception {
		java.io.ByteArrayOutputStream content = new java.io.ByteArrayOutputStream();
		content.writeBytes("id,body\n1,Andr".getBytes(StandardCharsets.US_ASCII));
		long latin1 = content.size();
		content.writeBytes(new byte[] { (byte) 0xE9, '\n' });
		content.writeBytes("2,\"a, b\nc".getBytes(StandardCharsets.US_ASCII));
		long cut = content.size();
		content.writeBytes(new byte[] { (byte) 0xF0, (byte) 0x9F, (byte) 0x98, '"', '\n' });
		content.writeBytes("3,x".getBytes(StandardCharsets.US_ASCII));
		long stray = content.size();
		content.writeBytes(new byte[] { (byte) 0x80, 'y', '\n' });
		content.writeBytes("4,caf\u00e9 \u00fc\n".getBytes(StandardCharsets.UTF_8));
		Path csv = Files.write(this.dir.resolve("undecodable.csv"), content.toByteArray());
		String advice = "; convert the file to UTF-8, or set rowlift.source.encoding to the charset it is in";
		boolean fast = pipeline.equals("fast");

		RowliftRun run = rowlift(csv, "texts", "--rowlift.job.skip-limit=3", "--rowlift.job.partitions=1",
				"--rowlift.job.pipeline=" + pipeline);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 4 = written 1 + rejected 3");
		assertThat(rows("SELECT id, body FROM texts")).containsExactly(List.of("4", "café ü"));
		assertThat(Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"))).isEqualTo("line,byte,column,reason\n"
				+ "2," + latin1 + ",2,\"byte 0xE9 is not valid UTF-8 " + (fast ? "in the value for column body TEXT ('Andr\\xe9')" : "in field 2")
				+ advice + "\"\n"
				+ "4," + cut + ",2,\"bytes 0xF0 0x9F 0x98 are not valid UTF-8 "
				+ (fast ? "in the value for column body TEXT ('a, b\\x0ac\\xf0\\x9f\\x98')" : "in field 2") + advice + "\"\n"
				+ "5," + stray + ",2,\"byte 0x80 is not valid UTF-8 " + (fast ? "in the value for column body TEXT ('x\\x80y')" : "in field 2")
				+ advice + "\"\n");
		execute("DELETE FROM texts");

		RowliftRun failed = rowlift(csv, "texts", "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.partitions=1",
				"--rowlift.job.reload=true");
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).contains(csv + ":2:2 (byte " + latin1 + "): byte 0xE9 is not valid UTF-8 ");

		if (fast) { // the spring pipeline reads no compressed input
			Path packed = CompressedCsvScenarios.compress(csv, "gzip");
			RowliftRun gzip = rowlift(packed, "texts");
			assertThat(gzip.exitCode()).as(gzip.toString()).isEqualTo(1);
			assertThat(gzip.err()).contains(packed + ":2:2 (uncompressed byte " + latin1 + "): byte 0xE9 is not valid UTF-8 ");
			RowliftRun resumed = rowlift(packed, "texts", "--rowlift.job.skip-limit=1");
			assertThat(resumed.exitCode()).as(resumed.toString()).isEqualTo(1);
			assertThat(resumed.err()).contains(packed + ":4:2 (uncompressed byte " + cut
					+ ") in a record that starts at line 3: bytes 0xF0 0x9F 0x98 are not valid UTF-8 ");
		}
	}

	/**
	 * Shift_JIS (like GBK and Big5) puts 0x40-0x7E in the second byte of its characters: 表 is 0x95 0x5C
	 * and ソ 0x83 0x5C (a backslash), 施 0x8E 0x7B, and many end in 0x7C ('|'). With a comma, a double
	 * quote and no escape nothing can be cut, and the file loads exactly, split at every record; with '|'
	 * as delimiter it is refused, and the advice (iconv to UTF-8) is followed literally.
	 */
	@Test
	void readsShiftJisWhereItsBytesCannotBeTakenForTheDialectAndRefusesItWhereTheyCan() throws Exception {
		List<String> bodies = List.of("表示", "ソフト|パイプ", "漢字\\ａｂｃ", "\"引用, 符\"", "能力|予定");
		StringBuilder content = new StringBuilder("id,body\n");
		for (int i = 0; i < bodies.size(); i++) {
			content.append(i + 1).append(',').append(bodies.get(i)).append('\n');
		}
		Path csv = write("sjis.csv", content.toString(), java.nio.charset.Charset.forName("Shift_JIS"));

		RowliftRun run = rowlift(csv, "texts", "--rowlift.source.encoding=Shift_JIS", "--rowlift.job.partitions=4");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(column(rows("SELECT body FROM texts ORDER BY id"), 0)).containsExactly("表示", "ソフト|パイプ", "漢字\\ａｂｃ",
				"引用, 符", "能力|予定");

		String piped = content.toString().replace(',', '|').replace("|パイプ", "/パイプ").replace("|予定", "/予定");
		Path pipes = write("sjis-pipes.csv", piped.replace("\"引用| 符\"", "引用 符"), java.nio.charset.Charset.forName("Shift_JIS"));
		RowliftRun refused = rowlift(pipes, "texts", "--rowlift.source.encoding=Shift_JIS", "--rowlift.source.delimiter=|",
				"--rowlift.job.start-over=true", "--rowlift.target.mode=truncate");
		assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(2);
		assertThat(refused.err()).contains("rowlift.source.encoding is Shift_JIS, whose multi-byte characters can hold the byte of"
				+ " rowlift.source.delimiter '|' (0x7C) after their first byte, so Rowlift, which splits records byte by byte, could"
				+ " cut a record inside a character; convert the file to UTF-8 (iconv -f Shift_JIS -t UTF-8 file.csv > file.utf8.csv)"
				+ " and load that, or write the file with a delimiter that is safe in Shift_JIS (, or ; or \\t) and no escape");
		assertThat(column(rows("SELECT body FROM texts ORDER BY id"), 0)).as("the refused command changed nothing").hasSize(5);

		Path converted = iconv("Shift_JIS", pipes);
		RowliftRun advised = rowlift(converted, "texts", "--rowlift.source.delimiter=|", "--rowlift.job.start-over=true",
				"--rowlift.target.mode=truncate", "--rowlift.job.partitions=4");
		assertThat(advised.exitCode()).as(advised.toString()).isZero();
		// glibc's iconv reads Shift_JIS's 0x5C as the yen sign of JIS X 0201, Java as a backslash (docs/inputs.md)
		assertThat(column(rows("SELECT body FROM texts ORDER BY id"), 0)).containsExactly("表示", "ソフト/パイプ", "漢字¥ａｂｃ",
				"引用 符", "能力/予定");
	}

	/**
	 * Excel's "Unicode Text" export: UTF-16LE with a byte order mark, tab-separated; read as it is (issue #21 item 5),
	 * split in three, the same values as its conversion to UTF-8 gives.
	 */
	@Test
	void readsAUtf16FileByItsByteOrderMarkAsItsConversionToUtf8Reads() throws Exception {
		Path csv = this.dir.resolve("unicode.txt");
		byte[] text = "id\tbody\n1\tZürich\n2\t東京 😀\n3\t\u2C0A,\n".getBytes(StandardCharsets.UTF_16LE);
		byte[] marked = new byte[text.length + 2];
		marked[0] = (byte) 0xFF;
		marked[1] = (byte) 0xFE;
		System.arraycopy(text, 0, marked, 2, text.length);
		Files.write(csv, marked);

		RowliftRun read = rowlift(csv, "texts", "--rowlift.source.delimiter=\\t", "--rowlift.job.partitions=3");

		assertThat(read.exitCode()).as(read.toString()).isZero();
		assertThat(column(rows("SELECT body FROM texts ORDER BY id"), 0)).containsExactly("Zürich", "東京 😀", "\u2C0A,");

		RowliftRun converted = rowlift(iconv("UTF-16", csv), "texts", "--rowlift.source.delimiter=\\t", "--rowlift.target.mode=truncate");
		assertThat(converted.exitCode()).as(converted.toString()).isZero();
		assertThat(column(rows("SELECT body FROM texts ORDER BY id"), 0)).containsExactly("Zürich", "東京 😀", "\u2C0A,");
	}

	/** Runs the advice's {@code iconv -f FROM -t UTF-8 FILE > FILE.utf8.csv} as printed (a shell redirect). */
	Path iconv(String from, Path file) throws Exception {
		Path out = Path.of(file + ".utf8.csv");
		Process iconv = new ProcessBuilder("bash", "-c", "iconv -f " + from + " -t UTF-8 " + file + " > " + out)
			.redirectErrorStream(true).start();
		String output = new String(iconv.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(iconv.waitFor()).as("iconv: " + output).isZero();
		return out;
	}

	@Test
	void saysWhenTheFileLeavesFewerPartitionsThanAskedFor() throws Exception {
		String big = "x".repeat(5000);
		Path csv = write("few.csv", "id,body\n1,\"" + big + "\n" + big + "\"\n2,b\n");

		RowliftRun run = rowlift(csv, "texts", "--rowlift.job.partitions=8");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("8 partitions (set by rowlift.job.partitions; 6 of them got no records: the file holds"
				+ " 2 records, fewer than 8 partitions)");
		assertThat(count("SELECT COUNT(*) FROM texts")).isEqualTo(2);

		// a header only: no records at all, said so (not "records longer than the spacing of the cuts")
		RowliftRun header = rowlift(write("header-only.csv", "id,body\n"), "texts", "--rowlift.job.partitions=4");
		assertThat(header.exitCode()).as(header.toString()).isZero();
		assertThat(header.out()).contains("4 partitions (set by rowlift.job.partitions; 4 of them got no records: the file"
				+ " holds no records, only a header or nothing)").doesNotContain("spacing of the cuts");

		// a record longer than a partition's share of the file, more records than partitions: the middle share is empty
		Path longOnes = write("long.csv", "id,body\n10,\"" + big + big + big + "\"\n11,b\n12,c\n13,d\n14,e\n");
		RowliftRun shares = rowlift(longOnes, "texts", "--rowlift.job.partitions=3");
		assertThat(shares.exitCode()).as(shares.toString()).isZero();
		assertThat(shares.out()).contains("got no records: a partition takes the records that start in its share of the file's"
				+ " bytes, and some records are longer than a share; fewer partitions (rowlift.job.partitions) avoid it");
	}

	@Test
	void failsLoudlyOnAnAccountingMismatch() throws Exception {
		Path csv = write("count.csv", "id,body\n1,a\n2,b\n3,c\n");
		RowliftRun run = rowlift(csv, "texts", "--rowlift.test.miscount=true");
		assertThat(run.exitCode()).isEqualTo(1);
		assertThat(run.err()).contains("accounting mismatch in run 1: partition0 read 3 records but wrote 2 rows and rejected 0");
	}

	@Test
	void treatsAnInjectionStyleHeaderAsAnUnknownColumn() throws Exception {
		Path csv = write("inject.csv", "id,\"a\"\"; DROP TABLE texts; --\"\n1,x\n");
		RowliftRun run = rowlift(csv, "texts");
		assertThat(run.exitCode()).isEqualTo(2);
		assertThat(run.err()).contains("the header names column 'a\"; DROP TABLE texts; --', which table texts does not have");
		assertThat(count("SELECT COUNT(*) FROM texts")).isZero(); // the table is still there
	}

	/**
	 * Issue #20 item 9: a row that repeats a key of a unique index is a reject like any row the database
	 * refuses. Over rowlift.job.skip-limit the index waits (the others are built) and the message says
	 * exactly what to run; the test runs it.
	 */
	@Test
	void aRepeatedKeyOfAUniqueIndexOverTheSkipLimitNamesTheLimitThatMovesItToTheRejects() throws Exception {
		Path csv = write("dupes.csv", TYPED_HEADER + "1," + GOOD + "same,n\n2," + GOOD + "other,n\n3," + GOOD + "same,n\n");

		RowliftRun failed = rowlift(csv, "typed");
		assertThat(failed.exitCode()).as(failed.toString()).isEqualTo(1);
		assertThat(failed.err()).contains("unique index typed_label (label) of typed cannot be rebuilt yet: 1 loaded row(s) repeat "
				+ "one of its keys. Each would be rejected like a row the database refuses, but "
				+ "rowlift.job.skip-limit=0 allows 0 more reject(s) in this load (0 so far): run the same command with "
				+ "--rowlift.job.skip-limit=1 (or more) to move them to the reject file and build the index; nothing was removed")
			.doesNotContain("run the same command again to resume").doesNotContain("rebuild-indexes")
			.contains("rowlift: the load dropped 1 index(es) of typed that are not back yet: typed_label (queries on typed run "
					+ "without them, unique keys go unchecked); the command the message above gives rebuilds them at its end");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isEqualTo(1);

		RowliftRun advised = rowlift(csv, "typed", "--rowlift.job.skip-limit=1");
		assertThat(advised.exitCode()).as(advised.toString()).isZero();
		assertThat(advised.out()).contains("read 3 = written 2 + rejected 1");
		assertThat(target().indexes("typed")).contains("typed_label");
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
		assertThat(rows("SELECT id FROM typed ORDER BY id")).containsExactly(List.of("1"), List.of("2"));
		assertThat(Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"))).contains(
				"4,", "duplicate of line 2 in unique index typed_label (label) = (same)");
	}

	/**
	 * Issue #20 item 9, the mode's rule: upsert matches on the primary key; a row that repeats the key of
	 * the table's other unique index is rejected. SQLite keeps that index in force and refuses the row as it
	 * writes it; MySQL (ON DUPLICATE KEY UPDATE would match on either key) drops it, so rows match on the
	 * primary key alone, and the repeat is rejected when the index is built again.
	 */
	@Test
	void inUpsertARowRepeatingAnotherUniqueKeyIsRefusedAndRejected() throws Exception {
		Path csv = write("upsert-dupes.csv", TYPED_HEADER + "1," + GOOD + "same,n\n2," + GOOD + "other,n\n3," + GOOD + "same,n\n");

		RowliftRun run = rowlift(csv, "typed", "--rowlift.target.mode=upsert", "--rowlift.job.skip-limit=1");

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 3 = written 2 + rejected 1");
		assertThat(rows("SELECT id FROM typed ORDER BY id")).containsExactly(List.of("1"), List.of("2"));
		assertThat(target().indexes("typed")).contains("typed_label");
		assertThat(Files.readString(Path.of(csv + ".rejects.csv.reasons.csv"))).startsWith("line,byte,column,reason\n4,");
	}

	/**
	 * Issue #20 item 9: 1,200 distinct records and 40 copies among them, both pipelines: the copies (every
	 * occurrence after the first in file order) are the rejects, with their lines; the table keeps one row
	 * per key and gets every index back.
	 */
	@ParameterizedTest(name = "pipeline {0}")
	@org.junit.jupiter.params.provider.ValueSource(strings = { "fast", "spring" })
	void rowsRepeatingAKeyOfAUniqueIndexAreRejectedAndTheFirstInFileOrderStays(String pipeline) throws Exception {
		io.rowlift.testsupport.RepeatedKeys file = io.rowlift.testsupport.RepeatedKeys.write(this.dir, 1_200, 40, 11);

		RowliftRun run = rowlift(file.file(), "ints", "--rowlift.job.skip-limit=40", "--rowlift.job.partitions=2",
				"--rowlift.job.chunk-size=100", "--rowlift.job.pipeline=" + pipeline);

		assertThat(run.exitCode()).as(run.toString()).isZero();
		assertThat(run.out()).contains("read 1,240 = written 1,200 + rejected 40");
		assertThat(io.rowlift.testsupport.RepeatedKeys.rejectedLines(Path.of(file.file() + ".rejects.csv")))
			.isEqualTo(file.repeatLines());
		assertThat(count("SELECT COUNT(*) FROM ints")).isEqualTo(1_200);
		assertThat(count("SELECT COUNT(*) FROM (SELECT DISTINCT value_1, value_2 FROM ints) d")).isEqualTo(1_200);
		assertThat(target().indexes("ints")).isEqualTo(CrashScenarios.INTS_INDEXES);
		assertThat(count("SELECT COUNT(*) FROM ROWLIFT_INDEX_LEDGER")).isZero();
	}

	// --- helpers

	/** Two good records and one of every kind of bad record. */
	Path badFile(String name) throws Exception {
		StringBuilder sb = new StringBuilder(TYPED_HEADER);
		sb.append("10,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok10,n\n");
		badRecords().map(a -> (String) a.get()[1])
			.filter(line -> !line.startsWith("28,"))
			.forEach(sb::append);
		sb.append("27,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok27,n\n");
		sb.append("28,1,1.00,1,true,2024-01-01,10:00:00,2024-01-01T10:00:00,00,ok28,\"never closed\n");
		return write(name, sb.toString(), StandardCharsets.ISO_8859_1);
	}

	/**
	 * The reject file is the bad records as they are in the input, after its header; the reasons say
	 * where and why. Of the two records with id 10, the one whose partition commits second is the
	 * duplicate: with partitions loading in parallel either may be, so both outcomes are exact.
	 */
	void assertRejectFiles(Path csv) throws Exception {
		String content = Files.readString(csv, StandardCharsets.ISO_8859_1);
		String[] lines = content.split("\n", -1);
		ByteArrayOutputStream firstKept = new ByteArrayOutputStream();
		ByteArrayOutputStream secondKept = new ByteArrayOutputStream();
		firstKept.write(TYPED_HEADER.getBytes(StandardCharsets.ISO_8859_1));
		secondKept.write(TYPED_HEADER.getBytes(StandardCharsets.ISO_8859_1));
		for (int i = 1; i < lines.length - 1; i++) {
			byte[] line = (lines[i] + "\n").getBytes(StandardCharsets.ISO_8859_1);
			if (lines[i].startsWith("27,")) {
				continue;
			}
			if (i > 1) {
				firstKept.write(line);
			}
			if (!lines[i].contains(",ok24,")) {
				secondKept.write(line);
			}
		}
		Path rejects = Path.of(csv + ".rejects.csv");
		assertThat(Files.readAllBytes(rejects)).isIn(firstKept.toByteArray(), secondKept.toByteArray());
		assertThat(count("SELECT COUNT(*) FROM typed WHERE id = 10")).isEqualTo(1);
		boolean firstWasKept = java.util.Arrays.equals(Files.readAllBytes(rejects), firstKept.toByteArray());
		List<List<String>> reasons = ReferenceCsv.parse(Files.readString(Path.of(rejects + ".reasons.csv")));
		assertThat(reasons).hasSize(16);
		assertThat(reasons.get(0)).containsExactly("line", "byte", "column", "reason");
		int at = firstWasKept ? 1 : 2;
		assertThat(reasons.get(at)).containsExactly("3", String.valueOf(content.indexOf("\n11,") + 1), "0",
				"3 fields, but the header has 11; a field with a delimiter or a line break inside must be quoted");
		assertThat(reasons.get(at + 1).subList(0, 3)).containsExactly("4", String.valueOf(content.indexOf("\n12,") + 4), "2");
		assertThat(reasons.get(at + 1).get(3)).startsWith("'x' is not an integer, as column small");
		assertThat(reasons.get(15).get(3)).startsWith("the quote that opens this field is never closed");
	}

	static long fieldOffset(String line, int column) {
		int at = 0;
		for (int c = 1; c < column; c++) {
			at = line.indexOf(',', at) + 1;
		}
		return at;
	}

	static List<String> column(List<List<String>> rows, int index) {
		return rows.stream().map(r -> r.get(index)).toList();
	}

	/** Numbers as plain strings without trailing zeros: 12.50 and 12.5 are the same decimal. */
	static List<String> decimals(List<String> values) {
		return values.stream().map(v -> new BigDecimal(v).stripTrailingZeros().toPlainString()).toList();
	}

	/** {@code 13:45:00.000000} and {@code 13:45:00} are the same time; so are {@code .500000} and {@code .5}. */
	static List<String> trimmedFractions(List<String> values) {
		return values.stream().map(v -> v.contains(".") ? v.replaceAll("0+$", "").replaceAll("\\.$", "") : v).toList();
	}

	Path write(String name, String content) throws Exception {
		return write(name, content, StandardCharsets.UTF_8);
	}

	Path write(String name, String content, java.nio.charset.Charset charset) throws Exception {
		return Files.write(this.dir.resolve(name), content.getBytes(charset));
	}

}
