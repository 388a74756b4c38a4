package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.rowlift.database.TargetDialect;
import io.rowlift.database.TargetDialects;
import io.rowlift.database.WriteChoice;
import io.rowlift.database.WriteMethod;
import io.rowlift.database.WritePath;

/** How the summary names a run's writes: as the dialect describes the run's method, or the spring pipeline's INSERT batches. */
class RunSummariesWritePathTests {

	private final TargetDialect mysql = TargetDialects.forUrl("jdbc:mysql://localhost:3306/people");

	@Test
	void theFastPipelineWritesAsTheDialectDescribesTheMethod() {
		WriteMethod offered = this.mysql.writing().methods().get(0);
		assertThat(RunSummaries.writePath(plan(Pipeline.FAST, offered), this.mysql)).isEqualTo(this.mysql.writing().path(offered))
			.isNotEqualTo(WritePath.INSERT_BATCHES);
		assertThat(RunSummaries.writePath(plan(Pipeline.FAST, WriteMethod.INSERT), this.mysql)).isEqualTo(WritePath.INSERT_BATCHES);
	}

	@Test
	void theSpringPipelineWritesInsertBatchesWhateverTheMethod() {
		WriteMethod offered = this.mysql.writing().methods().get(0);
		assertThat(RunSummaries.writePath(plan(Pipeline.SPRING, offered), this.mysql)).isEqualTo(WritePath.INSERT_BATCHES);
	}

	private static RunPlan plan(Pipeline pipeline, WriteMethod method) {
		return new RunPlan(RunPlan.VERSION, "people <- /data/people.csv", null, null, null, null, null, null, null, null,
				new WriteChoice(method, "set"), null, null, new PipelineChoice(pipeline, "set"), null, null, null);
	}

}
