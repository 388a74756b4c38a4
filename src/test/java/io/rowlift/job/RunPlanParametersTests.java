package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameter;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.database.TableColumn;
import io.rowlift.database.TableInfo;
import io.rowlift.database.mapping.TableMapping;
import io.rowlift.database.LoadMode;
import io.rowlift.database.TargetMode;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.source.csv.CsvFormat;
import io.rowlift.source.csv.CsvHeader;
import io.rowlift.source.csv.CsvInput;
import io.rowlift.sort.KeyOrder;
import io.rowlift.sort.KeyOrderChoice;

class RunPlanParametersTests {

	private static final Path FILE = Path.of("/data/people.csv");

	private static final LoadPlan LOAD = new LoadPlan(FILE, "people.csv",
			CsvInput.of(FILE, "people.csv", new CsvHeader(List.of("id"), 3, 2, 1, CsvFormat.RFC4180, "id\n".getBytes())),
			TableMapping.of(new TableInfo("people", List.of(new TableColumn("id", Types.INTEGER, "INTEGER", 0, 0, false, true))),
					List.of("id"), 1, true, "people.csv"),
			null);

	private static final RunPlan PLAN = new RunPlan("people <- /data/people.csv", "f1", "2026-01-31T13:45:07Z", LOAD,
			new Sizing(6, "six cores", 4, 500, "set by rowlift.job.chunk-size"),
			new WriteChoice(WriteMethod.LOAD_DATA, "the fastest"), new KeyOrderChoice(KeyOrder.SORT, "a large file"),
			Path.of("/tmp/rowlift-sort-1"), new PipelineChoice(Pipeline.SPRING, "set by rowlift.job.pipeline"),
			new TargetMode(LoadMode.UPSERT, "people_email"));

	/** The parameters of a new run, by name and identifying flag: persisted, so they never change. */
	@Test
	void writesEveryValueUnderItsPersistedNameWithItsIdentifyingFlag() {
		JobParameters parameters = RunPlanParameters.of(PLAN);

		List<String> written = new ArrayList<>();
		for (JobParameter<?> p : parameters) {
			written.add(p.name() + "=" + p.value() + (p.identifying() ? " (identifying)" : ""));
		}
		assertThat(written).containsExactlyInAnyOrder("load.key=people <- /data/people.csv (identifying)",
				"source.fingerprint=f1 (identifying)", "load.started=2026-01-31T13:45:07Z (identifying)",
				"source.path=/data/people.csv", "source.display=people.csv", "target.table=people", "job.partitions=6",
				"job.partitions-reason=six cores", "job.threads=4", "job.chunk-size=500",
				"job.chunk-size-reason=set by rowlift.job.chunk-size", "sort.key-order=SORT",
				"sort.key-order-reason=a large file", "sort.dir=/tmp/rowlift-sort-1", "target.write-method=LOAD_DATA",
				"target.write-method-reason=the fastest", "job.pipeline=SPRING",
				"job.pipeline-reason=set by rowlift.job.pipeline", "target.mode=UPSERT", "target.upsert-key=people_email");
	}

	@Test
	void readsBackWhatItWrote() {
		List<String> asked = new ArrayList<>();
		RunPlan read = RunPlanParameters.read(RunPlanParameters.of(PLAN), (key, file, display, table) -> {
			asked.add(key + " | " + file + " | " + display + " | " + table);
			return LOAD;
		});

		assertThat(read).isEqualTo(PLAN);
		assertThat(asked).containsExactly("people <- /data/people.csv | /data/people.csv | people.csv | people");
	}

	@Test
	void aRunWithoutSortedRunsHasNoSortFolder() {
		RunPlan unsorted = new RunPlan(PLAN.loadKey(), PLAN.fingerprint(), PLAN.started(), LOAD, PLAN.sizing(), PLAN.write(),
				new KeyOrderChoice(KeyOrder.FILE, "no key"), null, new PipelineChoice(Pipeline.FAST, "default"), TargetMode.APPEND);

		JobParameters parameters = RunPlanParameters.of(unsorted);

		assertThat(parameters.getString(LoadJobNames.SORT_DIR)).isEmpty();
		assertThat(RunPlanParameters.read(parameters, (k, f, d, t) -> LOAD)).isEqualTo(unsorted);
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

		RunPlan read = RunPlanParameters.read(old, (k, f, d, t) -> LOAD);

		assertThat(read.write()).isEqualTo(new WriteChoice(WriteMethod.INSERT, "the only method then"));
		assertThat(read.keyOrder()).isEqualTo(new KeyOrderChoice(KeyOrder.FILE, "the only order then"));
		assertThat(read.sizing()).isEqualTo(new Sizing(2, "two", 2, 10_000, "default"));
		assertThat(read.pipeline()).isEqualTo(new PipelineChoice(Pipeline.FAST, "the only pipeline then"));
		assertThat(read.sortDir()).isNull();
	}

	@Test
	void aResumeKeepsTheFirstRunsParametersAndTakesThisRunsWriteMethod() {
		JobParameters first = RunPlanParameters.of(PLAN);

		JobParameters resumed = RunPlanParameters.resumed(first, new WriteChoice(WriteMethod.INSERT, "server refuses LOCAL"));

		assertThat(resumed.getIdentifyingParameters()).isEqualTo(first.getIdentifyingParameters());
		RunPlan read = RunPlanParameters.read(resumed, (k, f, d, t) -> LOAD);
		assertThat(read.write()).isEqualTo(new WriteChoice(WriteMethod.INSERT, "server refuses LOCAL"));
		assertThat(read.sizing()).isEqualTo(PLAN.sizing());
		assertThat(read.keyOrder()).isEqualTo(PLAN.keyOrder());
		assertThat(read.pipeline()).isEqualTo(PLAN.pipeline());
	}

	/** A run started before there were modes appends. */
	@Test
	void aRunOfAnEarlierVersionAppends() {
		JobParameters parameters = new JobParametersBuilder(RunPlanParameters.of(PLAN)).toJobParameters();
		JobParametersBuilder earlier = new JobParametersBuilder();
		for (JobParameter<?> p : parameters) {
			if (!p.name().equals(LoadJobNames.MODE) && !p.name().equals(LoadJobNames.UPSERT_KEY)) {
				earlier.addJobParameter(p);
			}
		}

		RunPlan read = RunPlanParameters.read(earlier.toJobParameters(), (k, f, d, t) -> LOAD);

		assertThat(read.target()).isEqualTo(TargetMode.APPEND);
	}

}
