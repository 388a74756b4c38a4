package io.rowlift.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

import io.rowlift.database.TargetProperties;
import io.rowlift.job.JobProperties;
import io.rowlift.report.LoadSummary;
import io.rowlift.report.ReportProperties;
import io.rowlift.schema.SchemaProperties;
import io.rowlift.source.SourceProperties;

/**
 * Tests for {@link LoadResult} and {@link ExitMeaning}: what a caller of the load service gets, and how
 * the command line prints it.
 */
class LoadResultTests {

	private static LoadSummary summary(String status, String failure) {
		return new LoadSummary(7, status, true, "people.csv", "people", "sqlite", 12, 10, 2, 4, Duration.ofMillis(1_234), 2,
				"two cores", 2, 10_000, "INSERT", "INSERT batches", "the default", "FILE", "the file is in key order", 1, 1, List.of(), failure,
				null, "FAST", "default", 0, "append", 0, 0, 0, null, null);
	}

	@Test
	void aRunsStatusAndCountsComeFromItsSummary() {
		LoadResult stopped = LoadResult.of(ExitMeaning.FAILED, summary("STOPPED", null), "run 7 stopped: ...", List.of(),
				List.of("run 7 stopped: ..."));
		assertThat(stopped.status()).isEqualTo(LoadResult.Status.STOPPED);
		assertThat(stopped.stopped()).isTrue();
		assertThat(stopped.exitCode()).isEqualTo(1);
		assertThat(stopped.counts()).isEqualTo(new LoadResult.Counts(12, 10, 4, 2));
		LoadResult unknown = LoadResult.of(ExitMeaning.FAILED, summary("UNKNOWN", "a commit failed"), "x", List.of(), List.of());
		assertThat(unknown.status()).as("UNKNOWN after a failed commit resumes as a failure").isEqualTo(LoadResult.Status.FAILED);
		assertThat(unknown.stopped()).isFalse();
	}

	@Test
	void noJobMeansNoSummaryAndNoCounts() {
		LoadResult refused = LoadResult.of(ExitMeaning.REFUSED, null, "another run is active", List.of(),
				List.of("another run is active"));
		assertThat(refused.status()).isEqualTo(LoadResult.Status.NOT_RUN);
		assertThat(refused.counts()).isEqualTo(LoadResult.Counts.NONE);
		assertThat(refused.exitCode()).isEqualTo(3);
	}

	@Test
	void printsNoticesThenTheSummaryThenProblemsAsTheCommandLineDoes() {
		LoadSummary summary = summary("FAILED", "people.csv:3: bad");
		LoadResult result = LoadResult.of(ExitMeaning.FAILED, summary, "run 7 failed: people.csv:3: bad",
				List.of("cannot write the reject file r.csv: denied; ..."), List.of("run 7 failed: people.csv:3: bad", "fix it"));
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		ByteArrayOutputStream err = new ByteArrayOutputStream();
		result.print(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
		assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(summary.report() + summary.line() + System.lineSeparator());
		assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly(
				"rowlift: cannot write the reject file r.csv: denied; ...", "rowlift: run 7 failed: people.csv:3: bad",
				"rowlift: fix it");
	}

	@Test
	void exitMeaningsAreTheContractsCodes() {
		assertThat(List.of(ExitMeaning.values()).stream().map(ExitMeaning::code)).containsExactly(0, 1, 2, 3);
		assertThat(ExitMeaning.of(2)).isEqualTo(ExitMeaning.BAD_INPUT);
		assertThatThrownBy(() -> ExitMeaning.of(4)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no exit code 4");
	}

	@Test
	void aRequestNamesThePartThatIsMissing() {
		assertThatThrownBy(() -> LoadRequest.builder().build()).isInstanceOf(NullPointerException.class).hasMessage("source");
	}

	@Test
	void aRequestCarriesTheLoadsSchemaSettingsAndNamesThemWhenMissing() {
		Binder binder = new Binder(new MapConfigurationPropertySource(
				Map.of("rowlift.source.path", "people.csv", "rowlift.target.table", "people", "rowlift.schema.drop-indexes", "false")));
		LoadRequest.Builder builder = LoadRequest.builder()
			.source(binder.bindOrCreate("rowlift.source", SourceProperties.class))
			.target(binder.bindOrCreate(TargetProperties.PREFIX, TargetProperties.class))
			.job(binder.bindOrCreate("rowlift.job", JobProperties.class))
			.report(ReportProperties.defaults());
		assertThatThrownBy(builder::build).isInstanceOf(NullPointerException.class).hasMessage("schema");
		builder.schema(binder.bindOrCreate("rowlift.schema", SchemaProperties.class));
		assertThatThrownBy(builder::build).isInstanceOf(NullPointerException.class).hasMessage("sort");
		LoadRequest request = builder.sort(binder.bindOrCreate("rowlift.sort", io.rowlift.sort.SortProperties.class)).build();
		assertThat(request.schema().dropIndexes()).isFalse();
		assertThat(request.toBuilder().build().schema()).isEqualTo(request.schema());
		assertThat(request.toBuilder().build().sort()).isEqualTo(request.sort());
	}

}
