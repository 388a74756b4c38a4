package io.rowlift.database;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * How the summary line names each write method's chunks: the words of the dialect's {@link WritePath#summary},
 * the same as the summary printed when it named the methods itself (issue #35: it switched on LOAD_DATA,
 * INSERT_DIRECT and INSERT_SELECT, with INSERT batches for anything else).
 */
class WritePathSummaryTests {

	private final TargetDialect sqlite = TargetDialects.forUrl("jdbc:sqlite:people.db");

	private final TargetDialect mysql = TargetDialects.forUrl("jdbc:mysql://localhost:3306/people");

	@Test
	void eachMethodIsNamedAsTheSummaryNamedIt() {
		assertThat(summary(this.mysql, "load-data")).isEqualTo("LOAD DATA LOCAL streams");
		assertThat(summary(this.sqlite, "insert-direct")).isEqualTo("INSERT batches bound directly");
		assertThat(summary(this.sqlite, "insert-select")).isEqualTo("whole-chunk INSERT ... SELECTs (rowlift_rows)");
		assertThat(summary(this.sqlite, "insert")).isEqualTo("INSERT batches");
		assertThat(summary(this.mysql, "insert")).isEqualTo("INSERT batches");
	}

	/** A stored plan may hold a method the database does not offer (an older Rowlift's): INSERT batches, as before. */
	@Test
	void aMethodTheDatabaseDoesNotOfferIsInsertBatches() {
		assertThat(summary(this.sqlite, "load-data")).isEqualTo("INSERT batches");
		assertThat(summary(this.mysql, "insert-select")).isEqualTo("INSERT batches");
		assertThat(summary(this.mysql, "copy")).isEqualTo("INSERT batches");
	}

	private static String summary(TargetDialect dialect, String method) {
		return dialect.writing().path(WriteMethod.valueOf(method)).summary();
	}

}
