package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.rowlift.schema.SchemaProperties;

/** {@link IndexDropping}: the request's {@code rowlift.schema.drop-indexes}, carried by each execution to its index-drop step. */
class IndexDroppingTests {

	private static final JobParameters RUN = new JobParametersBuilder().addString(LoadJobNames.LOAD_KEY, "t <- f", true)
		.toJobParameters();

	@Test
	void theIndexDropStepReadsTheRequestsSettingFromItsExecution() {
		JobParameters parameters = IndexDropping.of(new SchemaProperties(false, null)).addTo(RUN);
		assertThat(IndexDropping.of(parameters).dropIndexes()).isFalse();
		assertThat(parameters.getParameter(LoadJobNames.DROP_INDEXES).identifying()).isFalse();
		assertThat(parameters.getString(LoadJobNames.LOAD_KEY)).isEqualTo("t <- f");
	}

	@Test
	void aResumeTakesItsOwnRequestsSettingNotTheEarlierExecutions() {
		JobParameters first = IndexDropping.of(new SchemaProperties(true, null)).addTo(RUN);
		assertThat(IndexDropping.of(new IndexDropping(false).addTo(first)).dropIndexes()).isFalse();
	}

	@Test
	void anExecutionWithoutItDropsAsTheSettingsDefaultDoes() {
		assertThat(IndexDropping.of(RUN).dropIndexes()).isTrue();
	}

}
