package io.rowlift.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.rowlift.RowliftException;
import io.rowlift.source.csv.CsvInputFormat;

class InputFormatsTests {

	/** A format that only the fast pipeline reads, as a compressed or JSON Lines input will be. */
	private static final class FastOnly implements InputFormat {

		@Override
		public String name() {
			return "jsonl";
		}

		@Override
		public Set<InputCapability> capabilities() {
			return EnumSet.of(InputCapability.BYTE_RANGES);
		}

		@Override
		public void checkSettings(SourceProperties settings) {
		}

		@Override
		public InputSource open(Path file, String displayName, SourceProperties settings) {
			throw new UnsupportedOperationException("not opened in this test");
		}

		@Override
		public InputSource reopen(Path file, String displayName, java.util.Map<String, ?> state) {
			throw new UnsupportedOperationException("not reopened in this test");
		}

	}

	@Test
	void csvIsTheFormatOfAnyFileAndBothPipelinesReadIt() {
		InputFormat csv = InputFormats.of(Path.of("people.csv"), null);
		assertThat(csv).isInstanceOf(CsvInputFormat.class);
		assertThat(csv.name()).isEqualTo("csv");
		assertThat(csv.capabilities()).containsExactlyInAnyOrder(InputCapability.BYTE_RANGES, InputCapability.SPRING_PIPELINE);
		assertThat(InputFormats.of(Path.of("people.tsv"), null)).isSameAs(csv);
		assertThatCode(() -> InputFormats.checkSpringPipeline(csv, "people.csv", "spring", "set by rowlift.job.pipeline"))
			.doesNotThrowAnyException();
	}

	@Test
	void aCompressedJsonlOrNdjsonFileIsJsonLinesByTheNameUnderItsCompression() {
		for (String name : new String[] { "events.jsonl.gz", "events.JSONL.zst", "events.ndjson.gzip", "events.ndjson.zstd" }) {
			assertThat(InputFormats.of(Path.of(name), null).name()).as(name).isEqualTo("jsonl");
		}
		assertThat(InputFormats.of(Path.of("events.csv.gz"), null).name()).isEqualTo("csv");
	}

	@Test
	void jsonLinesIsTheFormatOfAJsonlOrNdjsonFileAndOfAnyFileThatRowliftSourceFormatSaysIs() {
		InputFormat jsonl = InputFormats.of(Path.of("events.jsonl"), null);
		assertThat(jsonl.name()).isEqualTo("jsonl");
		assertThat(jsonl.capabilities()).containsExactly(InputCapability.BYTE_RANGES);
		assertThat(InputFormats.of(Path.of("EVENTS.NDJSON"), null)).isSameAs(jsonl);
		assertThat(InputFormats.of(Path.of("events.json"), null).name()).isEqualTo("csv");
		assertThat(InputFormats.of(Path.of("events.txt"), settings("jsonl"))).isSameAs(jsonl);
		assertThat(InputFormats.of(Path.of("events.jsonl"), settings("CSV")).name()).isEqualTo("csv");
		assertThat(InputFormats.named("jsonl")).isSameAs(jsonl);
		assertThatThrownBy(() -> InputFormats.of(Path.of("events.jsonl"), settings("json")))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("rowlift.source.format is json; it must be csv or jsonl or documents (or leave it out: the file's name "
					+ "decides, .jsonl and .ndjson are jsonl, a folder or a glob documents, any other csv)");
		assertThatThrownBy(() -> InputFormats.checkSpringPipeline(jsonl, "events.jsonl", "spring", "set by rowlift.job.pipeline"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessageContaining("load it with the fast pipeline");
	}

	private static SourceProperties settings(String format) {
		return format == null ? io.rowlift.testsupport.SourceSettings.of(null)
				: io.rowlift.testsupport.SourceSettings.of(null, "format", format);
	}

	@Test
	void theSpringPipelineRefusesAFormatThatDoesNotDeclareItWithExit2NamingTheFastPipeline() {
		assertThatThrownBy(() -> InputFormats.checkSpringPipeline(new FastOnly(), "events.jsonl", "spring",
				"a user ItemProcessor bean (MyProcessor) is present"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("events.jsonl: the spring pipeline (a user ItemProcessor bean (MyProcessor) is present) cannot read "
					+ "jsonl input: it reads CSV through Spring Batch's FlatFileItemReader only; load it with the fast pipeline "
					+ "(--rowlift.job.pipeline=fast, and no user ItemProcessor or FieldSetMapper bean)");
	}

}
