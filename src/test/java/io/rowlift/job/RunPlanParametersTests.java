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

/** {@link RunPlanParameters}: a run's job parameters are what identifies it and what a resume may change. */
class RunPlanParametersTests {

	static final Path FILE = Path.of("/data/people.csv");

	static final LoadPlan LOAD = new LoadPlan(FILE, "people.csv",
			CsvInput.of(FILE, "people.csv", new CsvHeader(List.of("id"), 3, 2, 1, CsvFormat.RFC4180, "id\n".getBytes())),
			TableMapping.of(new TableInfo("people", List.of(new TableColumn("id", Types.INTEGER, "INTEGER", 0, 0, false, true))),
					List.of("id"), 1, true, "people.csv"),
			null);

	static final io.rowlift.source.SourceProperties SOURCE = StoredPlanTests.source(",", null, null);

	static final RunPlan PLAN = RunPlan.planned("people <- /data/people.csv", "f1", "2026-01-31T13:45:07Z", LOAD,
			new Sizing(6, "six cores", 4, 500, "set by rowlift.job.chunk-size"),
			new WriteChoice(WriteMethod.valueOf("load-data"), "the fastest"), new KeyOrderChoice(KeyOrder.SORT, "a large file"),
			Path.of("/tmp/rowlift-sort-1"), new PipelineChoice(Pipeline.SPRING, "set by rowlift.job.pipeline"),
			new TargetMode(LoadMode.UPSERT, "people_email"), SOURCE, io.rowlift.database.mapping.ColumnChoices.NONE, LoadSql.NONE);

	/**
	 * The parameters of a new run, by name and identifying flag: only what identifies it (persisted and compared
	 * by the job repository, so they never change: the same command finds the same job instance) and the write
	 * method, which each execution chooses; the rest of the plan is stored with the run.
	 */
	@Test
	void aNewRunsParametersAreItsIdentityAndItsWriteMethodOnly() {
		JobParameters parameters = RunPlanParameters.of(PLAN);

		List<String> written = new ArrayList<>();
		for (JobParameter<?> p : parameters) {
			written.add(p.name() + "=" + p.value() + (p.identifying() ? " (identifying)" : ""));
		}
		assertThat(written).containsExactlyInAnyOrder("load.key=people <- /data/people.csv (identifying)",
				"source.fingerprint=f1 (identifying)", "load.started=2026-01-31T13:45:07Z (identifying)",
				"target.write-method=LOAD_DATA", "target.write-method-reason=the fastest");
		assertThat(RunPlanParameters.loadKey(parameters)).isEqualTo(PLAN.loadKey());
		assertThat(RunPlanParameters.fingerprint(parameters)).isEqualTo(PLAN.fingerprint());
		assertThat(RunPlanParameters.write(parameters)).isEqualTo(PLAN.write());
	}

	/** The job instance of a run the version before wrote is the one this version's parameters of the same plan find. */
	@Test
	void aNewRunIsIdentifiedAsTheVersionBeforeIdentifiedIt() {
		assertThat(RunPlanParameters.of(PLAN).getIdentifyingParameters())
			.isEqualTo(EarlierVersionParameters.of(PLAN).getIdentifyingParameters());
	}

	@Test
	void aResumeKeepsTheRunsIdentityAndTakesThisExecutionsWriteMethod() {
		JobParameters first = RunPlanParameters.of(PLAN);

		JobParameters resumed = RunPlanParameters.resumed(first, new WriteChoice(WriteMethod.INSERT, "server refuses LOCAL"));

		assertThat(resumed.getIdentifyingParameters()).isEqualTo(first.getIdentifyingParameters());
		assertThat(RunPlanParameters.write(resumed)).isEqualTo(new WriteChoice(WriteMethod.INSERT, "server refuses LOCAL"));
		assertThat(resumed.parameters()).hasSize(5);
	}

	/** A run an earlier version started kept its plan among its parameters: its resume keeps only the identity. */
	@Test
	void aResumeOfARunOfAnEarlierVersionLeavesThePlanParametersBehind() {
		JobParameters first = EarlierVersionParameters.of(PLAN);

		JobParameters resumed = RunPlanParameters.resumed(first, new WriteChoice(WriteMethod.INSERT, "server refuses LOCAL"));

		assertThat(resumed.getIdentifyingParameters()).isEqualTo(first.getIdentifyingParameters());
		assertThat(resumed.parameters()).extracting(JobParameter::name)
			.containsExactlyInAnyOrder("load.key", "source.fingerprint", "load.started", "target.write-method",
					"target.write-method-reason");
	}

	/** A run started before there was a write method's choice inserted. */
	@Test
	void aRunStartedBeforeTheWriteMethodsChoiceInserts() {
		JobParameters old = new JobParametersBuilder().addString("load.key", "people <- /data/people.csv", true)
			.toJobParameters();

		assertThat(RunPlanParameters.write(old)).isEqualTo(new WriteChoice(WriteMethod.INSERT, "the only method then"));
	}

}
