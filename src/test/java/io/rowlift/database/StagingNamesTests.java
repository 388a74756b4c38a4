package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StagingNamesTests {

	@Test
	void aShortNameGetsTheSuffix() {
		assertThat(StagingNames.of("people", StagingNames.STAGE, 64)).isEqualTo("people__rowlift_stage");
		assertThat(StagingNames.of("people", StagingNames.OLD, 64)).isEqualTo("people__rowlift_old");
	}

	@Test
	void aNameThatWouldPassTheLimitKeepsItsStartAndGetsADigest() {
		String table = "t".repeat(60);
		String staging = StagingNames.of(table, StagingNames.STAGE, 64);
		assertThat(staging).hasSize(64).startsWith("t".repeat(40) + "_").endsWith(StagingNames.STAGE);
		assertThat(StagingNames.of(table, StagingNames.STAGE, 64)).as("the same in every run").isEqualTo(staging);
		assertThat(StagingNames.of("t".repeat(59) + "u", StagingNames.STAGE, 64)).as("same start, another table")
			.isNotEqualTo(staging)
			.hasSize(64);
	}

	@Test
	void aNameRightAtTheLimitIsKeptWhole() {
		String table = "a".repeat(64 - StagingNames.STAGE.length());
		assertThat(StagingNames.of(table, StagingNames.STAGE, 64)).isEqualTo(table + StagingNames.STAGE).hasSize(64);
		assertThat(StagingNames.of(table + "b", StagingNames.STAGE, 64)).hasSize(64).doesNotStartWith(table + "b");
	}

}
