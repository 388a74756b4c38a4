package io.rowlift.infer;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.util.unit.DataSize;

import io.rowlift.source.SourceProperties;
import io.rowlift.testsupport.SourceSettings;

/** Inference over the input seam: every record of every unit seen once, a bad record located as a load locates it. */
class InferenceTests {

	@TempDir
	Path dir;

	@Test
	void readsEveryRecordOfEveryUnitAndLocatesTheFirstBadOneAsALoadWould() throws Exception {
		StringBuilder csv = new StringBuilder("id,name,amount\n");
		for (int i = 1; i <= 200_000; i++) {
			csv.append(i).append(",\"name ").append(i).append(i % 1000 == 0 ? "\nwith a line break" : "").append("\",")
				.append(i % 7).append('.').append(i % 100).append('\n');
		}
		long badOffset = csv.length();
		csv.append("200001,short\n");
		Path file = Files.writeString(this.dir.resolve("people.csv"), csv, StandardCharsets.UTF_8);

		Inference inference = new Inference(InferSource.open(settings(file)), 4, DataSize.ofMegabytes(64).toBytes(), this.dir);
		InferredTable table = inference.run("people");

		assertThat(table.records()).isEqualTo(200_001);
		assertThat(table.badRecords()).isEqualTo(1);
		assertThat(table.firstBad()).isEqualTo(file + ":200202 (byte " + badOffset + "): 2 fields where the header has 3");
		assertThat(table.bytes()).isEqualTo(Files.size(file) - "id,name,amount\n".length());
		assertThat(table.columns()).extracting(InferredColumn::name).containsExactly("id", "name", "amount");
	}

	/** JSON Lines through the same seam: the keys are the columns, numbers and strings typed as in a CSV file. */
	@Test
	void infersJsonLinesByTheirKeys() throws Exception {
		StringBuilder jsonl = new StringBuilder();
		for (int i = 1; i <= 5000; i++) {
			jsonl.append("{\"id\": ").append(i).append(", \"name\": \"n").append(i).append('"')
				.append(i % 2 == 0 ? ", \"score\": " + (i % 50) + ".25" : "").append("}\n");
		}
		Path file = Files.writeString(this.dir.resolve("events.jsonl"), jsonl, StandardCharsets.UTF_8);

		InferredTable table = new Inference(InferSource.open(settings(file)), 2, DataSize.ofMegabytes(64).toBytes(), this.dir)
			.run("events");

		assertThat(table.records()).isEqualTo(5000);
		assertThat(table.badRecords()).isZero();
		assertThat(table.columns()).extracting(InferredColumn::name).containsExactly("id", "name", "score");
		assertThat(table.columns()).extracting(InferredColumn::type).containsExactly(InferredColumn.Type.INTEGER,
				InferredColumn.Type.TEXT, InferredColumn.Type.DECIMAL);
		assertThat(table.columns().get(2).nullable()).as("score is absent from every other line").isTrue();
		assertThat(table.key()).as("id is unique").isZero();
	}

	/** A gzip-compressed file through the same seam: one unit, decompressed as it is read. */
	@Test
	void infersAGzipFileAsItsPlainContent() throws Exception {
		StringBuilder csv = new StringBuilder("id,day\n");
		for (int i = 1; i <= 20_000; i++) {
			csv.append(i).append(",2024-01-").append(String.format("%02d", i % 28 + 1)).append('\n');
		}
		Path file = this.dir.resolve("days.csv.gz");
		try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(file))) {
			out.write(csv.toString().getBytes(StandardCharsets.UTF_8));
		}

		InferredTable table = new Inference(InferSource.open(settings(file)), 2, DataSize.ofMegabytes(64).toBytes(), this.dir)
			.run("days");

		assertThat(table.records()).isEqualTo(20_000);
		assertThat(table.columns()).extracting(InferredColumn::type).containsExactly(InferredColumn.Type.INTEGER,
				InferredColumn.Type.DATE);
		assertThat(table.key()).isZero();
	}

	private static SourceProperties settings(Path file) {
		return SourceSettings.of(file.toString(), "read-buffer", "64KB");
	}

}
