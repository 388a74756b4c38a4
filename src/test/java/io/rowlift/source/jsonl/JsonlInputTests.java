package io.rowlift.source.jsonl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.batch.infrastructure.item.ExecutionContext;

import io.rowlift.model.Checkpoints;
import io.rowlift.model.RawRecord;
import io.rowlift.source.InputSource;
import io.rowlift.source.UnitReader;

class JsonlInputTests {

	@TempDir
	Path dir;

	private InputSource open(String text) throws Exception {
		Path file = this.dir.resolve("events.jsonl");
		Files.writeString(file, text, StandardCharsets.UTF_8);
		return JsonlKeyScanAccess.open(file);
	}

	@Test
	void eachValueBecomesTheFieldTheBindersReadAndAMissingKeyOrNullAnUnquotedEmptyField() throws Exception {
		InputSource input = open("""
				{"id": 1, "name": "Ada \\"A\\" L\\u00f6we\\n\\ud83d\\ude00", "tags": ["a", {"b": null}], "ok": true, "price": 12.50e0}
				{"NAME": "", "Id": -7, "ok": false, "extra": {"x" : 1 }, "price": null}
				""");
		assertThat(input.names()).containsExactly("id", "name", "tags", "ok", "price", "extra");
		List<RawRecord> records = readAll(input, 1);
		assertThat(records).hasSize(2);
		RawRecord first = records.get(0);
		assertThat(first.problem()).isNull();
		assertThat(fields(first)).containsExactly("1", "\"Ada \"A\" Löwe\n😀\"", "\"[\"a\", {\"b\": null}]\"", "true", "12.50e0", "");
		assertThat(first.quoted(0)).isFalse();
		RawRecord second = records.get(1);
		assertThat(fields(second)).containsExactly("-7", "\"\"", "", "false", "", "\"{\"x\" : 1 }\"");
	}

	@Test
	void aLineThatIsNotOneObjectIsARecordWithAProblemAtItsByte() throws Exception {
		String good = "{\"a\": 1}\n";
		InputSource input = open(good + "[1, 2]\n" + "{\"a\": 2,, }\n" + "{\"a\": 3} {\"a\": 4}\n" + "{\"a\": 5, \"A\": 6}\n"
				+ "\n  \n" + "{\"a\": 7\n");
		List<RawRecord> records = readAll(input, 1);
		assertThat(records).hasSize(6);
		assertThat(records.get(0).problem()).isNull();
		assertThat(records.get(1).problem().message()).startsWith("the line holds an array, not a JSON object");
		assertThat(records.get(1).problem().offset()).isEqualTo(good.length());
		var locator = input.locator(input.whole());
		assertThat(locator.at(records.get(1), records.get(1).problem())).isEqualTo("events.jsonl:2 (byte 9)");
		assertThat(records.get(2).problem().message()).startsWith("the line is not one JSON object: Unexpected character (','");
		assertThat(locator.at(records.get(2), records.get(2).problem())).isEqualTo("events.jsonl:3 (byte " + (good.length() + 7 + 8) + ")");
		assertThat(records.get(3).problem().message()).startsWith("a second JSON value follows the object on the same line");
		assertThat(records.get(4).problem().message()).startsWith("key 'A' appears twice in the object");
		assertThat(locator.line(records.get(5))).as("blank lines counted, not read").isEqualTo(8);
		assertThat(records.get(5).problem().message()).contains("end-of-input");
		assertThat(new String(locator.raw(records.get(1)), StandardCharsets.UTF_8)).isEqualTo("[1, 2]\n");
		assertThat(input.names()).as("keys of lines that are not objects are not keys").containsExactly("a");
	}

	@Test
	void theKeysAreFoundOnEveryLineWithWhereEachWasFirstSeen() throws Exception {
		InputSource input = open("{\"a\": 1}\r\n{\"b\": {\"nested\": 1}, \"bad\": }\r\n{\"A\": 2, \"c\": [1]}\r\n");
		assertThat(input.names()).containsExactly("a", "c");
		assertThat(input.nameLocation(1)).isEqualTo("events.jsonl:3 (byte 50)");
		List<RawRecord> records = readAll(input, 1);
		assertThat(fields(records.get(2))).containsExactly("2", "\"[1]\"");
		assertThat(records.get(2).offset()).isEqualTo(41);
		assertThat(input.locator(input.whole()).at(records.get(2), 1)).isEqualTo("events.jsonl:3:2 (byte 55)");
	}

	@Test
	void theRangesMeetAtLineStartsAndCoverEveryLineOnceForAnyNumberOfPartitions() throws Exception {
		StringBuilder text = new StringBuilder("\uFEFF");
		for (int i = 0; i < 200; i++) {
			text.append("{\"id\": ").append(i).append(", \"s\": \"").append("x".repeat(i % 37)).append("\"}\n");
		}
		InputSource input = open(text.toString());
		for (int partitions = 1; partitions <= 9; partitions++) {
			List<RawRecord> all = readAll(input, partitions);
			assertThat(all).hasSize(200);
			for (int i = 0; i < 200; i++) {
				assertThat(all.get(i).text(0)).isEqualTo(Integer.toString(i));
			}
			Map<String, ExecutionContext> units = input.partitioner(Checkpoints.NONE).partition(partitions);
			assertThat(input.coverage(units)).isEmpty();
		}
	}

	@Test
	void aUnitResumedFromWhatItSavedAfterARecordReadsTheRestExactly() throws Exception {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < 50; i++) {
			text.append("{\"id\": ").append(i).append("}\n").append(i % 7 == 0 ? "\n" : "");
		}
		InputSource input = open(text.toString());
		ExecutionContext context = input.partitioner(Checkpoints.NONE).partition(3).get("partition1");
		UnitReader reader = input.reader(1024, 1 << 20);
		reader.open(context);
		List<String> firstRun = new ArrayList<>();
		RawRecord last = null;
		for (int i = 0; i < 5; i++) {
			last = reader.read();
			firstRun.add(last.text(0));
		}
		reader.saveAfter(context, last, 5);
		reader.read(); // parsed ahead, not handed out
		reader.close();
		assertThat(input.progress(context).ended()).isFalse();
		reader = input.reader(1024, 1 << 20);
		reader.open(context);
		assertThat(reader.readAtOpen()).isEqualTo(5);
		List<String> rest = new ArrayList<>();
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			rest.add(r.text(0));
			assertThat(input.locator(context).line(r)).isEqualTo(lineOf(text.toString(), "{\"id\": " + r.text(0) + "}"));
		}
		reader.update(context);
		reader.close();
		assertThat(input.progress(context).ended()).isTrue();
		List<String> unit = new ArrayList<>(firstRun);
		unit.addAll(rest);
		List<String> once = new ArrayList<>();
		UnitReader fresh = input.reader(1024, 1 << 20);
		fresh.open(input.partitioner(Checkpoints.NONE).partition(3).get("partition1"));
		for (RawRecord r = fresh.read(); r != null; r = fresh.read()) {
			once.add(r.text(0));
		}
		fresh.close();
		assertThat(unit).isEqualTo(once);
	}

	/** A gzip file: one unit whatever the partition count, the same records and places as the plain file's, resumed. */
	@Test
	void aCompressedFileIsOneUnitReadAsThePlainFileAndResumedFromWhatItSaved() throws Exception {
		StringBuilder text = new StringBuilder();
		for (int i = 0; i < 300; i++) {
			text.append(i == 150 ? "[\"not an object\"]" : "{\"id\": " + i + ", \"é\": \"" + "ü".repeat(i % 11) + "\"}").append('\n');
		}
		InputSource plain = open(text.toString());
		Path packed = this.dir.resolve("events.jsonl.gz");
		try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(packed))) {
			Files.copy(plain.file(), out);
		}
		InputSource input = new JsonlInputFormat().open(packed, "events.jsonl.gz", io.rowlift.testsupport.SourceSettings.of(packed.toString()));
		assertThat(input.format().description()).isEqualTo("gzip-compressed jsonl");
		assertThat(input.format().capabilities()).isEmpty();
		assertThat(input.names()).isEqualTo(plain.names());
		Map<String, ExecutionContext> units = input.partitioner(Checkpoints.NONE).partition(4);
		assertThat(units).containsOnlyKeys("partition0");
		assertThat(input.coverage(units)).isEmpty();
		List<RawRecord> expected = readAll(plain, 1);
		ExecutionContext context = units.get("partition0");
		UnitReader reader = input.reader(1024, 1 << 20);
		reader.open(context);
		List<RawRecord> read = new ArrayList<>();
		for (int i = 0; i < 100; i++) {
			read.add(reader.read());
		}
		reader.update(context);
		reader.close();
		assertThat(input.progress(context).ended()).isFalse();
		reader = input.reader(1024, 1 << 20);
		reader.open(context);
		for (RawRecord r = reader.read(); r != null; r = reader.read()) {
			read.add(r);
		}
		reader.update(context);
		reader.close();
		assertThat(input.progress(context).ended()).isTrue();
		assertThat(read).hasSameSizeAs(expected);
		for (int i = 0; i < read.size(); i++) {
			assertThat(read.get(i).offset()).isEqualTo(expected.get(i).offset());
			assertThat(fields(read.get(i))).isEqualTo(fields(expected.get(i)));
		}
		RawRecord bad = read.get(150);
		assertThat(input.locator(context).at(bad, bad.problem()))			.isEqualTo(plain.locator(plain.whole()).at(bad, bad.problem()).replace("events.jsonl:", "events.jsonl.gz:")
				.replace(" (byte ", " (uncompressed byte "))
			.startsWith("events.jsonl.gz:151 (uncompressed byte ");
		assertThat(new String(input.locator(context).raw(bad), StandardCharsets.UTF_8)).isEqualTo("[\"not an object\"]\n");
		InputSource again = new JsonlInputFormat().reopen(packed, "events.jsonl.gz", input.state());
		assertThat(again.state()).isEqualTo(input.state()).containsEntry("compression", "gzip");
		assertThat(again.format().description()).isEqualTo("gzip-compressed jsonl");
	}

	@Test
	void theStateReopensTheSameInput() throws Exception {
		InputSource input = open("{\"a\": 1, \"b\": 2}\n");
		InputSource again = new JsonlInputFormat().reopen(input.file(), "events.jsonl", input.state());
		assertThat(again.names()).isEqualTo(input.names());
		assertThat(again.state()).isEqualTo(input.state());
		assertThat(readAll(again, 2)).hasSize(1);
	}

	private static long lineOf(String text, String line) {
		return text.substring(0, text.indexOf(line + "\n")).chars().filter(c -> c == '\n').count() + 1;
	}

	private static List<RawRecord> readAll(InputSource input, int partitions) throws Exception {
		List<RawRecord> records = new ArrayList<>();
		for (ExecutionContext context : input.partitioner(Checkpoints.NONE).partition(partitions).values()) {
			UnitReader reader = input.reader(1024, 1 << 20);
			reader.open(context);
			for (RawRecord r = reader.read(); r != null; r = reader.read()) {
				records.add(r);
			}
			reader.update(context);
			assertThat(input.progress(context).ended()).isTrue();
			reader.close();
		}
		return records;
	}

	/** Fields as text, a quoted one in quotes. */
	private static List<String> fields(RawRecord record) {
		List<String> fields = new ArrayList<>();
		for (int i = 0; i < record.fieldCount(); i++) {
			fields.add(record.quoted(i) ? "\"" + record.text(i) + "\"" : record.text(i));
		}
		return fields;
	}

}
