package io.rowlift.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NextStepTests {

	/** Issue 34 item 11: the count had no separators ({@code 580000 rows}) and one row was {@code 1 rows}. */
	@Test
	void theResumeAdviceCountsTheCommittedRowsWithSeparatorsAndInTheSingularForOne() {
		assertThat(NextStep.resume(580_000))
			.isEqualTo("run the same command again to resume from the last commit (580,000 rows committed so far)");
		assertThat(NextStep.resume(1)).isEqualTo("run the same command again to resume from the last commit (1 row committed so far)");
		assertThat(NextStep.resume(0)).isEqualTo("run the same command again to resume from the last commit (0 rows committed so far)");
	}

}
