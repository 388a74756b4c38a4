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
	void theSpringPipelineRefusesAFormatThatDoesNotDeclareItWithExit2NamingTheFastPipeline() {
		assertThatThrownBy(() -> InputFormats.checkSpringPipeline(new FastOnly(), "events.jsonl", "spring",
				"a user ItemProcessor bean (MyProcessor) is present"))
			.isInstanceOfSatisfying(RowliftException.class, ex -> assertThat(ex.exitCode()).isEqualTo(2))
			.hasMessage("events.jsonl: the spring pipeline (a user ItemProcessor bean (MyProcessor) is present) cannot read "
					+ "jsonl input: it reads CSV through Spring Batch's FlatFileItemReader only; load it with the fast pipeline "
					+ "(--rowlift.job.pipeline=fast, and no user ItemProcessor or FieldSetMapper bean)");
	}

}
