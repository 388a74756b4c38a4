package io.rowlift.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.rowlift.testsupport.GenCsv;
import io.rowlift.testsupport.RowliftRun;

/**
 * Spring Batch's upstream exactness bugs (issue #36 item 4), reproduced against both of Rowlift's pipelines: a
 * chunk that does not commit must never be counted as written, its step must not end COMPLETED, and the same
 * command must then resume from the last committed position and load the file exactly.
 * <ul>
 * <li>{@code silent} (spring-batch#5509, "a rolled-back chunk counted as written and the step COMPLETED"): the
 * chunk's transaction is marked rollback-only and nothing is thrown ({@code rowlift.test.roll-back-chunk=silent});
 * Spring Batch 6.0.4 rolls it back without a word, counts its items as written and goes on;</li>
 * <li>{@code commit} (spring-batch#5594, "a step execution not restored after an uncommitted chunk"): the chunk's
 * commit fails ({@code rowlift.test.roll-back-chunk=commit}); Spring Batch 6.0.4 has already added the chunk to
 * the step's write and commit counts, and saves them with the failed step.</li>
 * </ul>
 * What is checked is Rowlift's promise, whichever layer keeps it: the write counts Spring Batch saved in
 * {@code BATCH_STEP_EXECUTION} add up to the rows the table holds after the failed run and to the file's rows after
 * the resume; the failed run exits 1, neither it nor the partition of the chunk is COMPLETED; the resume's
 * accounting line and the table equal the file. Each scenario runs on SQLite and on MariaDB, in the fast and the
 * spring pipeline (docs/spring-batch.md says which Spring Batch versions pass).
 */
abstract class UncommittedChunkScenarios extends ScenarioSupport {

	static final int ROWS = 12_000;

	static final String WORKER_STEPS = "FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE 'loadWorker:%'";

	@ParameterizedTest(name = "{0} pipeline, {1}")
	@CsvSource({ "fast, silent", "fast, commit", "spring, silent", "spring, commit" })
	void aChunkThatDoesNotCommitIsNeverCountedAndTheSameCommandLoadsExactly(String pipeline, String mode) throws Exception {
		Path csv = GenCsv.write(this.dir.resolve("ints.csv"), "ints", ROWS, 53);
		KillAndResumeIntegrationTests.Expected expected = KillAndResumeIntegrationTests.Expected.of(csv);
		String[] options = { "--rowlift.job.pipeline=" + pipeline, "--rowlift.job.partitions=2", "--rowlift.job.chunk-size=1000" };

		RowliftRun failed = rowlift(csv, "ints", concat(options, "--rowlift.test.roll-back-chunk=" + mode));

		long committed = count("SELECT COUNT(*) FROM ints");
		// what the failed run left, for the report (docs/spring-batch.md quotes it per Spring Batch version)
		System.out.println("uncommitted chunk, " + pipeline + ", " + mode + ": exit " + failed.exitCode() + ", rows committed "
				+ committed + ", worker steps " + rows("SELECT STEP_NAME, STATUS, WRITE_COUNT, COMMIT_COUNT, ROLLBACK_COUNT "
						+ WORKER_STEPS + " ORDER BY STEP_NAME"));
		assertThat(failed.exitCode()).as("a run with a chunk that did not commit must fail\n" + failed).isEqualTo(1);
		assertThat(committed).as(failed.toString()).isLessThan(ROWS);
		assertThat(count("SELECT COALESCE(SUM(WRITE_COUNT), 0) " + WORKER_STEPS))
			.as("BATCH_STEP_EXECUTION's write counts after the failed run: the rows committed, not the rolled-back chunk\n" + failed)
			.isEqualTo(committed);
		// FAILED; or, where Spring Batch could not save the step after the failed commit (6.0.4: the step's version had
		// moved on inside the rolled-back transaction), still STARTED in the repository: Rowlift's FailedCommitRecovery
		// resumes both
		assertThat(count("SELECT COUNT(*) " + WORKER_STEPS + " AND STATUS <> 'COMPLETED'")).as(failed.toString()).isPositive();
		assertThat(count("SELECT COUNT(*) FROM BATCH_JOB_EXECUTION WHERE STATUS = 'COMPLETED'")).as(failed.toString()).isZero();

		RowliftRun resumed = rowlift(csv, "ints", options);

		assertThat(resumed.exitCode()).as(resumed.toString()).isZero();
		assertThat(resumed.out()).contains("resumed and completed")
			.contains(String.format(java.util.Locale.ROOT, "read %,d = written %,d + rejected 0", ROWS, ROWS));
		try (var c = target().connect()) {
			assertThat(KillAndResumeIntegrationTests.Expected.read(c)).usingRecursiveComparison().isEqualTo(expected);
		}
		assertThat(count("SELECT SUM(WRITE_COUNT) " + WORKER_STEPS)).as("write counts over both runs").isEqualTo(ROWS);
	}

}
