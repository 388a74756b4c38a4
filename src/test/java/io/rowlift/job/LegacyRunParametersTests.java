package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameter;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.mapping.ColumnChoices;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;

/** {@link LegacyRunParameters}: runs of earlier versions, whose job parameters held their plan, still read. */
class LegacyRunParametersTests {

	private static final RunPlan PLAN = RunPlanParametersTests.PLAN;

	private static final LoadPlan LOAD = RunPlanParametersTests.LOAD;

	@Test
	void readsThePlanTheVersionBeforeWrote() {
		List<String> asked = new ArrayList<>();
		RunPlan read = LegacyRunParameters.read(EarlierVersionParameters.of(PLAN), (key, file, display, table) -> {
			asked.add(key + " | " + file + " | " + display + " | " + table);
			return LOAD;
		}, RunPlanParametersTests.SOURCE, ColumnChoices.NONE, LoadSql.NONE);

		assertThat(read).isEqualTo(PLAN);
		assertThat(asked).containsExactly("people <- /data/people.csv | /data/people.csv | people.csv | people");
	}

	@Test
	void outlinesARunTheVersionBeforeStarted() {
		assertThat(LegacyRunParameters.outline(EarlierVersionParameters.of(PLAN))).contains(new RunOutline(PLAN.loadKey(), "f1",
				Path.of("/data/people.csv"), "people.csv", "people", 6, new TargetMode(LoadMode.UPSERT, "people_email"),
				Path.of("/tmp/rowlift-sort-1")));
	}

	@Test
	void aRunWithoutSortedRunsHasNoSortFolder() {
		RunPlan unsorted = RunPlan.planned(PLAN.loadKey(), PLAN.fingerprint(), PLAN.started(), LOAD, PLAN.sizing(), PLAN.write(),
				new KeyOrderChoice(KeyOrder.FILE, "no key"), null, new PipelineChoice(Pipeline.FAST, "default"), TargetMode.APPEND,
				RunPlanParametersTests.SOURCE, ColumnChoices.NONE, LoadSql.NONE);

		JobParameters parameters = EarlierVersionParameters.of(unsorted);

		assertThat(parameters.getString(LoadJobNames.SORT_DIR)).isEmpty();
		assertThat(read(parameters)).isEqualTo(unsorted);
		assertThat(LegacyRunParameters.outline(parameters).orElseThrow().sortDir()).isNull();
	}

	/** A run started by a version before the write method, key order and pipeline were chosen still resumes. */
	@Test
	void readsARunOfAnEarlierVersionWithTheValuesThatVersionUsed() {
		JobParameters old = new JobParametersBuilder().addString("load.key", "people <- /data/people.csv", true)
			.addString("source.fingerprint", "f0", true)
			.addString("load.started", "2025-06-01T00:00:00Z", true)
			.addString("source.path", "/data/people.csv", false)
			.addString("source.display", "people.csv", false)
			.addString("target.table", "people", false)
			.addLong("job.partitions", 2L, false)
			.addString("job.partitions-reason", "two", false)
			.addLong("job.threads", 2L, false)
			.addLong("job.chunk-size", 10_000L, false)
			.toJobParameters();

		RunPlan read = read(old);

		assertThat(read.write()).isEqualTo(new WriteChoice(WriteMethod.INSERT, "the only method then"));
		assertThat(read.keyOrder()).isEqualTo(new KeyOrderChoice(KeyOrder.FILE, "the only order then"));
		assertThat(read.sizing()).isEqualTo(new Sizing(2, "two", 2, 10_000, "default"));
		assertThat(read.pipeline()).isEqualTo(new PipelineChoice(Pipeline.FAST, "the only pipeline then"));
		assertThat(read.sortDir()).isNull();
		assertThat(read.target()).isEqualTo(TargetMode.APPEND);
	}

	/** A run started before there were modes appends. */
	@Test
	void aRunOfAnEarlierVersionAppends() {
		JobParametersBuilder earlier = new JobParametersBuilder();
		for (JobParameter<?> p : EarlierVersionParameters.of(PLAN)) {
			if (!p.name().equals(LoadJobNames.MODE) && !p.name().equals(LoadJobNames.UPSERT_KEY)) {
				earlier.addJobParameter(p);
			}
		}

		assertThat(read(earlier.toJobParameters()).target()).isEqualTo(TargetMode.APPEND);
		assertThat(LegacyRunParameters.outline(earlier.toJobParameters()).orElseThrow().target()).isEqualTo(TargetMode.APPEND);
	}

	/** This version's parameters hold no plan: nothing to outline, and reading one is a bug that says so. */
	@Test
	void thisVersionsParametersHoldNoPlan() {
		JobParameters mine = RunPlanParameters.of(PLAN);

		assertThat(LegacyRunParameters.holdPlan(mine)).isFalse();
		assertThat(LegacyRunParameters.outline(mine)).isEmpty();
		assertThatIllegalStateException().isThrownBy(() -> read(mine))
			.withMessageContaining("hold no source.path");
	}

	/** {@code parameters} read with {@link #LOAD} as the command's file and table part, and its settings. */
	private static RunPlan read(JobParameters parameters) {
		return LegacyRunParameters.read(parameters, (k, f, d, t) -> LOAD, RunPlanParametersTests.SOURCE, ColumnChoices.NONE,
				LoadSql.NONE);
	}

}
